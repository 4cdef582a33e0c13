/** The exit codes of the CLI (the Action's check status follows the same verdicts). */
export const EXIT = { pass: 0, fail: 1, usage: 2 } as const
