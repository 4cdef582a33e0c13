import { COLLAPSE_SHARE, LENGTH_RHO, LONGER_BY, MIN_HEALTH_ANSWERS, type JudgeHealth, type LengthStratum } from '../schemas/judgeHealth.ts'
import type { Results } from '../schemas/results.ts'
import { countOf } from '../text/countOf.ts'
import { untrustedLine } from '../text/untrusted.ts'
import { escapeInline } from './escape.ts'

/**
 * Judge health, worded from results.json's `judge_health` (compare/judgeHealth.ts computes it):
 * each warning once for the run, then the grade histogram per rubric dimension and, when the
 * answers got longer than the baseline's, the rubric within length bands. Nothing for a run
 * without an LLM judge. Metric names are evalgate's own, but are escaped like any text read
 * back from a results.json.
 */

const GRADES = [0, 1, 2, 3, 4] as const
const BLOCKS = '▁▂▃▄▅▆▇█'

/** accuracy_norm → accuracy */
const dimensionOf = (metric: string) => metric.replace(/_norm$/, '')
const percent = (share: number) => `${Math.round(share * 100)}%`
const score = (v: number | null) => (v === null ? '—' : v.toFixed(2))

/** The run's judge-health warnings, one sentence each, in the order the section shows them; `name` words (and escapes) a metric. */
export function judgeHealthWarnings(health: JudgeHealth, name: (metric: string) => string): string[] {
  const warnings: string[] = []
  // compare sets collapsed and length_biased only where the share and the rho they stand on are numbers
  const collapsed = health.dimensions.filter((d): d is typeof d & { top_share: number } => d.collapsed && d.top_share !== null)
  if (collapsed.length > 0) {
    const [first, ...rest] = collapsed.map((d) => `${name(d.metric)}: ${percent(d.top_share)} of answers got ${d.top_grade}`)
    warnings.push(`the judge has stopped discriminating on ${[first, ...rest.map((r) => `on ${r}`)].join('; ')} (more than ${percent(COLLAPSE_SHARE)} on one grade)`)
  }
  const biased = health.dimensions.filter((d): d is typeof d & { length_rho: number } => d.length_biased && d.length_rho !== null)
  const [firstBiased] = biased
  if (firstBiased) {
    // one n for the lot when the dimensions share it (the usual case: every answer graded on all four)
    const oneN = biased.every((d) => d.n === firstBiased.n)
    const rhos = biased.map((d) => `${name(d.metric)} ${d.length_rho.toFixed(2)}${oneN ? '' : ` (n = ${d.n})`}`).join(', ')
    warnings.push(`the judge's grades rise with answer length: Spearman rho ${rhos}${oneN ? ` (n = ${firstBiased.n})` : ''}, above ${LENGTH_RHO}; longer answers may be scored higher for their length`)
  }
  const lengths = health.lengths
  // compare sets longer only from the two medians
  if (lengths?.longer && lengths.median_baseline !== null && lengths.median_candidate !== null)
    warnings.push(`${longerSentence(lengths.n, lengths.median_baseline, lengths.median_candidate)}: compare the rubric within length bands to tell "better" from "longer"`)
  return warnings
}

function longerSentence(n: number, medianBaseline: number, medianCandidate: number): string {
  const rise = medianBaseline ? ` (+${percent(medianCandidate / medianBaseline - 1)})` : ''
  return `the answers got longer than the baseline's: median ${Math.round(medianBaseline)} → ${Math.round(medianCandidate)} characters${rise} over ${countOf(n, 'question')}, more than +${percent(LONGER_BY)}`
}

function bandLabel(s: LengthStratum): string {
  if (s.low === null) return `≤ ${s.high}`
  if (s.high === null) return `> ${s.low}`
  return `${s.low + 1}–${s.high}`
}

function bandName(i: number, count: number): string {
  return i === 0 ? 'short' : i === count - 1 ? 'long' : 'medium'
}

/** A five-character bar per grade 0..4, the tallest grade a full block; · for none. */
function sparkline(counts: readonly number[]): string {
  const max = Math.max(...counts)
  return counts.map((c) => (c === 0 ? '·' : BLOCKS[Math.max(0, Math.ceil((c / max) * BLOCKS.length) - 1)])).join('')
}

