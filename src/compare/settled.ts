import type { MetricRow, RunInfo } from '../schemas/results.ts'

/**
 * A --sequential run that stopped because a judged metric's confidence sequence settled FAIL
 * (run/llmTier/sequential.ts): that metric is a regression, decided by its anytime-valid test, whatever
 * the fixed-n test over the questions judged so far would say after Holm's correction (the
 * early stop already spent its own share of the false-alarm budget). Metrics that settled pass,
 * or were not settled, keep the status the comparison gave them.
 */
export function applySettled(rows: MetricRow[], sequential: RunInfo['sequential']): void {
  if (!sequential) return
  const failed = new Set(sequential.metrics.filter((m) => m.verdict === 'fail').map((m) => m.metric))
  for (const row of rows) {
    if (!failed.has(row.metric) || row.baseline === null || row.candidate === null) continue
    row.status = 'regression'
    row.noise_reason = null
  }
}
