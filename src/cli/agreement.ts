import { commandLine } from '../io/cliInvocation.ts'
import { agreement, readRaterFile, type AgreementReport } from '../analysis/agreement.ts'
import { GateError } from '../io/errors.ts'
import { EXIT } from '../run/pipeline/pipeline.ts'
import type { CommandContext } from './command.ts'
import { countOf } from '../text/countOf.ts'
import { knownAt } from '../io/known.ts'

/** `evalgate agreement --raters a.csv b.csv c.csv --column difficulty`: informs, never gates (exit 0 unless the input is wrong). */
export async function agreementCommand({ flags, io }: CommandContext): Promise<number> {
  const files = (flags.raters as string[] | undefined) ?? []
  if (files.length < 2) throw new GateError('usage', `agreement needs two or more rater files, got ${files.length}`, `e.g. ${commandLine('agreement --raters a.csv b.csv c.csv --column difficulty')}`)
  const column = flags.column as string
  const raters = []
  for (const f of files) raters.push(await readRaterFile(f, column))
  const report = agreement(raters)
  io.stdout(flags.json ? JSON.stringify(report, null, 2) + '\n' : describe(report, column, files))
  return EXIT.pass
}

function describe(r: AgreementReport, column: string, files: readonly string[]): string {
  const f = (v: number | null | undefined) => (v === null || v === undefined ? '— (undefined: every label the same)' : v.toFixed(3))
  const plain = (t: string) => t.replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu, ' ')
  const lines = [
    `"${plain(column)}" labelled by ${r.raters} raters on ${countOf(r.items, 'question')}; labels: ${r.categories.map(plain).join(', ')}`,
    `Fleiss' kappa    ${f(r.fleiss_kappa)}   (usual bar > 0.60)`,
    `agreement        ${(r.observed_agreement * 100).toFixed(1)}% of rater pairs per question, ${(r.chance_agreement * 100).toFixed(1)}% expected by chance`,
  ]
  if (r.raters === 2) {
    lines.push(`Cohen's kappa    ${f(r.cohen_kappa)}`)
    if (r.weighted_kappa !== undefined) lines.push(`weighted kappa   ${f(r.weighted_kappa)}   (quadratic: the labels are integers)`)
    lines.push(`exact agreement  ${r.exact_agreement === null || r.exact_agreement === undefined ? '—' : `${(r.exact_agreement * 100).toFixed(1)}%`}`)
    lines.push(`PABAK            ${f(r.pabak)}   (k = ${r.categories.length} labels)`)
  }
  if (r.disagreement_count > 0) {
    lines.push('', `${countOf(r.disagreement_count, 'question')} not labelled alike (discuss and settle them):`)
    for (const d of r.disagreements) lines.push(`  ${plain(d.id)}: ${d.labels.map((l, i) => `${plain(l)} (${plain(knownAt(files, i, "a rater's file"))})`).join(', ')}`)
    if (r.disagreement_count > r.disagreements.length) lines.push(`  … and ${r.disagreement_count - r.disagreements.length} more`)
  }
  return lines.join('\n') + '\n'
}
