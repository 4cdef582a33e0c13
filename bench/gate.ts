/**
 * npm run bench:gate: how often each gate mode blocks a change that changed nothing (false
 * alarms) and how often it catches a real drop (detection), on simulated pairs of runs of
 * n = 50 questions, max_drop 0.02. Each question has its own score distribution; a baseline
 * and a candidate run draw every question independently. Two models:
 *
 *   rubric (the judge's 0-4 rubric, /4): question i has a true quality q_i ~ U(0.35, 0.95); a
 *   run scores it round-to-a-quarter(clamp(q_i + N(0, 0.12))), the judge's own noise. A true
 *   drop lowers every q_i by the amount that lowers the expected mean by exactly 0.15.
 *
 *   pass/fail: 60% of questions stable passes (0.95), 20% stable failures (0.05), 20% flaky
 *   (0.5). A true drop breaks stable passes (0.95 → 0.05), enough to lower the expected pass
 *   rate by 0.15 (8.33 questions on average).
 *
 * 1,000 pairs of each kind per model; everything is seeded, so the figures repeat.
 */
import type { BaselineView } from '../src/baseline/baseline.ts'
import { compare } from '../src/compare/compare.ts'
import type { RunUnderTest } from '../src/compare/columns.ts'
import { DEFAULT_GATE } from '../src/schemas/gate.ts'
import type { GateSettings, QuestionResult } from '../src/schemas/results.ts'
import { mulberry32 } from '../src/stats/bootstrap.ts'

const N = Number(process.env.BENCH_GATE_QUESTIONS ?? 50)
const PAIRS = Number(process.env.BENCH_GATE_PAIRS ?? 1000)
const DROP = 0.15
const random = mulberry32(20261129)

function gaussian(): number {
  // Box-Muller on the seeded generator
  const u = 1 - random()
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random())
}

interface Model {
  name: string
  metric: string
  /** one run's scores for every question, for a candidate that dropped (or not) */
  draw(dropped: boolean): number[]
}

function rubricModel(): Model {
  const quality = Array.from({ length: N }, () => 0.35 + 0.6 * random())
  const score = (q: number) => Math.round(Math.min(1, Math.max(0, q + 0.12 * gaussian())) * 4) / 4
  // the shift of every q_i that lowers the expected mean score by exactly DROP (quarter rounding and
  // clamping make it a little more than DROP): found once by bisection on a large seeded sample
  const expectedMean = (shift: number) => {
    const local = mulberry32(7)
    let sum = 0
    const draws = 400
    for (let k = 0; k < draws; k++) {
      for (const q of quality) {
        const u = 1 - local()
        const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * local())
        sum += Math.round(Math.min(1, Math.max(0, q - shift + 0.12 * z)) * 4) / 4
      }
    }
    return sum / (draws * quality.length)
  }
  const base = expectedMean(0)
  let lo = 0
  let hi = 0.5
  for (let i = 0; i < 30; i++) {
    const mid = (lo + hi) / 2
    if (base - expectedMean(mid) < DROP) lo = mid
    else hi = mid
  }
  const shift = (lo + hi) / 2
  return { name: 'rubric (accuracy_norm)', metric: 'accuracy_norm', draw: (dropped) => quality.map((q) => score(dropped ? q - shift : q)) }
}

function passFailModel(): Model {
  const kinds = Array.from({ length: N }, (_, i) => (i < N * 0.6 ? 0.95 : i < N * 0.8 ? 0.05 : 0.5))
  const stablePass = kinds.map((p, i) => (p === 0.95 ? i : -1)).filter((i) => i >= 0)
  const dropped = () => {
    const broken = (DROP * N) / (0.95 - 0.05)
    const count = Math.floor(broken) + (random() < broken - Math.floor(broken) ? 1 : 0)
    const pool = [...stablePass]
    const chosen = new Set<number>()
    while (chosen.size < count && pool.length > 0) chosen.add(pool.splice(Math.floor(random() * pool.length), 1)[0]!)
    return kinds.map((p, i) => (chosen.has(i) ? 0.05 : p))
  }
  return { name: 'pass/fail (rules_pass)', metric: 'rules_pass', draw: (isDropped) => (isDropped ? dropped() : kinds).map((p) => (random() < p ? 1 : 0)) }
}

function run(metric: string, values: readonly number[]): RunUnderTest {
  const questions: Record<string, QuestionResult> = {}
  values.forEach((v, i) => {
    questions[`q${i}`] = { question: '', category: 'c', difficulty: null, should_refuse: false, answer: '', scores: { [metric]: v }, notes: {}, errors: {} }
  })
  const mean = values.reduce((a, b) => a + b, 0) / values.length
  return {
    eval_set_version: 'sim',
    eval_set_fingerprint: 'sha256:sim',
    judge: { provider: 'none', model: null, embeddings_model: null, definitions_hash: 'none' },
    metrics: { [metric]: { mean, n: values.length, nan: 0, errors: 0 } },
    questions,
  }
}

function baselineOf(r: RunUnderTest): BaselineView {
  return {
    path: null,
    kind: 'evalgate',
    version: 'base',
    eval_set_version: r.eval_set_version,
    eval_set_fingerprint: r.eval_set_fingerprint,
    judge: r.judge,
    metrics: Object.fromEntries(Object.entries(r.metrics).map(([m, v]) => [m, v.mean])),
    questions: Object.fromEntries(Object.entries(r.questions).map(([id, q]) => [id, { category: q.category, scores: q.scores }])),
    settings: {},
  }
}

const gate: GateSettings = { ...DEFAULT_GATE, max_drop: 0.02 }
const started = performance.now()
const rate = (k: number) => `${((k / PAIRS) * 100).toFixed(1)}%`.padStart(6)
console.log(`evalgate bench:gate: per model ${PAIRS} pairs of runs with no change and ${PAIRS} with a true drop of ${DROP}; n = ${N}, max_drop ${gate.max_drop}\n`)
console.log('model                    gate mode     false alarms (no change)   detection (drop 0.15)')
const summary: string[] = []
for (const model of [rubricModel(), passFailModel()]) {
  const tally = { null: { strict: 0, significant: 0 }, drop: { strict: 0, significant: 0 } }
  for (let i = 0; i < PAIRS; i++) {
    for (const kind of ['null', 'drop'] as const) {
      const base = run(model.metric, model.draw(false))
      const cand = run(model.metric, model.draw(kind === 'drop'))
      const modes = compare(cand, baselineOf(base), gate, '').verdicts_by_mode!
      if (modes.strict === 'fail') tally[kind].strict += 1
      if (modes.significant === 'fail') tally[kind].significant += 1
    }
  }
  console.log(`${model.name.padEnd(24)} strict        ${rate(tally.null.strict)}                     ${rate(tally.drop.strict)}`)
  console.log(`${''.padEnd(24)} significant   ${rate(tally.null.significant)}                     ${rate(tally.drop.significant)}`)
  summary.push(
    `${model.name}: significant false alarms ${rate(tally.null.significant).trim()} (target ≤ 5%: ${tally.null.significant / PAIRS <= 0.05 ? 'met' : 'missed'}), detection ${rate(tally.drop.significant).trim()} (target ≥ 80%: ${tally.drop.significant / PAIRS >= 0.8 ? 'met' : 'missed'})`,
  )
}
console.log(`\n${summary.join('\n')}`)
console.log(`${(4 * PAIRS).toLocaleString('en')} comparisons, each with a 2,000-resample paired bootstrap, in ${((performance.now() - started) / 1000).toFixed(1)} s`)
