/**
 * npm run bench (issues 13 and 32): evalgate's deterministic tier beside plain references, in
 * the same run, over the same generated files (an eval set with 10 retrieved ids per question,
 * a second version's predictions and a baseline of the first). For each size:
 * - the references: plain Node and plain CPython scripts that compute only the retrieval
 *   metrics (bench/reference.mjs, bench/reference.py), and the "same-work" Node script that
 *   reads the same three inputs, computes the same metrics and writes a results file of the
 *   same schema (bench/sameWork.ts);
 * - `run` + compare + report with the default lexical provider, BENCH_RUNS times (default 3),
 *   each with its own peak RSS; the same with `judge: none`;
 * - unless BENCH_SHARDS=0, `--shard i/8` for each of 8 shards, then `merge` + compare + report;
 * and once, first, the floor: run + compare + report of 10 questions, what a run pays whatever
 * its size, which the time-linear-in-n target is also printed beyond.
 * Each is a child process: wall time, CPU time and peak RSS (/usr/bin/time when present, else
 * the child's own maxRSS), and the ratio of its wall time to the references'. evalgate runs as
 * one bundled file (as it ships), built first with esbuild, so the times hold no TypeScript
 * compilation. At the end, every target of issue 32 at 100,000 questions with its figure and
 * whether it holds, by wall time and by CPU time (on a shared machine a wall time also counts
 * waiting for a core), and the time per question at 10,000 and 100,000.
 *
 *   BENCH_SIZES=1000,10000 npm run bench     sizes to measure (default 10000,100000)
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bundleMeasure, bundleScript } from './bundle.ts'
import { generate } from './generate.ts'

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number)
const SHARDS = process.env.BENCH_SHARDS === '0' ? 0 : 8
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const K = '5,10'
const TIME = '/usr/bin/time'
const hasTime = existsSync(TIME)
const python = ['python3', 'python'].find((p) => spawnSync(p, ['--version']).status === 0) ?? null
const root = mkdtempSync(join(tmpdir(), 'evalgate-bench-'))

interface Measured {
  /** the process, start to exit */
  wallS: number
  cpuS: number
  rssMb: number
  /** evalgate's main() alone, measured inside the process (null for the references) */
  mainS: number | null
  /** the CLI's exit code (1: the gate failed, as the generated second version is designed to) */
  code: number
  stdout: string
}

