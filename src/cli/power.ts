import { commandLine } from '../io/cliInvocation.ts'
import { loadResults } from '../baseline/resultsFile.ts'
import { countOf } from '../text/countOf.ts'
import { GateError } from '../io/errors.ts'
import type { Results } from '../schemas/results.ts'
import { pairedMde } from '../compare/significance.ts'
import { pairedMinimumDetectableEffect, pairedSampleSize } from '../stats/power.ts'
import { halfWidth, sampleSizeOneProportion, sampleSizeTwoProportions } from '../stats/proportions.ts'

export interface PowerFlags {
  p?: string
  delta?: string
  p1?: string
  p2?: string
  n?: string
  'sd-diff'?: string
  results?: string
  json?: boolean
}

const PAIRED_HINT =
  'give --sd-diff (the sd of the per-question differences between two runs; for a pass rate, about √(share of questions that flip)) or --results results.json (a compared run: its own paired differences)'

/**
 * `evalgate power`: sample size for a difference you want to see, or what your n can see. The
 * gate compares two runs over the same questions, so what it detects is the paired design's:
 * from a given sd of per-question differences (--sd-diff) or a compared run's own (--results).
 * The two-independent-samples figure is only for two groups of different questions (--p1 --p2).
 */
export async function powerCommand(flags: PowerFlags, print: (text: string) => void): Promise<void> {
  const num = (name: 'p' | 'delta' | 'p1' | 'p2' | 'n' | 'sd-diff', min: number, max: number): number | undefined => {
    const text = flags[name]
    if (text === undefined) return undefined
    const v = Number(text)
    if (!Number.isFinite(v) || v <= min || v >= max) throw new GateError('usage', `--${name} expects a number between ${min} and ${max} (exclusive), got "${text}"`, 'e.g. --p 0.62 --delta 0.05')
    return v
  }
  const p = num('p', 0, 1)
  const delta = num('delta', 0, 1)
  const p1 = num('p1', 0, 1)
  const p2 = num('p2', 0, 1)
  const n = num('n', 0, Infinity)
  const sd = num('sd-diff', 0, 2)
  if (n !== undefined && !Number.isInteger(n)) throw new GateError('usage', `--n expects a whole number of questions, got "${flags.n}"`, `e.g. ${commandLine('power --n 50')}`)
  if (flags.results !== undefined) return printRunPower(await loadResults(flags.results), flags.results, n, flags.json === true, print)
  if (p1 !== undefined || p2 !== undefined) {
    if (p1 === undefined || p2 === undefined || p1 === p2) throw new GateError('usage', 'two groups need --p1 and --p2, and they must differ', `e.g. ${commandLine('power --p1 0.62 --p2 0.52')}`)
    const r = sampleSizeTwoProportions(p1, p2)
    if (flags.json) return print(JSON.stringify({ n: r.n, n_exact: round(r.n_exact) }))
    return print(
      `To tell a pass rate of ${p1} from ${p2} (a difference of ${pp(Math.abs(p1 - p2))}) with 95% confidence and 80% power,\n` +
        `each version needs ${countOf(r.n, 'question')} (${r.n_exact.toFixed(2)}, rounded up), assuming the two runs are independent samples (different questions).\n` +
        `The gate compares two runs of the same questions (paired), which needs fewer: ${commandLine('power --sd-diff S --delta D')}, or --results results.json.`,
    )
  }
  if (sd !== undefined && delta !== undefined) {
    const r = pairedSampleSize(sd, delta)
    if (flags.json) return print(JSON.stringify({ n: r.n, n_exact: round(r.n_exact) }))
    return print(
      `To detect a drop of ${pp(delta)} between two runs of the same questions (paired, sd of per-question differences ${sd}) with 95% confidence and 80% power,\n` +
        `the eval set needs ${countOf(r.n, 'question')} (${r.n_exact.toFixed(2)}, rounded up).`,
    )
  }
  if (n !== undefined) {
    const base = p ?? 0.5
    const mde = sd === undefined ? null : pairedMinimumDetectableEffect(sd, n)
    if (flags.json) return print(JSON.stringify({ mde: mde === null ? null : round(mde), half_width: round(halfWidth(n, base)) }))
    const known = `With ${countOf(n, 'question')} and a base rate of ${base}, a pass rate is known to ±${pp(halfWidth(n, base))} (95% interval).`
    if (mde === null) return print(`${known}\nWhat the gate detects between two runs of these questions depends on how much questions move between runs: ${PAIRED_HINT}.`)
    return print(`${known}\nTwo runs of these questions (paired, sd of per-question differences ${sd}) must differ by ${pp(mde)} for the paired test to detect it 80% of the time (alpha 0.05).`)
  }
  if (p !== undefined && delta !== undefined) {
    const r = sampleSizeOneProportion(p, delta)
    if (flags.json) return print(JSON.stringify({ n: r.n, n_exact: round(r.n_exact) }))
    return print(`To estimate a pass rate near ${p} to ±${pp(delta)} (95% interval) you need ${countOf(r.n, 'question')} (${r.n_exact.toFixed(2)}, rounded up).`)
  }
  throw new GateError(
    'usage',
    'power needs --p and --delta, --p1 and --p2, --sd-diff and --delta, --n (with --sd-diff for what two runs can tell apart), or --results',
    `e.g. ${commandLine('power --p 0.62 --delta 0.05')}, ${commandLine('power --sd-diff 0.5 --delta 0.1')}, ${commandLine('power --n 50 --sd-diff 0.4')}, ${commandLine('power --results results.json')}`,
  )
}