interface Paint {
  yellow: (text: string) => string
  dim: (text: string) => string
}

/** The terminal's lines: warnings, then one bar line per dimension, then the length bands when the answers got longer. */
export function judgeHealthLines(results: Results, { yellow, dim }: Paint): string[] {
  const health = results.judge_health
  if (!health || health.dimensions.length === 0) return []
  const name = (metric: string) => untrustedLine(dimensionOf(metric))
  const width = Math.max(...health.dimensions.map((d) => name(d.metric).length))
  const lines = ['', `  judge health: rubric grades 0→4 over ${countOf(health.answers, 'answerable question')}`]
  for (const d of health.dimensions) {
    const rho = d.length_rho === null ? '' : `  length rho ${d.length_rho.toFixed(2)}`
    lines.push(`    ${name(d.metric).padEnd(width)}  ${sparkline(d.counts)}  ${dim(`${d.counts.join(' ')}${rho}`)}`)
  }
  for (const warning of judgeHealthWarnings(health, name)) lines.push(`  ${yellow(`⚠ ${warning}`)}`)
  const strata = health.lengths?.strata
  if (strata && strata.length > 0) {
    const metrics = health.dimensions.map((d) => d.metric)
    lines.push(dim(`    length band (characters)   n baseline/candidate   ${metrics.map(name).join(' · ')}: baseline → candidate`))
    strata.forEach((s, i) => {
      const cells = metrics.map((m) => `${score(s.metrics[m]?.baseline ?? null)} → ${score(s.metrics[m]?.candidate ?? null)}`).join('  ')
      lines.push(`    ${`${bandName(i, strata.length)} ${bandLabel(s)}`.padEnd(27)}${`${s.n_baseline}/${s.n_candidate}`.padEnd(23)}${cells}`)
    })
  }
  return lines
}

/** The Markdown section: warnings and length bands in view, the grade table in a collapsible block. */
export function judgeHealthSection(results: Results): string[] {
  const health = results.judge_health
  if (!health || health.dimensions.length === 0) return []
  const name = (metric: string) => escapeInline(dimensionOf(metric))
  const out: string[] = []
  for (const warning of judgeHealthWarnings(health, name)) out.push(`> ⚠️ Judge health: ${warning}.`, '')
  const strata = health.lengths?.strata
  const metrics = health.dimensions.map((d) => d.metric)
  if (strata && strata.length > 0) {
    out.push(`**Rubric within answer-length bands** (cut at the baseline's length tertiles; baseline → candidate mean)`, '')
    out.push(`| length band (characters) | n baseline | n candidate | ${metrics.map(name).join(' | ')} |`, `|---|--:|--:|${metrics.map(() => '--:').join('|')}|`)
    strata.forEach((s, i) => {
      const cells = metrics.map((m) => `${score(s.metrics[m]?.baseline ?? null)} → ${score(s.metrics[m]?.candidate ?? null)}`)
      out.push(`| ${bandName(i, strata.length)} (${bandLabel(s)}) | ${s.n_baseline} | ${s.n_candidate} | ${cells.join(' | ')} |`)
    })
    out.push('')
  }
  out.push(`<details><summary>Judge health: rubric grades over ${countOf(health.answers, 'answerable question')}</summary>`, '')
  out.push(`| dimension | n | ${GRADES.join(' | ')} | length ρ |`, `|---|--:|${GRADES.map(() => '--:').join('|')}|--:|`)
  for (const d of health.dimensions) {
    const cells = d.counts.map((c, grade) => (grade === d.top_grade && d.top_share !== null ? `**${c}** (${percent(d.top_share)})` : String(c)))
    out.push(`| ${name(d.metric)} | ${d.n} | ${cells.join(' | ')} | ${d.length_rho === null ? '—' : d.length_rho.toFixed(2)} |`)
  }
  out.push(
    '',
    `Grades of the answerable questions (a should-refuse one is judged by refuse_ok); ρ is Spearman's between answer length in characters and the grade. Warnings from ${MIN_HEALTH_ANSWERS} answers: more than ${percent(COLLAPSE_SHARE)} on one grade, ρ above ${LENGTH_RHO}.`,
    '',
    '</details>',
    '',
  )
  return out
}
