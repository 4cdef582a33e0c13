import type { z } from 'zod'

/** An issue that is a usage error of its own rather than a bad value: parseConfig reports it as this GateError. */
export interface GateIssueParams {
  /** located: the message is prefixed with where the settings came from (`evalgate.yml + flags: ...`) */
  gate: { code: 'usage' | 'bad_config'; hint: string; located?: boolean }
}

/** Adds an issue that parseConfig turns into the GateError it carries. */
export function broken(ctx: z.RefinementCtx, path: string[], message: string, gate: GateIssueParams['gate']): void {
  const params: GateIssueParams = { gate }
  ctx.addIssue({ code: 'custom', path, message, params })
}
