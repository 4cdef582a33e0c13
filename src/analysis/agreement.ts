/**
 * `evalgate agreement`: do independent annotators give the same nominal label (difficulty,
 * category, should_refuse) to the same questions? Seed 003 1.1 ⑤: difficulty labelled by three
 * colleagues, checked with Fleiss' kappa, disagreements discussed. Two raters also get Cohen's
 * kappa, PABAK and raw agreement (and the quadratic weighted kappa when the labels are integers).
 */
import { commandLine } from '../io/cliInvocation.ts'
import { GateError, locate } from '../io/errors.ts'
import { readTable, requireColumns } from '../io/tabular.ts'
import { categoryCounts, cohenKappa, exactAgreement, fleiss, pabak, quadraticWeightedKappa } from '../stats/agreement.ts'
import { knownAt, knownKey } from '../io/known.ts'

export interface RaterFile {
  file: string
  /** id → label and the line it is on */
  labels: Map<string, { label: string; line: number }>
}

/** One rater's labels; every row needs an id and a non-empty label, and an id appears once. */
export async function readRaterFile(file: string, column: string): Promise<RaterFile> {
  const table = await readTable(file, 'ratings file')
  requireColumns(table, ['id', column], `each ratings file needs an id column and a "${column}" column (or pass --column with the label's column)`)
  const labels = new Map<string, { label: string; line: number }>()
  for (const record of table.records) {
    const id = cell(record.data.id)
    if (id === '') throw new GateError('bad_input', `${locate(file, record.line, 'id')}: empty id`, 'every row needs the id of the question it labels')
    const label = cell(record.data[column])
    if (label === '')
      throw new GateError('bad_input', `${locate(file, record.line, column)}: no label for "${id}"`, 'every rater labels every question: fill in the label, or remove the question from every file')
    const earlier = labels.get(id)
    if (earlier) throw new GateError('bad_input', `${locate(file, record.line, 'id')}: "${id}" is labelled twice (first on line ${earlier.line})`, 'one label per question and rater')
    labels.set(id, { label, line: record.line })
  }
  if (labels.size === 0) throw new GateError('bad_input', `${file}: no rows`, 'one row per question: id and label')
  return { file, labels }
}

function cell(value: unknown): string {
  return value === null || value === undefined ? '' : String(value).normalize('NFC').trim()
}

export interface AgreementReport {
  fleiss_kappa: number | null
  items: number
  raters: number
  categories: string[]
  observed_agreement: number
  chance_agreement: number
  /** two raters only */
  cohen_kappa?: number | null
  weighted_kappa?: number | null
  exact_agreement?: number | null
  pabak?: number | null
  /** questions the raters did not all label alike (the ones to discuss), first 20 */
  disagreements: { id: string; labels: string[] }[]
  disagreement_count: number
}

/** Every file must label the same questions: a question one file lacks is bad input, located in the file that has it. */
export function agreement(raters: readonly RaterFile[]): AgreementReport {
  const [first] = raters
  if (first === undefined || raters.length < 2)
    throw new GateError('usage', `agreement needs at least two raters, got ${raters.length}`, `e.g. ${commandLine('agreement --raters a.csv b.csv c.csv --column difficulty')}`)
  const ids = [...first.labels.keys()]
  for (const rater of raters) {
    for (const other of raters) {
      for (const [id, { line }] of other.labels) {
        if (!rater.labels.has(id))
          throw new GateError(
            'bad_input',
            `${rater.file}: no row for "${id}" (${locate(other.file, line)} has one)`,
            'every rater labels the same questions: add the row, or remove the question from every file',
          )
      }
    }
  }
  // every rater labels every id: checked above
  const items = ids.map((id) => ({ id, labels: raters.map((r) => knownKey(r.labels, id, 'label of question').label) }))
  const labels = items.map((item) => item.labels)
  const { categories, counts } = categoryCounts(labels)
  // a file without rows was refused when it was read: there are items to count
  const f = fleiss(counts)
  if (f === null) throw new Error("agreement: Fleiss' kappa got no items")
  const disagreeing = items.filter((d) => new Set(d.labels).size > 1)
  const report: AgreementReport = {
    fleiss_kappa: f.kappa,
    items: ids.length,
    raters: raters.length,
    categories,
    observed_agreement: f.observed,
    chance_agreement: f.chance,
    disagreements: disagreeing.slice(0, 20),
    disagreement_count: disagreeing.length,
  }
  if (raters.length === 2) Object.assign(report, twoRaters(labels, categories))
  return report
}

function twoRaters(labels: readonly string[][], categories: readonly string[]): Partial<AgreementReport> {
  const index = new Map(categories.map((c, i) => [c, i]))
  const firsts = labels.map((l) => knownAt(l, 0, "the first rater's label"))
  const seconds = labels.map((l) => knownAt(l, 1, "the second rater's label"))
  const a = firsts.map((label) => knownKey(index, label, 'category'))
  const b = seconds.map((label) => knownKey(index, label, 'category'))
  const integers = categories.every((c) => /^-?\d+$/.test(c))
  let weighted: number | null = null
  if (integers && categories.length > 1) {
    const values = categories.map(Number)
    const [min, max] = [Math.min(...values), Math.max(...values)]
    weighted = quadraticWeightedKappa(firsts.map(Number), seconds.map(Number), min, max)
  }
  return {
    cohen_kappa: cohenKappa(a, b),
    ...(integers ? { weighted_kappa: weighted } : {}),
    exact_agreement: exactAgreement(a, b),
    pabak: categories.length >= 2 ? pabak(a, b, categories.length) : null,
  }
}
