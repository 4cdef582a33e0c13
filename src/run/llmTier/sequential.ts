/**
 * Deciding early (--sequential): the LLM tier judges the eval set's units (questions, or whole
 * conversations) in a seeded random order, and after each one the run asks whether the verdict
 * of gate_mode significant is settled. Each judged metric settles once, and stays settled:
 *
 * - FAIL when its anytime-valid test rejects "no change" in the drop direction (the sign-flip
 *   null: under no change each unit's difference is as likely to have either sign) and its
 *   running mean change is beyond max_drop, as the full run's rule is. The test is a normal-
 *   mixture e-process (stats/confidenceSequence.ts) at ALPHA_EARLY / m (Bonferroni over the m
 *   monitored metrics), so an unchanged system is stopped as failing at most ALPHA_EARLY = 2.5%
 *   of the time; a run that never settles is decided by the full run's own tests, whose drop
 *   side spends the other 2.5%: at most 5% in all.
 * - PASS once the evidence shows that the FULL run cannot fail it. The full run fails a metric
 *   only when its mean change is beyond max_drop AND its paired test rejects no change after
 *   Holm: the test's statistic Σd/√Σd² (the sign-flip test's normal form; McNemar's) must fall
 *   below −z, where z is the two-sided ALPHA point widened by the Holm rank the other families
 *   force on it (monitoredMetrics). Both are facts about this eval set's finite population of
 *   differences, and the judged units are a uniformly random draw from it without replacement:
 *   confidence sequences for sampling without replacement (Waudby-Smith & Ramdas 2020, by
 *   betting; stats/finitePopulation.ts) bound how many unseen units can have dropped (at
 *   ALPHA_DROPS) and the full run's total change (at the rest of ALPHA_PASS). With the unseen
 *   units' squares bounded below by Cauchy–Schwarz over those that can have dropped, the total
 *   the full run needs in order to fail follows from the judged part (unseenTotalToReject); the
 *   metric settles pass when the e-value against "the total is that low" reaches its 1/α, or at
 *   once when nothing the unseen units could bring can make the full run fail it.
 *
 * The run stops at the first metric that settles fail, or once every metric settled pass.
 * A wrong early pass needs the full run to fail some metric j, so some metric i of j's family
 * (j itself, or the member whose p got the family rejected; which one is fixed by the eval set,
 * not by the order) had a p the early pass ruled out, and i's two sequences allow that with
 * probability at most ALPHA_PASS: the early verdict passes a run the full run fails at most
 * ALPHA_PASS = 2.5% of the time, with no split over metrics. That holds up to the normal form of
 * the full run's test (its p is a permutation or McNemar mid-p); no other approximation enters.
 * Conversations come whole, in random order, each one observation, so turns that share noise
 * are one unit, as in the full run's tests.
 */
import type { BaselineView } from '../../baseline/baseline.ts'
import { holmTestsOf } from '../../compare/knownTests.ts'
import { ALPHA } from '../../compare/significance.ts'
import { comparedValue, isJudgedByModel, metricInfo, testFamilyOf, worstCompared, type MetricInfo } from '../../metrics/registry.ts'
import type { EvalRow } from '../../schemas/evalSet.ts'
import type { GateSettings, QuestionResult, RunInfo } from '../../schemas/results.ts'
import { MixtureTest } from '../../stats/confidenceSequence.ts'
import { unseenTotalToReject, WithoutReplacement } from '../../stats/finitePopulation.ts'
import { normalQuantile } from '../../stats/normal.ts'
import { knownAt } from '../../io/known.ts'
import type { TierSchedule } from './llmTier.ts'
import { shuffledUnits } from './units.ts'
import { summarise } from '../pipeline/score.ts'

/** The early stops' share of the gate's one-sided 5%: split over the monitored metrics. */
export const ALPHA_EARLY = 0.025
/** The chance that an early pass passes a run the full run would fail (see the file comment). */
export const ALPHA_PASS = 0.025
/** The part of ALPHA_PASS spent bounding how many unseen units can have a negative total; the rest bounds their total. */
const ALPHA_DROPS = 0.005

/** A metric's prior per-question variance of paired differences when the baseline records none: the fail test's mixture ρ is this many questions' worth. */
const PRIOR_QUESTIONS = 5
const DEFAULT_VARIANCE = { score: 0.05, binary: 0.2 }

/** What --sequential watches of one judged metric: its limit, and the z its full-run test statistic must fall below to fail it. */
export interface WatchedMetric {
  metric: string
  limit: number
  variance: number
  z: number
}

