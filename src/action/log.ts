import * as core from '@actions/core'
import { registerSecret } from '../text/redact.ts'
import { terminalSafe } from '../text/visible.ts'

/**
 * The Action's log, annotations and failed-check message: the only way the Action writes to
 * the runner. Each message is redacted and shown safe (text/visible.ts) before @actions/core
 * sees it, so neither a secret nor a workflow command (`::stop-commands::`) nor an escape
 * sequence from a question or an error reaches the log.
 */
export const log = {
  info: (message: string): void => core.info(terminalSafe(message)),
  debug: (message: string): void => core.debug(terminalSafe(message)),
  warning: (message: string, properties?: core.AnnotationProperties): void => core.warning(terminalSafe(message), safeProperties(properties)),
  error: (message: string, properties?: core.AnnotationProperties): void => core.error(terminalSafe(message), safeProperties(properties)),
  setFailed: (message: string): void => core.setFailed(terminalSafe(message)),
}

/**
 * A secret for both maskers: the runner's (which hides it in the log) and evalgate's own
 * redactor (which hides it in the PR comment, the job summary and every file, where the
 * runner's mask does not reach).
 */
export function maskSecret(value: string | undefined): void {
  if (!value) return
  core.setSecret(value)
  registerSecret(value)
}

function safeProperties(properties: core.AnnotationProperties | undefined): core.AnnotationProperties | undefined {
  return properties?.title === undefined ? properties : { ...properties, title: terminalSafe(properties.title) }
}
