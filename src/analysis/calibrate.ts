import { agreementWithin, cohenKappa, exactAgreement, fisherZInterval, pabak, pearson, quadraticWeightedKappa, spearman } from '../stats/agreement.ts'
import { knownKey } from '../io/known.ts'

export interface CalibrationInput {
  /** id → score (0-4) of each human annotator (one or two) */
  humans: Map<string, number>[]
  /** id → judge score (0-4) */
  judge: Map<string, number>
  /** id → the judge's reason, when the judge file carries one */
  reasons: Map<string, string>
}

export interface Disagreement {
  id: string
  human: number
  judge: number
  difference: number
  reason: string | null
}

export interface CalibrationReport {
  n: number
  spearman: number | null
  spearman_ci: { low: number; high: number } | null
  pearson: number | null
  qwk: number | null
  kappa: number | null
  agreement_within_1: number | null
  exact_agreement: number | null
  pabak: number | null
  /** with two annotators: how much they agree with each other (the ceiling for the judge) */
  inter_annotator: { n: number; qwk: number | null; spearman: number | null } | null
  disagreements: Disagreement[]
  missing: { only_human: number; only_judge: number }
  warnings: string[]
}

/**
 * Judge against human scores on the 0-4 scale: rank correlation (with its Fisher-z interval),
 * weighted and unweighted kappa over the full scale, agreement and PABAK, and the largest
 * disagreements to read by hand. With two annotators the human score is their mean.
 */
export function calibrate(input: CalibrationInput): CalibrationReport {
  const ids = [...input.judge.keys()].filter((id) => input.humans.every((h) => h.has(id))).sort()
  // the ids every human scored, of those the judge scored
  const scored = ids.map((id) => ({
    id,
    human: input.humans.reduce((sum, h) => sum + knownKey(h, id, 'human score of question'), 0) / input.humans.length,
    judge: knownKey(input.judge, id, 'judge score of question'),
  }))
  const human = scored.map((s) => s.human)
  const judge = scored.map((s) => s.judge)
  // kappa and agreement count labels: a mean of two annotators (or of judge repeats) is rounded to the scale
  const rounded = human.map((h) => Math.round(h))
  const judgeLabels = judge.map((j) => Math.round(j))
  const rho = spearman(human, judge)
  const warnings: string[] = []
  if (ids.length < 30) warnings.push(`n = ${ids.length} is below 30: the correlations' intervals are too wide to tell a good judge from a poor one`)
  if (rho !== null && rho > 0.9)
    warnings.push(`Spearman ${rho.toFixed(3)} is above 0.9: suspiciously high; check whether the set is too easy or the annotators saw the judge's scores first (anchoring)`)
  const humanIds = new Set(input.humans.flatMap((h) => [...h.keys()]))
  let interAnnotator: CalibrationReport['inter_annotator'] = null
  const [one, two, ...more] = input.humans
  if (one && two && more.length === 0) {
    const both = [...one.keys()].filter((id) => two.has(id))
    const a = both.map((id) => knownKey(one, id, 'human score of question'))
    const b = both.map((id) => knownKey(two, id, 'human score of question'))
    interAnnotator = { n: both.length, qwk: quadraticWeightedKappa(a, b), spearman: spearman(a, b) }
  }
  const disagreements = scored
    .map(({ id, human, judge }) => ({ id, human, judge, difference: Math.abs(human - judge), reason: input.reasons.get(id) ?? null }))
    .filter((d) => d.difference > 0)
    .sort((x, y) => y.difference - x.difference || x.id.localeCompare(y.id))
    .slice(0, 3)
  return {
    n: ids.length,
    spearman: rho,
    spearman_ci: rho === null ? null : fisherZInterval(rho, ids.length),
    pearson: pearson(human, judge),
    qwk: ids.length ? quadraticWeightedKappa(rounded, judgeLabels) : null,
    kappa: ids.length ? cohenKappa(rounded, judgeLabels, [0, 1, 2, 3, 4]) : null,
    agreement_within_1: agreementWithin(human, judge, 1),
    exact_agreement: exactAgreement(rounded, judgeLabels),
    pabak: pabak(rounded, judgeLabels, 5),
    inter_annotator: interAnnotator,
    disagreements,
    missing: { only_human: [...humanIds].filter((id) => !input.judge.has(id)).length, only_judge: [...input.judge.keys()].filter((id) => !humanIds.has(id)).length },
    warnings,
  }
}
