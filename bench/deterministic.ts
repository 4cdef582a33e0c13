/**
 * npm run bench (issue 13): evalgate's deterministic tier against a plain Node script that
 * computes only the retrieval metrics (bench/reference.mjs), in the same run, over the same
 * generated files: an eval set with 10 retrieved ids per question, a second version's
 * predictions and a baseline of the first. For each size: the reference; `run` + compare +
 * report with the default lexical provider; the same with `judge: none`; and, unless
 * BENCH_SHARDS=0, `--shard i/8` for each of 8 shards then `merge` + compare + report.
 * Each is a child process: wall time, CPU time and peak RSS (/usr/bin/time when present,
 * else the child's own maxRSS), and the ratio of its wall time to the reference's. evalgate
 * runs as one bundled file (as it ships), built first with esbuild (tsx's own compiler), so
 * the times hold no TypeScript compilation.
 *
 *   BENCH_SIZES=1000,10000 npm run bench     sizes to measure (default 1000,10000,100000)
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bundleMeasure } from './bundle.ts'
import { generate } from './generate.ts'

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number)
const SHARDS = process.env.BENCH_SHARDS === '0' ? 0 : 8
const K = '5,10'
const TIME = '/usr/bin/time'
const hasTime = existsSync(TIME)
const root = mkdtempSync(join(tmpdir(), 'evalgate-bench-'))

interface Measured {
  /** the process, start to exit */
  wallS: number
  cpuS: number
  rssMb: number
  /** evalgate's main() alone, measured inside the process (null for the reference) */
  mainS: number | null
  /** the CLI's exit code (1: the gate failed, as the generated second version is designed to) */
  code: number
  stdout: string
}

/** Runs one child process under /usr/bin/time (or times it from here) and reads what it measured. */
function measure(args: string[]): Measured {
  const timeFile = join(root, 'time.txt')
  const argv = hasTime ? [TIME, '-f', '%e %U %S %M', '-o', timeFile, process.execPath, ...args] : [process.execPath, ...args]
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

const bundle = bundleMeasure(root)
const evalgate = (args: string[]) => measure([bundle, ...args])

function row(n: number, label: string, m: Measured, reference: Measured | null): void {
  const cells = [
    n.toLocaleString('en').padStart(7),
    label.padEnd(30),
    m.wallS.toFixed(2).padStart(7),
    m.cpuS.toFixed(2).padStart(7),
    m.rssMb.toFixed(0).padStart(7),
    reference ? `${(m.wallS / reference.wallS).toFixed(2)}×`.padStart(7) : '      –',
    reference && hasTime ? `${(m.cpuS / reference.cpuS).toFixed(2)}×`.padStart(7) : '      –',
    m.mainS === null ? '      –' : m.mainS.toFixed(2).padStart(7),
  ]
  console.log(cells.join('  '))
}

/** The retrieval means evalgate wrote equal the reference's, so both did the same work. */
function sameMeans(reference: Measured, resultsFile: string): string {
  const expected = JSON.parse(reference.stdout) as Record<string, number | null>
  const metrics = (JSON.parse(readFileSync(resultsFile, 'utf8')) as { metrics: Record<string, { mean: number | null }> }).metrics
  const off = Object.keys(expected).filter((name) => metrics[name]?.mean !== expected[name])
  return off.length === 0 ? 'retrieval means equal the reference’s' : `WARNING: retrieval means differ from the reference’s: ${off.join(', ')}`
}

async function benchSize(n: number): Promise<Measured[]> {
  const dir = join(root, String(n))
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
  const reference = measure([join(import.meta.dirname, 'reference.mjs'), p('eval.csv'), p('v2.jsonl'), K])
  row(n, 'reference (plain Node)', reference, null)
  const lexical = evalgate(['run', ...common('lexical.yml'), '--predictions', p('v2.jsonl'), '--baseline', p('baseline-lexical.json'), '--out', p('v2-lexical.json'), '--report', p('report.md')])
  row(n, 'run + compare + report', lexical, reference)
  const none = evalgate(['run', ...common('none.yml'), '--predictions', p('v2.jsonl'), '--baseline', p('baseline-none.json'), '--out', p('v2-none.json'), '--report', p('report-none.md')])
  row(n, '  judge: none', none, reference)
  const checks = [sameMeans(reference, p('v2-lexical.json'))]
  if (SHARDS > 0) {
    const shardFile = (i: number) => p(`v2-shard-${i}.json`)
    const shards = Array.from({ length: SHARDS }, (_, i) => evalgate(['run', ...common('lexical.yml'), '--predictions', p('v2.jsonl'), '--shard', `${i + 1}/${SHARDS}`, '--out', shardFile(i + 1)]))
    const slowest = shards.reduce((a, b) => (b.wallS > a.wallS ? b : a))
    row(n, `  slowest of ${SHARDS} shards`, slowest, reference)
    const merged = evalgate([
      'merge',
      '--config',
      p('lexical.yml'),
      '--out',
      p('v2-merged.json'),
      '--baseline',
      p('baseline-lexical.json'),
      '--report',
      p('report-merged.md'),
      ...shards.map((_, i) => shardFile(i + 1)),
    ])
    row(n, '  merge + compare + report', merged, reference)
    checks.push(sameMeans(reference, p('v2-merged.json')).replace('retrieval', 'merged retrieval'))
  }
  console.log(`${' '.repeat(9)}${checks.join('; ')}`)
  rmSync(dir, { recursive: true, force: true })
  return [reference, lexical, none]
}

try {
  console.log(`evalgate bench: generated questions with 10 retrieved ids each, k = ${K}; the second version against a baseline of the first (its gate fails, as designed)`)
  console.log(`times are whole processes (Node start-up included; evalgate as one bundled file)`)
  // on a loaded machine the wall time also counts waiting for a core: the CPU ratio is the steadier figure
  console.log(`main() is evalgate's own time inside the process; on a loaded machine the CPU-time ratio is the steadier one`)
  console.log(`peak RSS from ${hasTime ? TIME : "the child's process.resourceUsage().maxRSS"}\n`)
  console.log(['questions', 'step'.padEnd(30), ' wall s', '  CPU s', 'peak MB', ' × ref', 'CPU×ref', 'main() s'].join('  ').replace('questions', '      n'))
  const bySize = new Map<number, Measured[]>()
  for (const n of SIZES) bySize.set(n, await benchSize(n))
  const [small, large] = [bySize.get(10_000), bySize.get(100_000)]
  if (small && large) {
    const ratio = (j: number) => (large[j]!.wallS / small[j]!.wallS).toFixed(1)
    // main() leaves out what no n changes (starting Node, loading the bundle): the part that should grow with n
    const mainRatio = (j: number) => (large[j]!.mainS! / small[j]!.mainS!).toFixed(1)
    console.log(`\nlinearity, 10,000 → 100,000 questions (10 is linear): whole process (wall) reference ${ratio(0)}, evalgate lexical ${ratio(1)}, judge none ${ratio(2)}`)
    console.log(`${' '.repeat(44)}evalgate's main() alone: lexical ${mainRatio(1)}, judge none ${mainRatio(2)}`)
  }
  console.log(`targets (issue 13) at 100,000: lexical ≤ 2× the reference and ≤ 600 MB; judge none ≤ 1.5×; a shard ≤ 1/4 of the unsharded time; merge + compare + report ≤ 4 s and ≤ 600 MB`)
} finally {
  rmSync(root, { recursive: true, force: true })
}