/** Per metric of a compared run: the sd of its paired differences, where it came from, and the MDE at its n (or at --n). */
function printRunPower(results: Results, path: string, n: number | undefined, json: boolean, print: (text: string) => void): void {
  const c = results.comparison
  const rows = (c?.metrics ?? []).filter((m): m is typeof m & { paired_sd: number; n_baseline: number } => m.paired_sd !== null && m.paired_sd > 0 && m.n_baseline != null && m.n_baseline > 0)
  if (rows.length === 0) {
    throw new GateError(
      'bad_input',
      `${path}: no metric of this run has paired differences to size a test by (it was not compared with a per-question baseline, or no question moved and the baseline records no noise)`,
      `compare it with a baseline written by ${commandLine('baseline')}, or record the noise first: ${commandLine('calibrate-noise --rerun-candidate 5 --write')}`,
    )
  }
  const out = rows.map((m) => {
    const at = n ?? m.n_baseline
    // as the report states it: never below five of the run's smallest moves over n
    return { metric: m.metric, paired_sd: m.paired_sd, source: m.mde_source, n: at, mde: pairedMde(m.paired_sd, at, m.mde_source === 'run' ? m.smallest_move : null) }
  })
  if (json) return print(JSON.stringify({ metrics: Object.fromEntries(out.map((o) => [o.metric, { paired_sd: round(o.paired_sd), mde: round(o.mde), n: o.n, source: o.source }])) }))
  const lines = [`The drop each metric's paired test detects 80% of the time (alpha 0.05), from ${path}:`, 'metric                  sd of Δ   n      MDE      variance from']
  for (const o of out) {
    const from = o.source === 'baseline' ? "the baseline's calibrated noise" : "this run's paired differences"
    lines.push(`${o.metric.padEnd(23)} ${o.paired_sd.toFixed(4).padStart(7)}   ${String(o.n).padEnd(6)} ${pp(o.mde).padStart(8)}   ${from}`)
  }
  print(lines.join('\n'))
}

function pp(x: number): string {
  return `${(x * 100).toFixed(1)} pp`
}

function round(x: number): number {
  return Math.round(x * 1e4) / 1e4
}