/** Runs one child process under /usr/bin/time (or times it from here) and reads what it measured. */
function measure(command: string, args: string[]): Measured {
  const timeFile = join(root, 'time.txt')
  const argv = hasTime ? [TIME, '-f', '%e %U %S %M', '-o', timeFile, command, ...args] : [command, ...args]
  const started = performance.now()
  const child = spawnSync(argv[0]!, argv.slice(1), { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  const wall = (performance.now() - started) / 1000
  const own = JSON.parse(child.stderr.trim().split('\n').pop() ?? '{}') as { code?: number; ms?: number; cpuMs?: number; maxRssMb?: number }
  if (child.status !== 0 || own.code === undefined || own.code === 2) throw new Error(`${args.join(' ')} failed:\n${child.stderr}`)
  const base = { mainS: own.ms === undefined ? null : own.ms / 1000, code: own.code, stdout: child.stdout }
  if (!hasTime) return { ...base, wallS: wall, cpuS: NaN, rssMb: own.maxRssMb ?? NaN }
  const [elapsed, user, sys, maxKb] = readFileSync(timeFile, 'utf8').trim().split('\n').pop()!.split(' ').map(Number)
  return { ...base, wallS: elapsed!, cpuS: user! + sys!, rssMb: maxKb! / 1024 }
}

const node = (args: string[]) => measure(process.execPath, args)
const bundle = bundleMeasure(root)
const sameWorkScript = bundleScript('sameWork.ts', root)
const evalgate = (args: string[]) => node([bundle, ...args])

function row(n: number, label: string, m: Measured, against: { node: Measured; same: Measured } | null): void {
  const ratio = (of: number, to: number | undefined) => (to === undefined || Number.isNaN(of) ? '      –' : `${(of / to).toFixed(2)}×`.padStart(7))
  const cells = [
    n.toLocaleString('en').padStart(7),
    label.padEnd(30),
    m.wallS.toFixed(2).padStart(7),
    m.cpuS.toFixed(2).padStart(7),
    m.rssMb.toFixed(0).padStart(7),
    ratio(m.wallS, against?.same.wallS),
    ratio(m.cpuS, against?.same.cpuS),
    ratio(m.wallS, against?.node.wallS),
    m.mainS === null ? '      –' : m.mainS.toFixed(2).padStart(7),
  ]
  console.log(cells.join('  '))
}

/** The retrieval means evalgate wrote equal the reference's, so both did the same work. */
function sameMeans(reference: Measured, resultsFile: string, what: string): string {
  const expected = JSON.parse(reference.stdout) as Record<string, number | null>
  const metrics = (JSON.parse(readFileSync(resultsFile, 'utf8')) as { metrics: Record<string, { mean: number | null }> }).metrics
  const off = Object.keys(expected).filter((name) => metrics[name]?.mean !== expected[name])
  return off.length === 0 ? `${what} means equal the reference’s` : `WARNING: ${what} means differ from the reference’s: ${off.join(', ')}`
}

/** The middle value (the lower of the two middle ones for an even count). */
function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!
}

interface SizeFigures {
  same: Measured
  lexical: Measured[]
  resultsMb: number
  shards: Measured[]
  merge: Measured | null
}

/** The generated files of `n` questions in a folder of their own, with a baseline of version 1 for each judge. */
async function prepare(n: number, name = String(n)): Promise<{ p: (name: string) => string; common: (config: string) => string[] }> {
  const dir = join(root, name)
  mkdirSync(dir)
  const p = (name: string) => join(dir, name)
  await generate(n, p('eval.csv'), p('v1.jsonl'), 0.85, 1)
  await generate(n, p('same.csv'), p('v2.jsonl'), 0.8, 2)
  writeFileSync(p('lexical.yml'), '')
  writeFileSync(p('none.yml'), 'judge:\n  provider: none\n')
  const common = (config: string) => ['--config', p(config), '--eval-set', p('eval.csv'), '--eval-set-version', 'bench', '--k', K]
  // the baselines: version 1, scored by each provider (a baseline is only compared with runs of its own judge)
  for (const judge of ['lexical', 'none']) {
    evalgate(['run', ...common(`${judge}.yml`), '--predictions', p('v1.jsonl'), '--out', p(`v1-${judge}.json`)])
    evalgate(['baseline', '--results', p(`v1-${judge}.json`), '--out', p(`baseline-${judge}.json`)])
  }
  return { p, common }
}

/** The lexical run + compare + report of `p`'s files. */
function lexicalRun(p: (name: string) => string, common: (config: string) => string[]): Measured {
  return evalgate(['run', ...common('lexical.yml'), '--predictions', p('v2.jsonl'), '--baseline', p('baseline-lexical.json'), '--out', p('v2-lexical.json'), '--report', p('report.md')])
}

/**
 * What a run pays whatever its size: run + compare + report of FLOOR_QUESTIONS questions
 * (Node's start-up, loading the bundle, the configuration, the comparison's fixed work, the
 * files), BENCH_RUNS times; the run with the median CPU time.
 */
const FLOOR_QUESTIONS = 10

async function benchFloor(): Promise<Measured> {
  const { p, common } = await prepare(FLOOR_QUESTIONS, 'floor')
  const runs = Array.from({ length: RUNS }, () => lexicalRun(p, common))
  const floor = [...runs].sort((a, b) => a.cpuS - b.cpuS)[Math.floor((runs.length - 1) / 2)]!
  row(FLOOR_QUESTIONS, `run + compare + report (floor)`, floor, null)
  return floor
}

async function benchSize(n: number): Promise<SizeFigures> {
  const { p, common } = await prepare(n)
  const reference = node([join(import.meta.dirname, 'reference.mjs'), p('eval.csv'), p('v2.jsonl'), K])
  row(n, 'retrieval only, plain Node', reference, null)
  if (python) row(n, 'retrieval only, plain CPython', measure(python, [join(import.meta.dirname, 'reference.py'), p('eval.csv'), p('v2.jsonl'), K]), null)
  const same = node([sameWorkScript, p('eval.csv'), p('v2.jsonl'), p('baseline-lexical.json'), K, p('same-work.json')])
  const against = { node: reference, same }
  row(n, 'same work, plain Node', same, null)
  const lexical = Array.from({ length: RUNS }, (_, i) => {
    const m = lexicalRun(p, common)
    row(n, `run + compare + report${RUNS > 1 ? ` (${i + 1})` : ''}`, m, against)
    return m
  })
  const resultsMb = statSync(p('v2-lexical.json')).size / 1e6
  const none = evalgate(['run', ...common('none.yml'), '--predictions', p('v2.jsonl'), '--baseline', p('baseline-none.json'), '--out', p('v2-none.json'), '--report', p('report-none.md')])
  row(n, '  judge: none', none, against)
  const checks = [sameMeans(reference, p('v2-lexical.json'), 'retrieval'), sameMeans(reference, p('same-work.json'), 'same-work retrieval')]
  let shards: Measured[] = []
  let merge: Measured | null = null
  if (SHARDS > 0) {
    const shardFile = (i: number) => p(`v2-shard-${i}.json`)
    shards = Array.from({ length: SHARDS }, (_, i) => evalgate(['run', ...common('lexical.yml'), '--predictions', p('v2.jsonl'), '--shard', `${i + 1}/${SHARDS}`, '--out', shardFile(i + 1)]))
    row(n, `  slowest of ${SHARDS} shards`, slowest(shards, 'wallS'), against)
    const files = shards.map((_, i) => shardFile(i + 1))
    merge = evalgate(['merge', '--config', p('lexical.yml'), '--out', p('v2-merged.json'), '--baseline', p('baseline-lexical.json'), '--report', p('report-merged.md'), ...files])
    row(n, '  merge + compare + report', merge, against)
    checks.push(sameMeans(reference, p('v2-merged.json'), 'merged retrieval'))
  }
  console.log(`${' '.repeat(9)}results.json ${resultsMb.toFixed(1)} MB; ${checks.join('; ')}`)
  rmSync(join(root, String(n)), { recursive: true, force: true })
  return { same, lexical, resultsMb, shards, merge }
}

/** The shard that took longest by one measure (wall time, or CPU time, the steadier on a loaded machine). */
function slowest(shards: readonly Measured[], by: 'wallS' | 'cpuS'): Measured {
  return shards.reduce((a, b) => (b[by] > a[by] ? b : a))
}

/** `figure` against its target, and whether it holds by each measure (wall and CPU time where both are figures). */
function target(what: string, figure: string, goal: string, holds: Record<string, boolean>): void {
  const verdicts = Object.entries(holds).map(([by, ok]) => `${by ? `${by} ` : ''}${ok ? 'holds' : 'MISSED'}`)
  console.log(`  ${what}: ${figure} (target ${goal}): ${verdicts.join(', ')}`)
}

/** Every target of issue 32, each with its figure from this run: wall time, and CPU time where wall time waits for a shared core. */
function summary(bySize: Map<number, SizeFigures>, floor: Measured): void {
  const [small, large] = [bySize.get(10_000), bySize.get(100_000)]
  if (!large) return
  const wall = median(large.lexical.map((m) => m.wallS))
  const cpu = median(large.lexical.map((m) => m.cpuS))
  const ratios = (of: number, to: number) => `${(of / to).toFixed(2)}`
  console.log(`\nat 100,000 questions (issue 32 targets; unsharded run: median of ${large.lexical.length})`)
  target(
    'lexical run + compare + report / same work',
    `${ratios(wall, large.same.wallS)}× wall, ${ratios(cpu, large.same.cpuS)}× CPU (runs: ${large.lexical.map((m) => ratios(m.wallS, large.same.wallS)).join(', ')}× wall)`,
    '≤ 1.5×',
    { wall: wall / large.same.wallS <= 1.5, CPU: cpu / large.same.cpuS <= 1.5 },
  )
  const rss = large.lexical.map((m) => m.rssMb)
  target('peak RSS per run', `${rss.map((r) => r.toFixed(0)).join(', ')} MB`, '≤ 450 MB on every run', { '': rss.every((r) => r <= 450) })
  target('results.json', `${large.resultsMb.toFixed(1)} MB`, '≤ 90 MB', { '': large.resultsMb <= 90 })
  if (large.shards.length > 0 && large.merge) {
    const [byWall, byCpu] = [slowest(large.shards, 'wallS'), slowest(large.shards, 'cpuS')]
    target(
      `slowest shard of ${large.shards.length} / unsharded run`,
      // three places: at two, 0.204 would print as a missed 0.20
      `${(byWall.wallS / wall).toFixed(3)} wall (${byWall.wallS.toFixed(2)} / ${wall.toFixed(2)} s), ${(byCpu.cpuS / cpu).toFixed(3)} CPU (${byCpu.cpuS.toFixed(2)} / ${cpu.toFixed(2)} s)`,
      '≤ 0.2',
      { wall: byWall.wallS / wall <= 0.2, CPU: byCpu.cpuS / cpu <= 0.2 },
    )
    const merge = large.merge
    target(`merge + compare + report of ${large.shards.length} shards`, `${merge.wallS.toFixed(2)} s wall, ${merge.cpuS.toFixed(2)} s CPU`, '≤ 4 s', { wall: merge.wallS <= 4, CPU: merge.cpuS <= 4 })
  }
  if (small) {
    // time per question at each size, and the ratio of the two totals: 10 for time linear in n
    const perQuestion = (f: SizeFigures, n: number, of: (m: Measured) => number) => `${((median(f.lexical.map(of)) / n) * 1e6).toFixed(0)} µs`
    const ratio = (of: (m: Measured) => number) => median(large.lexical.map(of)) / median(small.lexical.map(of))
    const measures: [string, (m: Measured) => number][] = [
      ['wall', (m) => m.wallS],
      ['CPU', (m) => m.cpuS],
      ["evalgate's main()", (m) => m.mainS!],
    ]
    const figures = measures.map(([what, of]) => `${what} ${perQuestion(small, 10_000, of)} → ${perQuestion(large, 100_000, of)} per question, ×${ratio(of).toFixed(1)}`)
    const within = (of: (m: Measured) => number) => Math.abs(ratio(of) - 10) <= 1.5
    // what grows with the questions: each size's CPU time less the floor's (a run of FLOOR_QUESTIONS questions)
    const beyondFloor = (median(large.lexical.map((m) => m.cpuS)) - floor.cpuS) / (median(small.lexical.map((m) => m.cpuS)) - floor.cpuS)
    const same = `same work ×${(large.same.wallS / small.same.wallS).toFixed(1)} wall, ×${(large.same.cpuS / small.same.cpuS).toFixed(1)} CPU`
    const floorFigure = `CPU beyond the ${FLOOR_QUESTIONS}-question run's ${floor.cpuS.toFixed(2)} s ×${beyondFloor.toFixed(1)}; ${affineBound(floor.cpuS, median(large.lexical.map((m) => m.cpuS)))}`
    target('time 10,000 → 100,000 questions', `${figures.join('; ')}; ${same}; ${floorFigure}`, '×10 ± 1.5', {
      wall: within(measures[0]![1]),
      CPU: within(measures[1]![1]),
    })
  }
}

/**
 * The most a time of F + c·n allows from 10,000 to 100,000 questions when the 10,000-question run
 * pays no warm-up at all: F the floor's CPU time, c the 100,000-question run's CPU time beyond it
 * per question. (F + 100,000c) / (F + 10,000c) reaches 10 − 1.5 only when F ≤ 2,000c: a fixed
 * cost no more than what 2,000 questions cost.
 */
function affineBound(fixedS: number, largeS: number): string {
  const perThousand = (largeS - fixedS) / 100
  const bound = largeS / (fixedS + 10 * perThousand)
  return `a fixed ${fixedS.toFixed(2)} s and ${perThousand.toFixed(3)} s per 1,000 questions allow at most ×${bound.toFixed(1)} (no warm-up at 10,000); ×8.5 needs a fixed cost ≤ ${(2 * perThousand).toFixed(2)} s`
}

try {
  console.log(`evalgate bench: generated questions with 10 retrieved ids each, k = ${K}; the second version against a baseline of the first (its gate fails, as designed)`)
  console.log(`times are whole processes (Node start-up included; evalgate as one bundled file); main() is evalgate's own time inside the process`)
  console.log(`× same: wall time over the same-work script's; CPU× same: CPU time over its CPU time (the steadier one on a loaded machine); × node: over the retrieval-only Node script's`)
  console.log(`peak RSS from ${hasTime ? TIME : "the child's process.resourceUsage().maxRSS"}${python ? '' : '; no python3 here: the CPython reference is left out'}\n`)
  console.log(['questions', 'step'.padEnd(30), ' wall s', '  CPU s', 'peak MB', '× same', 'CPU× same', '× node', 'main() s'].join('  ').replace('questions', '      n'))
  const floor = await benchFloor()
  const bySize = new Map<number, SizeFigures>()
  for (const n of SIZES) bySize.set(n, await benchSize(n))
  summary(bySize, floor)
} finally {
  rmSync(root, { recursive: true, force: true })
}
