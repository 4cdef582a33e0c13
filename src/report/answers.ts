import { capAnswer } from '../baseline/answer.ts'
import { countOf } from '../text/countOf.ts'
import { ownValue } from '../text/ids.ts'
import { LINE_BREAK, untrustedLine } from '../text/untrusted.ts'
import type { BaselineAnswer, Comparison, Results } from '../schemas/results.ts'
import { escapeHtmlText, escapeInline } from './escape.ts'

/** What the reports say when a regressed question's answer hashes the same as in the baseline. */
export const UNCHANGED_WORDS = 'answer unchanged: the drop comes from scoring or the contexts, not from the answer'

/** The regressed questions the baseline kept an answer for, worst first, each once. */
export function answeredBefore(c: Comparison): [string, BaselineAnswer][] {
  const seen = new Set<string>()
  const out: [string, BaselineAnswer][] = []
  for (const { id } of c.regressions) {
    const before = ownValue(c.baseline_answers, id)
    if (seen.has(id) || !before) continue
    seen.add(id)
    out.push([id, before])
  }
  return out
}

/**
 * The Markdown report's before/after: one <details> per regressed question, worst first, at
 * most `limit`, with a count of the ones cut. Answers are untrusted text: each line is escaped
 * and the lines joined with <br> on one source line, which starts with our own words, so no
 * answer can open a block (heading, list, HTML), close the <details> or mention anyone.
 */
export function answersSection(c: Comparison, questions: Results['questions'], limit: number): string[] {
  if (c.regressions.length === 0 || c.baseline.kind === 'minimal') return []
  const answered = answeredBefore(c)
  if (answered.length === 0) {
    return ['_No answers to compare: the baseline keeps none (written before evalgate kept them); a baseline written by `evalgate baseline` now keeps each answer._', '']
  }
  const out = [`**Answers before and after** (${countOf(answered.length, 'question')} that got worse, worst first)`, '']
  for (const [id, before] of answered.slice(0, limit)) {
    const after = capAnswer(ownValue(questions, id)?.answer ?? '').answer
    out.push(`<details><summary>${escapeHtmlText(id, 40)}: ${before.unchanged ? UNCHANGED_WORDS : 'answer changed'}</summary>`, '')
    if (before.unchanged) out.push(`**Answer** (the same before and after): ${answerText(after)}`, '')
    else out.push(`**Before**: ${answerText(before.answer)}`, '', `**After**: ${answerText(after)}`, '')
    out.push('</details>', '')
  }
  if (answered.length > limit) {
    out.push(
      `_${countOf(answered.length - limit, 'more answer')} cut to keep the report readable and under GitHub's comment size limit; the baseline's answers are in results.json (comparison.baseline_answers)._`,
      '',
    )
  }
  return out
}

/** One source line: each line of the answer escaped, joined with <br>. */
function answerText(text: string): string {
  if (text.trim() === '') return '_(empty)_'
  return text
    .split(LINE_BREAK)
    .map((line) => escapeInline(line))
    .join('<br>')
}

/**
 * The terminal's before/after for the worst few regressed questions: one short line each side
 * (or one line saying the answer did not change), controls shown as codes.
 */
export function answerLines(c: Comparison, questions: Results['questions'], max: number, dim: (text: string) => string): string[] {
  const answered = answeredBefore(c).slice(0, max)
  if (answered.length === 0) return []
  const lines = ['', `  Answers before → after (worst ${countOf(answered.length, 'question')}):`]
  for (const [id, before] of answered) {
    const label = short(id, 10).padEnd(10)
    if (before.unchanged) {
      lines.push(`    ${label} ${dim(UNCHANGED_WORDS)}`)
      continue
    }
    lines.push(`    ${label} before: ${short(before.answer, 70)}`, `    ${' '.repeat(10)} after:  ${short(ownValue(questions, id)?.answer ?? '', 70)}`)
  }
  return lines
}

/** One line of at most `max` code points, controls and invisible characters as their codes. */
function short(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return untrustedLine(capAnswer(flat, max).answer)
}
