/**
 * Deciding early (--sequential): the LLM tier judges the questions in a seeded random order,
 * and after each one the run asks whether the verdict of gate_mode significant is settled:
 *
 * - a judged metric settles FAIL when its anytime-valid test rejects "no change" in the drop
 *   direction (the sign-flip null: under no change each question's difference is as likely to
 *   have either sign) and its running mean change is beyond max_drop, as the full run's rule is;
 * - it settles PASS when its confidence sequence lies above −max_drop: it did not drop that far;
 * - the run stops at the first metric that settles fail, or once every metric settled pass.
 *
 * The tests are normal-mixture e-processes (stats/confidenceSequence.ts), valid at every look.
 * A false alarm needs one of the m fail tests to cross: each runs at ALPHA_EARLY / m
 * (Bonferroni), so an unchanged system is stopped as failing at most ALPHA_EARLY = 2.5% of the
 * time, and a run that never settles is decided by the full run's own tests, whose drop side
 * spends the other 2.5%: at most 5% in all. A wrong early pass only costs detection (at most
 * ALPHA_PASS per metric that really dropped). Conversations are taken whole, in random order,
 * each one observation (the mean change over its turns), so turns that share noise are one unit.
 */
import type { BaselineView } from '../../baseline/baseline.ts'
import { isJudgedByModel, metricInfo } from '../../metrics/registry.ts'
import type { EvalRow } from '../../schemas/evalSet.ts'
import type { GateSettings, QuestionResult, RunInfo } from '../../schemas/results.ts'
import { mulberry32 } from '../../stats/bootstrap.ts'
import { MixtureTest } from '../../stats/confidenceSequence.ts'
import { knownAt } from '../../io/known.ts'
import type { TierSchedule } from './llmTier.ts'

/** The early stops' share of the gate's one-sided 5%: split over the monitored metrics. */
export const ALPHA_EARLY = 0.025
/** Each metric's chance of settling pass though it dropped beyond max_drop. */
export const ALPHA_PASS = 0.025

/** A metric's prior per-question variance of paired differences when the baseline records none: the mixture's ρ is this many questions' worth. */
const PRIOR_QUESTIONS = 5
const DEFAULT_VARIANCE = { score: 0.05, binary: 0.2 }

interface Monitored {
  metric: string
  limit: number
  higherIsBetter: boolean
  fail: MixtureTest
  pass: MixtureTest
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
    metrics: readonly { metric: string; limit: number; variance: number }[],
    readonly seed: number,
  ) {
    this.units = shuffledUnits(rows, seed)
    this.order = this.units.flat()
    const alphaFail = ALPHA_EARLY / Math.max(1, metrics.length)
    this.monitored = metrics.map(({ metric, limit, variance }) => {
      const rho = PRIOR_QUESTIONS * variance
      return {
        metric,
        limit,
        higherIsBetter: metricInfo(metric)?.higherIsBetter ?? true,
        fail: new MixtureTest(0, 'below', alphaFail, rho),
        pass: new MixtureTest(-limit, 'above', ALPHA_PASS, rho),
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
        const after = this.questions[id]?.scores[m.metric]
        const before = this.baseline[id]?.scores[m.metric]
        if (typeof after !== 'number' || typeof before !== 'number') continue
        sum += m.higherIsBetter ? after - before : before - after
        count += 1
      }
      if (count === 0) continue
      const change = sum / count
      m.fail.add(change)
      m.pass.add(change)
      m.sums.count += 1
      m.sums.sum += change
      m.sums.squares += change * change
    }
  }

  private decide(): 'fail' | 'pass' | null {
    if (this.monitored.some((m) => metricVerdict(m) === 'fail')) return 'fail'
    return this.monitored.length > 0 && this.monitored.every((m) => metricVerdict(m) === 'pass') ? 'pass' : null
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
        verdict: metricVerdict(m),
        n: m.sums.count,
        mean: m.sums.count > 0 ? m.sums.sum / m.sums.count : null,
        p_drop: m.fail.p,
        p_within: m.pass.p,
      })),
    }
  }
}

function metricVerdict(m: Monitored): 'fail' | 'pass' | null {
  if (m.fail.rejected && m.sums.count > 0 && m.sums.sum / m.sums.count < -m.limit) return 'fail'
  return m.pass.rejected ? 'pass' : null
}

/** The rows as units (a conversation's turns together, in turn order; every other question alone), the units in a seeded random order. */
function shuffledUnits(rows: readonly Pick<EvalRow, 'id' | 'conversation'>[], seed: number): number[][] {
  // a conversation's turns, each with its row's index, sorted by turn once all are in
  const byConversation = new Map<string, { index: number; turn: number }[]>()
  // a question outside a conversation is its row's index
  const units: (number | { index: number; turn: number }[])[] = []
  rows.forEach((row, index) => {
    const conversation = row.conversation
    if (conversation === undefined) return units.push(index)
    const turn = { index, turn: conversation.turn }
    const unit = byConversation.get(conversation.id)
    if (unit) return unit.push(turn)
    const fresh = [turn]
    byConversation.set(conversation.id, fresh)
    units.push(fresh)
  })
  for (const unit of byConversation.values()) unit.sort((a, b) => a.turn - b.turn)
  const random = mulberry32(seed)
  for (let i = units.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    const picked = knownAt(units, j, 'unit')
    units[j] = knownAt(units, i, 'unit')
    units[i] = picked
  }
  return units.map((unit) => (typeof unit === 'number' ? [unit] : unit.map((t) => t.index)))
}

/** The judged metrics --sequential watches: those this run plans, the baseline has a value for, and max_drop gates, each with its limit and prior variance. */
export function monitoredMetrics(planned: readonly string[], baseline: BaselineView, gate: GateSettings): { metric: string; limit: number; variance: number }[] {
  return planned
    .filter((m) => isJudgedByModel(m) && baseline.metrics[m] != null && metricInfo(m)?.gate === 'max_drop')
    .map((metric) => {
      const recorded = baseline.noise?.[metric]
      const variance = recorded !== undefined && recorded > 0 ? recorded ** 2 : metricInfo(metric)?.binary ? DEFAULT_VARIANCE.binary : DEFAULT_VARIANCE.score
      return { metric, limit: gate.max_drop_overrides[metric] ?? gate.max_drop, variance }
    })
}
