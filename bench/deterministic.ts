/**
 * npm run bench: the deterministic tier at scale. 10,000 questions with 10 retrieved ids
 * each: `run` (score + write results.json), `baseline`, then `run` of a second version
 * against that baseline and `compare`. Prints wall time and peak memory of each step.
 * Target: run + compare under 5 s and 500 MB on a 2-core machine.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generate } from './generate.ts'

const N = Number(process.env.BENCH_QUESTIONS ?? 10_000)
const dir = mkdtempSync(join(tmpdir(), 'evalgate-bench-'))
const evalSet = join(dir, 'eval_set.csv')

interface Measured {
  code: number
  ms: number
  maxRssMb: number
}

function measure(args: string[]): Measured {
  const child = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'measure.ts'), ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  const last = child.stderr.trim().split('\n').pop() ?? ''
  if (child.status !== 0) throw new Error(`evalgate ${args[0]} failed:\n${child.stderr}`)
  return JSON.parse(last) as Measured
}

function row(label: string, m: Measured, extra = ''): void {
  console.log(`${label.padEnd(34)} ${(m.ms / 1000).toFixed(2).padStart(7)} s   peak RSS ${m.maxRssMb.toFixed(0).padStart(5)} MB   exit ${m.code}${extra}`)
}

try {
  const t0 = performance.now()
  await generate(N, evalSet, join(dir, 'v1.jsonl'), 0.85, 1)
  await generate(N, join(dir, 'same.csv'), join(dir, 'v2.jsonl'), 0.8, 2)
  console.log(`evalgate bench: ${N.toLocaleString('en')} questions, 10 retrieved ids each, deterministic tier (rules, retrieval@5,10, citations, lexical)`)
  console.log(`generated inputs in ${((performance.now() - t0) / 1000).toFixed(2)} s (eval set ${(statSync(evalSet).size / 1e6).toFixed(1)} MB)\n`)
  const common = ['--config', join(dir, 'none.yml'), '--eval-set', evalSet, '--eval-set-version', 'bench', '--k', '5,10']
  const emptyConfig = join(dir, 'none.yml')
  spawnSync('sh', ['-c', `: > ${emptyConfig}`])
  const v1 = measure(['run', ...common, '--predictions', join(dir, 'v1.jsonl'), '--out', join(dir, 'v1.json')])
  row('run v1 (score, no baseline)', v1)
  const b = measure(['baseline', '--results', join(dir, 'v1.json'), '--out', join(dir, 'baseline.json')])
  row('baseline from v1', b)
  const v2 = measure(['run', ...common, '--predictions', join(dir, 'v2.jsonl'), '--out', join(dir, 'v2.json')])
  row('run v2 (score, no baseline)', v2)
  const cmp = measure(['compare', '--config', emptyConfig, '--baseline', join(dir, 'baseline.json'), '--candidate', join(dir, 'v2.json'), '--report', join(dir, 'report.md')])
  row('compare v2 vs baseline + report', cmp, cmp.code === 1 ? ' (gate failed, as designed)' : '')
  const oneStep = measure(['run', ...common, '--predictions', join(dir, 'v2.jsonl'), '--baseline', join(dir, 'baseline.json'), '--out', join(dir, 'v2b.json'), '--report', join(dir, 'report2.md')])
  row('run v2 with --baseline (one step)', oneStep)
  console.log(`\nrun + compare: ${((v2.ms + cmp.ms) / 1000).toFixed(2)} s (target < 5 s); peak ${Math.max(v2.maxRssMb, cmp.maxRssMb, oneStep.maxRssMb).toFixed(0)} MB (target < 500 MB)`)
  console.log(`times are measured inside the process, around the CLI's main(); Node start-up and module loading (~0.3 s) are not included`)
  console.log(`report.md: ${(statSync(join(dir, 'report.md')).size / 1000).toFixed(1)} kB`)
  if (process.env.BENCH_SHARDS !== '0') await shardedScale()
} finally {
  rmSync(dir, { recursive: true, force: true })
}

/**
 * The scale bench: 100,000 questions scored as 8 shards (as 8 matrix jobs would), then one
 * merge + compare + render. Target for merge + compare + render: under 10 s and 1 GB.
 */
async function shardedScale(): Promise<void> {
  const total = Number(process.env.BENCH_SCALE_QUESTIONS ?? 100_000)
  const shards = 8
  const big = join(dir, 'scale')
  const evalSet = join(big, 'eval_set.csv')
  mkdirSync(big, { recursive: true })
  const t0 = performance.now()
  await generate(total, evalSet, join(big, 'v1.jsonl'), 0.85, 11)
  await generate(total, join(big, 'same.csv'), join(big, 'v2.jsonl'), 0.8, 12)
  console.log(
    `\nscale: ${total.toLocaleString('en')} questions in ${shards} shards (inputs generated in ${((performance.now() - t0) / 1000).toFixed(1)} s; eval set ${(statSync(evalSet).size / 1e6).toFixed(0)} MB)`,
  )
  const config = join(dir, 'none.yml')
  const runShards = (version: string): Measured[] =>
    Array.from({ length: shards }, (_, i) =>
      measure([
        'run',
        '--config',
        config,
        '--eval-set',
        evalSet,
        '--eval-set-version',
        'scale',
        '--predictions',
        join(big, `${version}.jsonl`),
        '--shard',
        `${i + 1}/${shards}`,
        '--out',
        join(big, `${version}-shard-${i + 1}.json`),
      ]),
    )
  const shardFiles = (version: string) => Array.from({ length: shards }, (_, i) => join(big, `${version}-shard-${i + 1}.json`))
  runShards('v1')
  measure(['merge', '--config', config, '--out', join(big, 'v1.json'), ...shardFiles('v1')])
  measure(['baseline', '--results', join(big, 'v1.json'), '--out', join(big, 'baseline.json')])
  const v2 = runShards('v2')
  const slowest = v2.reduce((a, b) => (b.ms > a.ms ? b : a))
  row(`run 1 shard of ${shards} (slowest)`, slowest)
  console.log(
    `${'run all 8 shards one after another'.padEnd(34)} ${(v2.reduce((a, b) => a + b.ms, 0) / 1000).toFixed(2).padStart(7)} s   peak RSS ${Math.max(...v2.map((m) => m.maxRssMb))
      .toFixed(0)
      .padStart(5)} MB`,
  )
  const merged = measure(['merge', '--config', config, '--out', join(big, 'v2.json'), '--baseline', join(big, 'baseline.json'), '--report', join(big, 'report.md'), ...shardFiles('v2')])
  row('merge + compare + render', merged, merged.code === 1 ? ' (gate failed, as designed)' : '')
  console.log(
    `\nmerge + compare + render: ${(merged.ms / 1000).toFixed(2)} s (target < 10 s), peak ${merged.maxRssMb.toFixed(0)} MB (target < 1,000 MB); merged results.json ${(statSync(join(big, 'v2.json')).size / 1e6).toFixed(0)} MB`,
  )
}
