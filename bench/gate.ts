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
 * 1,000 pairs of each kind per model; then, per model, the smallest n at which `significant`
 * detects the drop in 80% of the pairs (and its false alarms there). Everything is seeded, so
 * the figures repeat.
 */
import type { BaselineView } from '../src/baseline/baseline.ts'
import { compare } from '../src/compare/compare.ts'
import type { RunUnderTest } from '../src/compare/columns.ts'
import { DEFAULT_GATE } from '../src/schemas/gate.ts'
import type { GateSettings, QuestionResult } from '../src/schemas/results.ts'
import { mulberry32 } from '../src/stats/bootstrap.ts'

const N = Number(process.env.BENCH_GATE_QUESTIONS ?? 50)
const PAIRS = Number(process.env.BENCH_GATE_PAIRS ?? 1000)
/** pairs per n when looking for the n at which detection reaches 80% */
const SEARCH_PAIRS = Number(process.env.BENCH_GATE_SEARCH_PAIRS ?? 400)
const SEARCH_NS = [10, 15, 20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 120, 140, 160, 200, 250, 300]
const DROP = 0.15

type Random = () => number

function gaussian(random: Random): number {
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

function rubricModel(n: number, random: Random): Model {
  const quality = Array.from({ length: n }, () => 0.35 + 0.6 * random())
  const score = (q: number) => Math.round(Math.min(1, Math.max(0, q + 0.12 * gaussian(random))) * 4) / 4
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

function passFailModel(n: number, random: Random): Model {
  const kinds = Array.from({ length: n }, (_, i) => (i < n * 0.6 ? 0.95 : i < n * 0.8 ? 0.05 : 0.5))
  const stablePass = kinds.map((p, i) => (p === 0.95 ? i : -1)).filter((i) => i >= 0)
  const dropped = () => {
    const broken = (DROP * n) / (0.95 - 0.05)
    const count = Math.floor(broken) + (random() < broken - Math.floor(broken) ? 1 : 0)
    const pool = [...stablePass]
    const chosen = new Set<number>()
    while (chosen.size < count && pool.length > 0) chosen.add(pool.splice(Math.floor(random() * pool.length), 1)[0]!)
    return kinds.map((p, i) => (chosen.has(i) ? 0.05 : p))
  }
  return { name: 'pass/fail (rules_pass)', metric: 'rules_pass', draw: (isDropped) => (isDropped ? dropped() : kinds).map((p) => (random() < p ? 1 : 0)) }
}

const MODELS = [rubricModel, passFailModel]

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

/** How many of `pairs` pairs of runs each gate mode fails, with no change and with a true drop. */
function tally(model: Model, pairs: number, kinds: readonly ('null' | 'drop')[]) {
  const counts = { null: { strict: 0, significant: 0 }, drop: { strict: 0, significant: 0 } }
  for (let i = 0; i < pairs; i++) {
    for (const kind of kinds) {
      const base = run(model.metric, model.draw(false))
      const cand = run(model.metric, model.draw(kind === 'drop'))
      const modes = compare(cand, baselineOf(base), gate, '').verdicts_by_mode!
      if (modes.strict === 'fail') counts[kind].strict += 1
      if (modes.significant === 'fail') counts[kind].significant += 1
    }
  }
  return counts
}

const started = performance.now()
let comparisons = 0
const share = (k: number, of: number) => `${((k / of) * 100).toFixed(1)}%`.padStart(6)
console.log(`evalgate bench:gate: per model ${PAIRS} pairs of runs with no change and ${PAIRS} with a true drop of ${DROP}; n = ${N}, max_drop ${gate.max_drop}\n`)
console.log('model                    gate mode     false alarms (no change)   detection (drop 0.15)')
const summary: string[] = []
// one seeded stream for the table, drawn in the same order as always, so the figures repeat
const random = mulberry32(20261129)
for (const makeModel of MODELS) {
  const model = makeModel(N, random)
  const counts = tally(model, PAIRS, ['null', 'drop'])
  comparisons += 4 * PAIRS
  console.log(`${model.name.padEnd(24)} strict        ${share(counts.null.strict, PAIRS)}                     ${share(counts.drop.strict, PAIRS)}`)
  console.log(`${''.padEnd(24)} significant   ${share(counts.null.significant, PAIRS)}                     ${share(counts.drop.significant, PAIRS)}`)
  summary.push(
    `${model.name}: significant false alarms ${share(counts.null.significant, PAIRS).trim()} (target ≤ 5%: ${counts.null.significant / PAIRS <= 0.05 ? 'met' : 'missed'}), detection ${share(counts.drop.significant, PAIRS).trim()} (target ≥ 80%: ${counts.drop.significant / PAIRS >= 0.8 ? 'met' : 'missed'})`,
  )
}
console.log(`\n${summary.join('\n')}`)

// The smallest n (of SEARCH_NS) at which `significant` catches the drop in 80% of SEARCH_PAIRS pairs,
// with its false alarms at that n; each n draws its own model and pairs from its own seed.
console.log(`\nn at which gate_mode significant detects the drop of ${DROP} 80% of the time (${SEARCH_PAIRS} pairs per n):`)
for (const makeModel of MODELS) {
  let found: string | null = null
  let name = ''
  const tried: string[] = []
  for (const n of SEARCH_NS) {
    const model = makeModel(n, mulberry32(20261129 + n))
    name = model.name
    const detected = tally(model, SEARCH_PAIRS, ['drop']).drop.significant
    comparisons += 2 * SEARCH_PAIRS
    tried.push(`${n}: ${share(detected, SEARCH_PAIRS).trim()}`)
    if (detected / SEARCH_PAIRS < 0.8) continue
    const alarms = tally(model, SEARCH_PAIRS, ['null']).null.significant
    comparisons += 2 * SEARCH_PAIRS
    found = `n = ${n} (detection ${share(detected, SEARCH_PAIRS).trim()}, false alarms ${share(alarms, SEARCH_PAIRS).trim()})`
    break
  }
  console.log(`${name.padEnd(24)} ${found ?? `not reached by n = ${SEARCH_NS.at(-1)}`}`)
  console.log(`${''.padEnd(24)} detection by n: ${tried.join(', ')}`)
}
console.log(`\n${comparisons.toLocaleString('en')} comparisons in ${((performance.now() - started) / 1000).toFixed(1)} s`)
