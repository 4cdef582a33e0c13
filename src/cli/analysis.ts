import { commandLine } from '../io/cliInvocation.ts'
import { loadResults } from '../baseline/resultsFile.ts'
import { calibrate, type CalibrationReport } from '../analysis/calibrate.ts'
import { GateError, locate } from '../io/errors.ts'
import { normaliseId } from '../text/ids.ts'
import { readTable } from '../io/tabular.ts'
import { countOf } from '../text/countOf.ts'

export interface CalibrateFlags {
  human?: string[]
  judge?: string
  metric?: string
  json?: boolean
}

/** `evalgate calibrate`: the judge's scores against one or two human annotators' scores. */
export async function calibrateCommand(flags: CalibrateFlags, print: (text: string) => void): Promise<number> {
  const humans = flags.human ?? []
  if (humans.length === 0 || humans.length > 2 || !flags.judge) {
    throw new GateError(
      'usage',
      'calibrate needs --human FILE (once or twice) and --judge FILE',
      `e.g. ${commandLine('calibrate --human eval/human_a.csv --human eval/human_b.csv --judge results.json --metric accuracy')}`,
    )
  }
  const judge = await readJudgeScores(flags.judge, flags.metric ?? 'accuracy')
  const scores = []
  for (const f of humans) scores.push((await readScores(f)).scores)
  const report = calibrate({ humans: scores, judge: judge.scores, reasons: judge.reasons })
  if (report.n === 0) throw new GateError('bad_input', `no id appears in both ${humans.join(' and ')} and ${flags.judge}`, 'the files must share question ids')
  print(flags.json ? JSON.stringify(report, null, 2) : describeCalibration(report))
  return 0
}

function describeCalibration(r: CalibrationReport): string {
  const f = (v: number | null, digits = 3) => (v === null ? '— (undefined: a constant rater)' : v.toFixed(digits))
  const lines = [
    `n = ${countOf(r.n, 'question')} scored by both${r.missing.only_human || r.missing.only_judge ? ` (${r.missing.only_human} only by humans, ${r.missing.only_judge} only by the judge)` : ''}`,
    `Spearman         ${f(r.spearman)}${r.spearman_ci ? `   95% CI ${r.spearman_ci.low.toFixed(2)} … ${r.spearman_ci.high.toFixed(2)} (Fisher z)` : ''}   (usual bar > 0.70)`,
    `Pearson          ${f(r.pearson)}`,
    `weighted kappa   ${f(r.qwk)}   (quadratic, over the full 0-4 scale; usual bar > 0.60)`,
    `Cohen's kappa    ${f(r.kappa)}   (unweighted)`,
    `within 1 point   ${r.agreement_within_1 === null ? '—' : `${(r.agreement_within_1 * 100).toFixed(1)}%`}   (usual bar > 85%)`,
    `exact agreement  ${r.exact_agreement === null ? '—' : `${(r.exact_agreement * 100).toFixed(1)}%`}`,
    `PABAK            ${f(r.pabak)}   (k = 5 scale points)`,
  ]
  if (r.inter_annotator)
    lines.push(`annotators agree with each other: weighted kappa ${f(r.inter_annotator.qwk)}, Spearman ${f(r.inter_annotator.spearman)} over ${countOf(r.inter_annotator.n, 'question')}`)
  if (r.disagreements.length > 0) {
    lines.push('', 'Largest disagreements (read these by hand):')
    for (const d of r.disagreements) lines.push(`  ${d.id}: human ${d.human}, judge ${d.judge}${d.reason ? `: "${d.reason}"` : ''}`)
  }
  for (const w of r.warnings) lines.push(`warning: ${w}`)
  return lines.join('\n')
}

/** `id,score` CSV (the score column may have any name: the first column after id that is not `reason`). */
async function readScores(file: string): Promise<{ scores: Map<string, number>; reasons: Map<string, string> }> {
  const table = await readTable(file, 'scores file')
  const columns = table.columns ?? Object.keys(table.records[0]?.data ?? {})
  const scoreColumn = columns.includes('score') ? 'score' : columns.find((c) => c !== 'id' && c !== 'reason')
  if (!columns.includes('id') || !scoreColumn) throw new GateError('bad_input', `${file}: expected columns id and score`, 'write a CSV with the header id,score and one 0-4 score per question')
  const scores = new Map<string, number>()
  const reasons = new Map<string, string>()
  for (const record of table.records) {
    const id = normaliseId(String(record.data.id ?? ''))
    const raw = record.data[scoreColumn]
    const value = Number(raw)
    if (!id) throw new GateError('bad_input', `${locate(file, record.line, 'id')}: empty id`, 'every row needs the id of the question it scores')
    if (String(raw ?? '').trim() === '' || !Number.isFinite(value) || value < 0 || value > 4) {
      throw new GateError('bad_input', `${locate(file, record.line, scoreColumn)}: expected a score from 0 to 4, got "${String(raw ?? '')}"`, 'scores are on the 0-4 rubric scale')
    }
    if (scores.has(id)) throw new GateError('bad_input', `${locate(file, record.line, 'id')}: id "${id}" is scored twice`, 'one score per question and annotator')
    scores.set(id, value)
    if (typeof record.data.reason === 'string') reasons.set(id, record.data.reason)
  }
  return { scores, reasons }
}

/** The judge's 0-4 scores from a scores CSV, or from a results.json (the metric's _norm value × 4). */
async function readJudgeScores(file: string, metric: string): Promise<{ scores: Map<string, number>; reasons: Map<string, string> }> {
  if (!file.endsWith('.json')) return readScores(file)
  const results = await loadResults(file)
  const name = metric.endsWith('_norm') ? metric : `${metric}_norm`
  if (!(name in results.metrics))
    throw new GateError(
      'bad_input',
      `${file}: has no metric ${name}`,
      `use --metric with one of: ${
        Object.keys(results.metrics)
          .filter((m) => m.endsWith('_norm'))
          .join(', ') || '(none: run with --judge openai)'
      }`,
    )
  const scores = new Map<string, number>()
  const reasons = new Map<string, string>()
  for (const [id, q] of Object.entries(results.questions)) {
    const v = q.scores[name]
    if (v === null || v === undefined) continue
    scores.set(id, Math.round(v * 4 * 1e6) / 1e6)
    const note = q.notes[name]
    if (note) reasons.set(id, note)
  }
  return { scores, reasons }
}
