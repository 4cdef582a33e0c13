/**
 * npm run bench:gate: how often the WHOLE gate blocks a change that changed nothing (false
 * alarms) and how often it catches a real drop (detection), per gate mode, on simulated pairs of
 * runs (baseline, candidate) of an LLM-judged RAG system at n = 50 and 200 questions. Every
 * metric is gated at once, as `evalgate run` gates them, through compare() itself; the simulated
 * eval set (gateModel.ts) has per-question judge and regeneration noise, metrics tied by a latent
 * per-question quality, 20% flaky pass/fail questions, and (in the conversation scenario) turns
 * that share one quality shock per run. Each eval set is drawn afresh; rates carry 95% Wilson
 * intervals. Seeded: the figures repeat. BENCH_GATE_PAIRS (default 300) eval sets per n.
 *
 * Modes: strict and significant at max_drop 0.02; the one-metric gate (accuracy_norm alone,
 * significant: what detection would be without the other metrics); strict with the limits
 * `calibrate-noise --rerun-candidate 5` proposes for that eval set (5 fresh runs of the unchanged
 * system); significant with gate.primary [accuracy_norm]; significant with --sequential (and the
 * share of judged questions it saved).
 */
import { mulberry32 } from '../src/stats/bootstrap.ts'
import { wilson } from '../src/stats/proportions.ts'
import { accuracyShiftFor, drawRun, makeProject, NO_CHANGE, type Change, type Project } from './gateModel.ts'
import { calibratedLimits, comparePair, gate, MAX_DROP, PRIMARY, RERUNS, sequentialRun, type Scores } from './gateModes.ts'

const PAIRS = Number(process.env.BENCH_GATE_PAIRS ?? 300)
const NS = (process.env.BENCH_GATE_NS ?? '50,200').split(',').map(Number)

/** −0.10 at n = 50, −0.05 at n = 200: the same signal at both sizes */
const accuracyDrop = (n: number) => (n <= 50 ? 0.1 : 0.05)
const CLEAR_FAILURE: Change = { quality: -0.25, accuracy: 0, context: -0.25 }
const CLEAR_PASS: Change = { quality: 0.2, accuracy: 0, context: 0.4 }

type Mode = 'strict' | 'significant' | 'one-metric' | 'calibrated' | 'primary' | 'sequential'
const MODE_NAMES: Record<Mode, string> = {
  strict: 'strict, max_drop 0.02',
  significant: 'significant',
  'one-metric': `one-metric gate (${PRIMARY}, significant)`,
  calibrated: `strict, calibrate-noise --rerun-candidate ${RERUNS} limits`,
  primary: `significant, gate.primary [${PRIMARY}]`,
  sequential: 'significant, --sequential',
}

interface Tally {
  fails: number
  pairs: number
  judged: number
}

class Table {
  readonly cells = new Map<string, Map<Mode, Tally>>()
  add(scenario: string, mode: Mode, fails: boolean, judged = 1): void {
    const row = this.cells.get(scenario) ?? new Map<Mode, Tally>()
    this.cells.set(scenario, row)
    const t = row.get(mode) ?? { fails: 0, pairs: 0, judged: 0 }
    row.set(mode, { fails: t.fails + Number(fails), pairs: t.pairs + 1, judged: t.judged + judged })
  }
}