interface Monitored extends WatchedMetric {
  /** its facts: what a value is compared as, and its worst (comparedValue, worstCompared) */
  info: MetricInfo | undefined
  higherIsBetter: boolean
  /** pass/fail scores: every unit's total change is a whole number */
  integral: boolean
  fail: MixtureTest
  /** the eval set's population of unit totals, drawn in the schedule's order; null when a score lies off the scale [0, 1] (nothing bounds the differences then) */
  population: WithoutReplacement | null
  /** the same units as 1 where the total is not negative, 0 where it is: how many negative totals there can be in all */
  holds: WithoutReplacement
  negativesSeen: number
  /** the questions the full run will pair on this metric: those the baseline has a value for, less those judged without one */
  paired: number
  /** the questions not judged yet that the baseline has a value for: no unseen total is larger in size */
  reach: number
  /** the largest log e-value yet against "the full run fails this metric" */
  within: number
  verdict: 'fail' | 'pass' | null
  sums: { count: number; sum: number; squares: number }
}

export type SequentialSummary = Omit<NonNullable<RunInfo['sequential']>, 'calls_saved'>

/** The schedule the LLM tier takes (TierSchedule), and what it settled. */
export class SequentialSchedule implements TierSchedule {
  readonly order: number[]
  readonly completed = new Set<number>()
  private readonly units: number[][]
  private fed = 0
  private readonly monitored: Monitored[]
  private verdict: 'fail' | 'pass' | null = null

  constructor(
    private readonly rows: readonly Pick<EvalRow, 'id' | 'conversation'>[],
    private readonly questions: Readonly<Record<string, QuestionResult>>,
    private readonly baseline: NonNullable<BaselineView['questions']>,
    metrics: readonly WatchedMetric[],
    readonly seed: number,
  ) {
    this.units = shuffledUnits(rows, seed)
    this.order = this.units.flat()
    const alphaFail = ALPHA_EARLY / Math.max(1, metrics.length)
    // a unit's total change over its questions lies within ± its size: scores lie in [0, 1] (a judged value off the scale is an error, run/llmTier.ts)
    const largest = this.units.reduce((most, unit) => Math.max(most, unit.length), 1)
    this.monitored = metrics.map((watched) => {
      const info = metricInfo(watched.metric)
      const values = rows.map((row) => compared(info, baseline[row.id]?.scores[watched.metric])).filter((v) => typeof v === 'number')
      const valued = values.length
      // a baseline value off the scale (a hand-edited file) leaves nothing to bound the differences with: that metric never settles pass
      const bounded = values.every((v) => v >= 0 && v <= 1)
      return {
        ...watched,
        info,
        higherIsBetter: info?.higherIsBetter ?? true,
        integral: info?.binary ?? false,
        fail: new MixtureTest(0, 'below', alphaFail, PRIOR_QUESTIONS * watched.variance),
        population: bounded ? new WithoutReplacement(Math.max(1, this.units.length), -largest, largest, watched.variance * (rows.length / Math.max(1, this.units.length))) : null,
        holds: new WithoutReplacement(Math.max(1, this.units.length), 0, 1, 0.25),
        negativesSeen: 0,
        paired: valued,
        reach: valued,
        within: 0,
        verdict: null,
        sums: { count: 0, sum: 0, squares: 0 },
      }
    })
  }

  /** Feeds every whole unit at the front of the order that is now judged, then says whether the verdict is settled. */
  settled(): boolean {
    if (this.verdict !== null) return true
    let unit = this.units[this.fed]
    while (unit?.every((i) => this.completed.has(i))) {
      this.feed(unit)
      this.fed += 1
      this.verdict = this.decide()
      if (this.verdict !== null) return true
      unit = this.units[this.fed]
    }
    return false
  }

  private feed(unit: readonly number[]): void {
    for (const m of this.monitored) {
      let sum = 0
      let count = 0
      for (const i of unit) {
        const id = knownAt(this.rows, i, 'row of a unit').id
        const before = compared(m.info, this.baseline[id]?.scores[m.metric])
        if (typeof before !== 'number') continue
        m.reach -= 1
        const after = candidateValue(this.questions[id], m.metric, m.info)
        if (typeof after !== 'number') {
          m.paired -= 1
          continue
        }
        sum += m.higherIsBetter ? after - before : before - after
        count += 1
      }
      // baselines keep 12 significant digits: a total that small is no change, as the comparison has it
      if (Math.abs(sum) <= 1e-9) sum = 0
      m.holds.add(sum < 0 ? 0 : 1)
      if (sum < 0) m.negativesSeen += 1
      // every unit is one draw of the population, a unit with no pair a total of 0 (as the full run's sums have it)
      if (m.population && Math.abs(sum) <= m.population.high) m.population.add(sum)
      else m.population = null
      if (count > 0) {
        const change = sum / count
        m.fail.add(change)
        m.sums.count += 1
        m.sums.sum += change
        m.sums.squares += change * change
      }
      if (m.verdict === null) m.verdict = settle(m)
    }
  }

  private decide(): 'fail' | 'pass' | null {
    if (this.monitored.some((m) => m.verdict === 'fail')) return 'fail'
    return this.monitored.length > 0 && this.monitored.every((m) => m.verdict === 'pass') ? 'pass' : null
  }

