/**
 * Arithmetic shared by every RAG-metric provider (lexical now, an LLM judge later): the
 * provider decides the verdicts, these functions turn verdicts into scores.
 */
import { noScore, score, type Score } from './score.ts'

/**
 * context_precision is average precision over the per-chunk usefulness verdicts in rank
 * order, Σ precision@i · v_i / Σ v_i, and 0 when no chunk is useful. Not "useful / all":
 * a useful chunk ranked first scores higher than the same chunk ranked last.
 *   [1,0,1] → 0.8333   [0,1,1] → 0.5833   [1,1,0] → 1.0
 */
export function averagePrecision(useful: readonly boolean[]): number {
  let hits = 0
  let sum = 0
  useful.forEach((v, i) => {
    if (!v) return
    hits += 1
    sum += hits / (i + 1)
  })
  return hits === 0 ? 0 : sum / hits
}

export type ClaimVerdict = 'supported' | 'contradicted' | 'not_mentioned'

/**
 * faithfulness = supported / all claims; hallucination_rate = 1 − faithfulness on the same
 * claims; contradicted = 1 when any claim is contradicted. No claims → null, never 0 or 1.
 */
export function faithfulnessOf(verdicts: readonly ClaimVerdict[]): Score {
  return verdicts.length === 0 ? noClaim() : score(supportedShare(verdicts))
}

export function hallucinationRateOf(verdicts: readonly ClaimVerdict[]): Score {
  return verdicts.length === 0 ? noClaim() : score(1 - supportedShare(verdicts))
}

export function contradictedOf(verdicts: readonly ClaimVerdict[]): Score {
  return verdicts.length === 0 ? noClaim() : score(verdicts.includes('contradicted') ? 1 : 0)
}

function supportedShare(verdicts: readonly ClaimVerdict[]): number {
  return verdicts.filter((v) => v === 'supported').length / verdicts.length
}

function noClaim(): Score {
  return noScore('the answer makes no factual claim')
}

/** Share of reference statements judged attributable (context_recall) or covered (completeness). */
export function shareCovered(covered: readonly boolean[], what: string): Score {
  if (covered.length === 0) return noScore(`no ${what} to check`)
  return score(covered.filter(Boolean).length / covered.length)
}
