/** A per-question metric value: a number, or null with the reason there is none. Never NaN. */
export interface Score {
  value: number | null
  reason?: string
}

export const score = (value: number): Score => ({ value })
export const noScore = (reason: string): Score => ({ value: null, reason })
export const passFail = (passed: boolean, reasonIfFailed?: string): Score => (passed || reasonIfFailed === undefined ? { value: passed ? 1 : 0 } : { value: 0, reason: reasonIfFailed })
