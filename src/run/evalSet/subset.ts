import { commandLine } from '../../io/cliInvocation.ts'
import { loadResults } from '../../baseline/resultsFile.ts'
import { GateError } from '../../io/errors.ts'
import { normaliseId, previewIds } from '../../text/ids.ts'
import { similarName } from '../../text/similarName.ts'
import { metricInfo } from '../../metrics/registry.ts'
import type { EvalRow } from '../../schemas/evalSet.ts'
import type { Results, Subset } from '../../schemas/results.ts'

/** What the user asked to re-run: `--only ID,ID` or `--failing-from results.json` (at most one). */
export interface SubsetRequest {
  only?: string
  failingFrom?: string
}

/**
 * The questions a subset run scores, in eval-set order, and how it is described in results.json
 * and the reports. A subset is never gated against the full baseline (compare gives the verdict
 * `subset`). Unknown ids in --only are an error naming them; --failing-from's ids that the eval
 * set no longer has are skipped with a warning; an empty subset is an error, not a no-op.
 */
export async function selectSubset(rows: readonly EvalRow[], request: SubsetRequest, warn: (message: string) => void): Promise<{ rows: EvalRow[]; subset: Subset } | null> {
  const { only, failingFrom } = request
  if (only !== undefined && failingFrom !== undefined) throw new GateError('usage', 'give --only or --failing-from, not both', `e.g. ${commandLine('run … --failing-from results.json')}`)
  let chosen: Chosen
  if (only !== undefined) chosen = chosenByOnly(only, rows)
  else if (failingFrom !== undefined) chosen = await chosenByFailing(failingFrom, rows, warn)
  else return null
  const { wanted, by } = chosen
  const selected = rows.filter((r) => wanted.has(r.id))
  return { rows: selected, subset: { by, questions: selected.length, total_questions: rows.length } }
}

/** The ids a subset asks for, and how results.json describes the asking. */
interface Chosen {
  wanted: Set<string>
  by: string
}

/** `--only ID,ID`: every id must be the eval set's. */
function chosenByOnly(only: string, rows: readonly EvalRow[]): Chosen {
  const known = new Set(rows.map((r) => r.id))
  const wanted = new Set(only.split(',').map(normaliseId).filter(Boolean))
  if (wanted.size === 0) throw new GateError('usage', '--only names no question id', 'e.g. --only q001,q002 (the ids of the eval set, separated by commas)')
  const unknown = [...wanted].filter((id) => !known.has(id))
  const [first] = unknown
  if (first !== undefined) {
    const guess = similarName(first, [...known])
    throw new GateError(
      'usage',
      `--only: ${unknown.length === 1 ? 'no question with id' : `${unknown.length} ids not in the eval set:`} ${previewIds(unknown)}${unknown.length === 1 ? ' in the eval set' : ''}`,
      `give ids from the eval set's id column, separated by commas${guess ? ` (did you mean "${guess}"?)` : ''}`,
    )
  }
  return { wanted, by: '--only' }
}

/** `--failing-from results.json`: its failing ids the eval set still has (the others skipped with a warning), at least one. */
async function chosenByFailing(file: string, rows: readonly EvalRow[], warn: (message: string) => void): Promise<Chosen> {
  const known = new Set(rows.map((r) => r.id))
  const failing = failingIds(await loadResults(file))
  const gone = failing.filter((id) => !known.has(id))
  if (gone.length > 0) warn(`--failing-from: ${gone.length} failing question(s) of ${file} are not in the eval set any more, skipped: ${previewIds(gone)}`)
  const wanted = new Set(failing.filter((id) => known.has(id)))
  if (wanted.size === 0) {
    throw new GateError('usage', `--failing-from: ${file} has no failing question that is in this eval set`, 'nothing to re-run: run the whole eval set (without --failing-from)')
  }
  return { wanted, by: `--failing-from ${file}` }
}

/** The questions of a results.json that failed: a failing rule, an error, or a regression against its baseline. */
export function failingIds(results: Results): string[] {
  const regressed = new Set(results.comparison?.regressions.map((q) => q.id) ?? [])
  return Object.entries(results.questions)
    .filter(([id, q]) => regressed.has(id) || Object.keys(q.errors).length > 0 || Object.entries(q.scores).some(([m, v]) => v === 0 && metricInfo(m)?.family === 'rules'))
    .map(([id]) => id)
}
