import { testFamilyOf } from '../metrics/registry.ts'
import type { MetricRow } from '../schemas/results.ts'
import { holm, simes } from '../stats/tests.ts'
import { knownAt } from '../io/known.ts'

export const ALPHA = 0.05

/** One test of the noise note: a primary metric in its sequence, or one of the Holm set (a metric that changed, or a family of tied metrics of which some changed). */
export interface HolmTest {
  family: string
  /** its members that changed on at least one question, in report order */
  metrics: string[]
  /** the member's p, or the Simes combination of the members' */
  p: number
  /** adjusted: Holm's across the Holm set, or for a primary metric the largest p of the sequence up to it */
  p_holm: number
  /** `primary`: tested in gate.primary's fixed sequence; `holm`: shares Holm's correction */
  stage: 'primary' | 'holm'
}

/**
 * The tests of a comparison whose rows annotateNoise has tested, primaries first.
 *
 * gate.primary's metrics are tested in the order given, each at the full alpha a one-metric
 * gate uses, stopping at the first that did not drop significantly: the fixed-sequence
 * procedure (Maurer, Hothorn & Lehmacher 1995; Westfall & Krishen 2001), whose adjusted p of
 * the j-th metric is the largest p of the first j. A primary that did not drop (or did not
 * move) counts as p = 1 there: the sequence tests "did not get worse", and stops.
 *
 * The other metrics share Holm's correction as before: one test per family of tied metrics of
 * which at least one member changed (the Simes combination of those members' p). Latency is
 * never among them: it is gated on its percentiles with a floor in ms (latency.ts).
 *
 * Why the two stages together still false-alarm at most 5%: the gate fails only on drops, and
 * a drop's two-sided p below 0.05 is a one-sided p below 0.025; the sequence and the Holm set
 * each keep their own one-sided 2.5% (each controls its family-wise error), so by Bonferroni
 * over the two stages the whole gate blocks an unchanged system at most 5% of the time (the
 * graphical approach of Bretz et al. 2009 with the alpha split evenly and nothing passed on).
 */
export function holmTests(rows: readonly MetricRow[], primary: readonly string[] = []): HolmTest[] {
  const tested = rows.filter((row): row is TestedRow => row.p !== null && row.flips !== null && row.flips.worse + row.flips.better > 0)
  const primaries = primarySequence(rows, primary)
  const inSequence = new Set(primary)
  const families = new Map<string, TestedRow[]>()
  for (const row of tested) {
    if (inSequence.has(row.metric)) continue
    const family = testFamilyOf(row.metric)
    families.set(family, [...(families.get(family) ?? []), row])
  }
  const tests: HolmTest[] = [...families].map(([family, members]) => ({ family, metrics: members.map((m) => m.metric), p: simes(members.map((m) => m.p)), p_holm: 1, stage: 'holm' }))
  const adjusted = holm(tests.map((t) => t.p))
  tests.forEach((test, i) => (test.p_holm = knownAt(adjusted, i, "a test's adjusted p")))
  return [...primaries, ...tests]
}

/** A row with a p and a flip on some question: what Holm tests. */
type TestedRow = MetricRow & { p: number; flips: NonNullable<MetricRow['flips']> }

/** The primary metrics' fixed sequence, over those the comparison has a tested row for. */
function primarySequence(rows: readonly MetricRow[], primary: readonly string[]): HolmTest[] {
  let largest = 0
  return primary.flatMap((metric): HolmTest[] => {
    const row = rows.find((r) => r.metric === metric)
    // a primary with nothing to test (new in this run) cannot be rejected: the sequence stops there
    if (!row || row.p === null) {
      largest = 1
      return []
    }
    // "did not get worse" is rejected only by a drop: a rise, or no move at all, stops the sequence
    const dropped = row.change !== null && row.change < 0 && row.flips !== null && row.flips.worse + row.flips.better > 0
    largest = Math.max(largest, dropped ? row.p : 1)
    return [{ family: metric, metrics: [metric], p: row.p, p_holm: largest, stage: 'primary' }]
  })
}

/** Each tested row's adjusted p: its family's Holm p (a member is no surer than its family, nor than its own test), or its place in the primary sequence. */
export function assignAdjusted(rows: readonly MetricRow[], tests: readonly HolmTest[]): void {
  for (const test of tests) {
    for (const row of rows) {
      if (!test.metrics.includes(row.metric)) continue
      if (test.stage === 'primary') row.p_holm = test.p_holm
      else if (row.p === null) throw new Error(`metric ${row.metric} is in the Holm family ${test.family} without a p of its own`)
      else row.p_holm = Math.max(test.p_holm, row.p)
    }
  }
}

/** The primary metric whose p (or whose not dropping) stopped the sequence before `metric`; null when the sequence reached it. */
export function sequenceStoppedAt(tests: readonly HolmTest[], metric: string): string | null {
  for (const test of tests) {
    if (test.stage !== 'primary') continue
    if (test.metrics[0] === metric) return null
    if (test.p_holm >= ALPHA) return test.family
  }
  return null
}
