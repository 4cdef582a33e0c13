/** Where the pipeline reports progress and warnings: stderr in the CLI, the Actions log in the Action. */
export interface Logger {
  info(message: string): void
  warn(message: string): void
}