/** Every mode on one pair of runs of one eval set; `modes` picks which. */
function gatePair(table: Table, scenario: string, project: Project, baseline: Scores, candidate: Scores, modes: readonly Mode[], limits: () => Record<string, number>): void {
  const all = comparePair(project, baseline, candidate, gate()).verdicts_by_mode!
  for (const mode of modes) {
    if (mode === 'strict' || mode === 'significant') table.add(scenario, mode, all[mode] === 'fail')
    if (mode === 'one-metric') table.add(scenario, mode, comparePair(project, baseline, candidate, gate({ gate_mode: 'significant' }), [PRIMARY]).verdict === 'fail')
    if (mode === 'calibrated') table.add(scenario, mode, comparePair(project, baseline, candidate, gate({ max_drop_overrides: limits() })).verdict === 'fail')
    if (mode === 'primary') table.add(scenario, mode, comparePair(project, baseline, candidate, gate({ gate_mode: 'significant', primary: [PRIMARY] })).verdict === 'fail')
    if (mode === 'sequential') {
      const outcome = sequentialRun(project, baseline, candidate, gate({ gate_mode: 'significant' }), () => all.significant === 'fail')
      table.add(scenario, mode, outcome.fails, outcome.judged)
    }
  }
}

const ALL: readonly Mode[] = ['strict', 'significant', 'one-metric', 'calibrated', 'primary', 'sequential']

function runSize(n: number): Table {
  const table = new Table()
  const random = mulberry32(20261129 + n)
  for (let k = 0; k < PAIRS; k++) {
    const project = makeProject(n, random)
    let limits: Record<string, number> | null = null
    const calibrated = () => (limits ??= calibratedLimits(project, random))
    const pair = (change: Change) => [drawRun(project, NO_CHANGE, random), drawRun(project, change, random)] as const
    const [b0, c0] = pair(NO_CHANGE)
    gatePair(table, 'unchanged (false alarm)', project, b0, c0, ALL, calibrated)
    const [b1, c1] = pair({ ...NO_CHANGE, accuracy: accuracyShiftFor(project, accuracyDrop(n)) })
    gatePair(table, `accuracy_norm −${accuracyDrop(n).toFixed(2)} (detection)`, project, b1, c1, ALL, calibrated)
    const [b2, c2] = pair(CLEAR_FAILURE)
    gatePair(table, 'clear failure (detection)', project, b2, c2, ['significant', 'sequential'], calibrated)
    const [b3, c3] = pair(CLEAR_PASS)
    gatePair(table, 'clear pass (false alarm)', project, b3, c3, ['significant', 'sequential'], calibrated)
    const talk = makeProject(n, random, true)
    const [b4, c4] = [drawRun(talk, NO_CHANGE, random), drawRun(talk, NO_CHANGE, random)]
    gatePair(table, 'unchanged, conversations (false alarm)', talk, b4, c4, ['strict', 'significant', 'one-metric', 'sequential'], () => ({}))
  }
  return table
}

function percent(k: number, of: number): string {
  return `${((k / of) * 100).toFixed(1)}%`
}

function interval(k: number, of: number): string {
  const w = wilson(k, of)!
  return `[${(w.low * 100).toFixed(1)}, ${(w.high * 100).toFixed(1)}]`
}

const started = performance.now()
console.log(
  `evalgate bench:gate: the whole gate (18 metrics, 14 test families, all gated at once), ${PAIRS} simulated eval sets per n, a fresh pair of runs per scenario; max_drop ${MAX_DROP}; 95% Wilson intervals\n`,
)
for (const n of NS) {
  const table = runSize(n)
  console.log(`n = ${n}`)
  console.log(`${'scenario'.padEnd(40)} ${'gate mode'.padEnd(48)} ${'fails'.padStart(7)}  ${'95% interval'.padEnd(14)} judge calls saved`)
  for (const [scenario, row] of table.cells) {
    let first = true
    for (const mode of ALL) {
      const t = row.get(mode)
      if (!t) continue
      const saved = mode === 'sequential' ? `${(100 - (t.judged / t.pairs) * 100).toFixed(1)}%` : ''
      console.log(`${(first ? scenario : '').padEnd(40)} ${MODE_NAMES[mode].padEnd(48)} ${percent(t.fails, t.pairs).padStart(7)}  ${interval(t.fails, t.pairs).padEnd(14)} ${saved}`)
      first = false
    }
  }
  console.log('')
}
console.log(`${((performance.now() - started) / 1000).toFixed(1)} s`)
