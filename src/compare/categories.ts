import { ownValue } from '../text/ids.ts'
import { metricInfo, registry, sortMetrics } from '../metrics/registry.ts'
import type { CategoryRow, GateSettings } from '../schemas/results.ts'
import { normalQuantile } from '../stats/normal.ts'
import { wilson } from '../stats/proportions.ts'
import { EPS, valueAt, type Columns, type RunUnderTest } from './columns.ts'
import { knownField } from '../io/known.ts'

/** Above this 95% half-width on a headline metric, a category has too few questions to judge. */
export const CATEGORY_HALF_WIDTH = 0.1
const HEADLINE = registry.headline()

/**
 * Per category: baseline and candidate means over the common questions, the 95% interval of
 * the candidate mean (Wilson for pass/fail metrics, normal for scores), and the floors of
 * `by_category`, checked against the candidate mean over all of the category's questions.
 */
export function categoryRows(run: RunUnderTest, columns: Columns, gate: GateSettings): CategoryRow[] {
  const byCategory = new Map<string, number[]>()
  // a loop with one map lookup per question (set only for a new category), no closure call
  for (const [i, id] of columns.ids.entries()) {
    const category = knownField(run.questions, id, 'question').category ?? '(none)'
    const list = byCategory.get(category)
    if (list) list.push(i)
    else byCategory.set(category, [i])
  }
  const metricNames = sortMetrics(Object.keys(run.metrics))
  return [...byCategory.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([category, positions]) => {
      const shared = positions.filter((i) => columns.inBaseline[i] === 1)
      // one buffer per side, refilled for each metric: the values of the category's questions that have one
      const present = new Float64Array(positions.length)
      const presentInBaseline = new Float64Array(shared.length)
      const metrics: CategoryRow['metrics'] = {}
      let tooFew = false
      for (const name of metricNames) {
        const candidate = gather(columns.candidate.get(name), positions, present)
        const interval = intervalOf(name, candidate)
        if (interval && HEADLINE.has(name) && (interval.high - interval.low) / 2 > CATEGORY_HALF_WIDTH) tooFew = true
        metrics[name] = {
          baseline: columns.baseline ? meanOf(gather(columns.baseline.get(name), shared, presentInBaseline)) : null,
          candidate: meanOf(candidate),
          interval,
        }
      }
      const floors = Object.entries(ownValue(gate.by_category, category) ?? {}).map(([metric, floor]) => {
        const value = metrics[metric]?.candidate ?? null
        const higherIsBetter = metricInfo(metric)?.higherIsBetter ?? true
        const passed = value !== null && (higherIsBetter ? value >= floor - EPS : value <= floor + EPS)
        return { metric, floor, value, passed }
      })
      return { category, n: positions.length, metrics, too_few: tooFew, floors }
    })
}

/** The values at `positions` that have one, copied into the front of `buffer`; a view of them. */
function gather(values: Float64Array | undefined, positions: readonly number[], buffer: Float64Array): Float64Array {
  if (!values) return buffer.subarray(0, 0)
  let n = 0
  for (const i of positions) {
    const v = valueAt(values, i)
    if (!Number.isNaN(v)) buffer[n++] = v
  }
  return buffer.subarray(0, n)
}

function meanOf(values: Float64Array): number | null {
  return values.length === 0 ? null : sum(values) / values.length
}

/** Left to right from 0, as reduce adds; a loop keeps the running total unboxed (reduce boxed it at every call, per question and metric). */
function sum(values: Float64Array): number {
  let total = 0
  for (let i = 0; i < values.length; i++) total += valueAt(values, i)
  return total
}

function intervalOf(metric: string, values: Float64Array): { low: number; high: number } | null {
  const info = metricInfo(metric)
  if (values.length === 0 || info?.unit === 'ms') return null
  if (info?.binary) {
    let ones = 0
    for (let i = 0; i < values.length; i++) if (values[i] === 1) ones += 1
    const w = wilson(ones, values.length)
    return w && { low: w.low, high: w.high }
  }
  const n = values.length
  const mean = sum(values) / n
  if (n < 2) return { low: 0, high: 1 }
  let squares = 0
  for (let i = 0; i < n; i++) squares += (valueAt(values, i) - mean) ** 2
  const sd = Math.sqrt(squares / (n - 1))
  const half = normalQuantile(0.975) * (sd / Math.sqrt(n))
  return { low: Math.max(0, mean - half), high: Math.min(1, mean + half) }
}
