/**
 * npm run bench:stats: the statistics the comparison runs on every metric, at the sizes a
 * large eval set brings, against a plain reference in the same run. These figures used to be
 * wall-clock assertions in unit tests, which flake on a busy runner; here they are printed.
 *
 * - pairedBootstrap: 2,000 resamples of 5,000 paired questions (the report's interval);
 *   reference: the same resampling loop written plainly (mean difference only, no sort).
 * - binomialTwoSidedP at n = 100,000 (the sign test of a 100,000-question run);
 *   reference: one pass over the binomial pmf in log space.
 */
import { mulberry32, pairedBootstrap } from '../src/stats/bootstrap.ts'
import { binomialTwoSidedP } from '../src/stats/tests.ts'

function scores(n: number, seed: number): number[] {
  const random = mulberry32(seed)
  return Array.from({ length: n }, () => random())
}

function median(runs: number, f: () => void): number {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    f()
    times.push(performance.now() - start)
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!
}

function plainBootstrap(a: readonly number[], b: readonly number[], resamples: number): void {
  const random = mulberry32(1)
  const n = a.length
  const means = new Float64Array(resamples)
  for (let r = 0; r < resamples; r++) {
    let sum = 0
    for (let i = 0; i < n; i++) {
      const j = Math.floor(random() * n)
      sum += b[j]! - a[j]!
    }
    means[r] = sum / n
  }
}

function plainBinomialTail(k: number, n: number): number {
  let logP = n * Math.log(0.5)
  let tail = 0
  for (let i = 0; i <= k; i++) {
    tail += Math.exp(logP)
    logP += Math.log((n - i) / (i + 1))
  }
  return Math.min(1, 2 * tail)
}

function line(label: string, ours: number, reference: number): void {
  console.log(`${label.padEnd(46)} ${ours.toFixed(1).padStart(8)} ms   reference ${reference.toFixed(1).padStart(8)} ms   ratio ${(ours / reference).toFixed(2)}×`)
}

const baseline = scores(5000, 13)
const candidate = scores(5000, 14)
pairedBootstrap(baseline, candidate, { resamples: 50 }) // warm the JIT for both
plainBootstrap(baseline, candidate, 50)
line(
  'pairedBootstrap, 5,000 questions × 2,000',
  median(5, () => pairedBootstrap(baseline, candidate)),
  median(5, () => plainBootstrap(baseline, candidate, 2000)),
)
line(
  'binomialTwoSidedP(49,950, 100,000)',
  median(9, () => binomialTwoSidedP(49950, 100000)),
  median(9, () => plainBinomialTail(49950, 100000)),
)