  summary(): SequentialSummary {
    const alphaFail = ALPHA_EARLY / Math.max(1, this.monitored.length)
    return {
      seed: this.seed,
      questions_judged: this.completed.size,
      questions_total: this.rows.length,
      settled: this.verdict,
      alpha_fail: alphaFail,
      alpha_pass: ALPHA_PASS,
      metrics: this.monitored.map((m) => ({
        metric: m.metric,
        verdict: m.verdict,
        n: m.sums.count,
        mean: m.sums.count > 0 ? m.sums.sum / m.sums.count : null,
        p_drop: m.fail.p,
        p_within: Math.min(1, ALPHA_DROPS + Math.exp(-m.within)),
      })),
    }
  }
}

/** A judged question's value, or for a question the candidate did not answer the worst the metric has, as the comparison reads them (compare/columns.ts). */
function candidateValue(q: QuestionResult | undefined, metric: string, info: MetricInfo | undefined): number | null | undefined {
  if (q?.errors.candidate !== undefined) return info ? worstCompared(info) : 0
  return compared(info, q?.scores[metric])
}

/** A value as the comparison reads it (comparedValue: a target's distance from it); anything but a number as it is. */
function compared<V>(info: MetricInfo | undefined, value: V): V | number {
  return typeof value === 'number' ? comparedValue(info?.direction, value) : value
}

/** A metric's verdict after its latest unit, or null while neither is settled. */
function settle(m: Monitored): 'fail' | 'pass' | null {
  if (m.fail.rejected && m.sums.count > 0 && m.sums.sum / m.sums.count < -m.limit) return 'fail'
  if (!m.population) return null
  const needed = totalToFail(m, m.population)
  m.within = needed === null ? Infinity : Math.max(m.within, m.population.logEvidenceAbove(needed / m.population.population))
  return m.within >= Math.log(1 / (ALPHA_PASS - ALPHA_DROPS)) ? 'pass' : null
}

/**
 * The eval set's total change the full run must fall below to fail the metric: its mean must be
 * beyond max_drop (a total below −limit·paired) AND its test must reject (a total below the
 * judged part's plus unseenTotalToReject's bound); null when the test cannot reject whatever
 * the unseen units bring, or nothing is paired.
 */
function totalToFail(m: Monitored, population: WithoutReplacement): number | null {
  if (m.paired === 0) return null
  const units = population.population - population.seen
  // at most U·(1 − the holds' lower bound) negative totals in all, at level ALPHA_DROPS
  const negativeInAll = Math.floor(population.population * (1 - m.holds.lowerBound(ALPHA_DROPS)) + 1e-9)
  const negative = Math.max(0, Math.min(units, negativeInAll - m.negativesSeen))
  const unseen = { units, negative, below: Math.min(m.reach, negative * population.high), above: Math.min(m.reach, units * population.high) }
  const bound = unseenTotalToReject(population.sum, population.sumOfSquares, unseen, m.z, m.integral)
  return bound === null ? null : Math.min(-m.limit * m.paired, population.sum + bound)
}

/**
 * The judged metrics --sequential watches: those this run plans, the baseline has a value for,
 * and max_drop gates, each with its limit, prior variance, and the z its full-run statistic must
 * fall below for the full run to fail it.
 *
 * Holm's correction is part of that: a family's adjusted p is at least its p times one plus the
 * number of other families whose p is ALPHA or more, and the families of the metrics no judge
 * scores are known before the first judge call (compare/knownTests.ts). So a family whose
 * members are all judged cannot be rejected unless one member's p is below ALPHA/(1 + that
 * number), and each member is watched with that z: the run passes early only once every member
 * settled, and then none of them can fail. A family with a member no judge scores, or a metric
 * in gate.primary (its fixed-sequence p is at least its own), is held to its own p at ALPHA.
 */
export function monitoredMetrics(planned: readonly string[], baseline: BaselineView, gate: GateSettings, questions: Readonly<Record<string, QuestionResult>>): WatchedMetric[] {
  const compared = [...new Set([...planned, ...Object.keys(baseline.metrics)])]
  const judgedFamilies = new Set(compared.filter(isJudgedByModel).map(testFamilyOf))
  const known = planned.filter((m) => !isJudgedByModel(m))
  const tests = holmTestsOf({ metrics: summarise(questions, known), questions }, baseline, gate, known)
  const above = tests.filter((test) => test.p >= ALPHA && !judgedFamilies.has(test.family)).length
  return planned
    .filter((m) => isJudgedByModel(m) && baseline.metrics[m] != null && metricInfo(m)?.gate === 'max_drop')
    .map((metric) => {
      const recorded = baseline.noise?.[metric]
      const variance = recorded !== undefined && recorded > 0 ? recorded ** 2 : metricInfo(metric)?.binary ? DEFAULT_VARIANCE.binary : DEFAULT_VARIANCE.score
      const family = testFamilyOf(metric)
      const allJudged = compared.every((other) => testFamilyOf(other) !== family || isJudgedByModel(other))
      const rank = allJudged && !gate.primary.includes(metric) ? above : 0
      return { metric, limit: gate.max_drop_overrides[metric] ?? gate.max_drop, variance, z: normalQuantile(1 - ALPHA / (2 * (1 + rank))) }
    })
}
