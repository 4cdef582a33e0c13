import { directedChange, metricInfo } from '../metrics/registry.ts'
import { countOf } from '../text/countOf.ts'
import type { Comparison, QuestionChange, Results } from '../schemas/results.ts'
import { answersSection } from './answers.ts'
import { escapeCell } from './escape.ts'
import { value } from './metricTable.ts'
import { movement, questionsIn, signed } from './words.ts'

/** The per-question tables and the answers before and after, folded whole: the worst questions are named above. */
export function regressionSection(c: Comparison, regressions: number, improvements: number, answers: number, questions: Results['questions']): string[] {
  if (c.baseline.kind === 'none' || c.verdict === 'incomparable') return []
  if (c.baseline.kind === 'minimal') return ['_The baseline has aggregate metrics only: write it with `evalgate baseline` to get per-question changes._', '']
  const counts = c.change_counts
  const worse = `${countOf(counts.regression_rows, 'row')} on ${countOf(questionsIn(counts, 'regressions'), 'question')} worse`
  const better = c.improvements.length > 0 ? `, ${countOf(counts.improvement_rows, 'row')} on ${countOf(questionsIn(counts, 'improvements'), 'question')} better` : ''
  const out = [
    `<details><summary>Per-question changes: ${worse}${better}</summary>`,
    '',
    `#### Per-question regressions (${countOf(counts.regression_rows, 'row')}, ${countOf(questionsIn(counts, 'regressions'), 'question')})`,
    '',
  ]
  if (c.regressions.length === 0) out.push('No question got worse by question_drop or more.', '')
  else out.push(...changeTable(c.regressions, regressions, questions, counts.regression_rows), '', ...answersSection(c, questions, answers))
  if (c.improvements.length > 0) {
    out.push(`#### Improvements (${countOf(counts.improvement_rows, 'row')}, ${countOf(questionsIn(counts, 'improvements'), 'question')})`, '')
    out.push(...changeTable(c.improvements, improvements, questions, counts.improvement_rows), '')
  }
  return [...out, '</details>', '']
}

function changeTable(changes: readonly QuestionChange[], limit: number, questions: Results['questions'], total: number): string[] {
  const shown = changes.slice(0, limit)
  // five columns, what matters first: on a phone the id, the metric and the change stay in view
  const lines = ['| id | metric | baseline → candidate (Δ) | reason | question |', '|---|---|---|---|---|']
  for (const q of shown) {
    const info = metricInfo(q.metric)
    const flip = q.flip ? (movement(q.metric, q.candidate - q.baseline).judgement === 'worse' ? ', pass → fail' : ', fail → pass') : ''
    const delta = info?.unit === 'ms' ? `${signed(-directedChange(info, q.baseline, q.candidate) * 100, 0)}%` : signed(q.delta, 2)
    const category = q.category ? ` <sub>${escapeCell(q.category, 24)}</sub>` : ''
    lines.push(
      `| ${escapeCell(q.id, 40)}${category} | ${q.metric} | ${value(q.metric, q.baseline)} → ${value(q.metric, q.candidate)} (${delta}${flip}) | ${escapeCell(q.reason ?? '', 100)} | ${escapeCell(questions[q.id]?.question ?? '', 60)} |`,
    )
  }
  if (total > shown.length) lines.push('', `_${total - shown.length} more rows cut to keep the report readable and under GitHub's comment size limit; every question's scores are in results.json._`)
  return lines
}
