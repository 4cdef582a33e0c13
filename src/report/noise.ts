import type { Comparison } from '../schemas/results.ts'
import { countOf } from '../io/countOf.ts'
import { MIXED } from './words.ts'

/** Noise is stated, not hidden: what this n can detect, how many questions moved, and the other gate mode. */
export function noiseSection(c: Comparison): string[] {
  const lines: string[] = []
  const folded: string[] = []
  if (c.noise) {
    const n = c.noise
    const chance = n.sign_p === null ? '' : n.sign_p < 0.05 ? ', more than chance explains' : ', within what chance explains'
    // one plain sentence in view; the numbers behind it folded below
    lines.push(
      `**Noise**: ${countOf(n.n, 'question')} compared; ${n.questions_worse} got worse and ${n.questions_better} better${mixed(c)} (sign test p = ${pValue(n.sign_p)}${chance}), and at this n only a change of about ${pct(n.mde)} or more is detected reliably.`,
    )
    folded.push(`A pass rate has a 95% interval of ±${pct(n.half_width)} at this n; ${pct(n.mde)} is the change detected with 80% power (MDE).`, '', ...perMetricTable(c))
  }
  const modes = c.verdicts_by_mode
  if (modes) {
    // always stated, so a team can see what switching modes would change before it does
    const other = c.gate.gate_mode === 'strict' ? 'significant' : 'strict'
    const why = other === 'significant' ? ' (it fails only on drops whose interval excludes no change, Holm-corrected across metrics)' : ' (it fails on every drop beyond max_drop)'
    // a mode that would have decided otherwise is news and stays in view; agreement is folded
    if (modes.strict === modes.significant) folded.push('', `gate_mode \`${c.gate.gate_mode}\` decided **${c.verdict}**; \`${other}\` would have said the same.`)
    else lines.push('', `gate_mode \`${c.gate.gate_mode}\` decided **${c.verdict}**; \`${other}\` would have said **${modes[other]}**${why}.`)
  }
  if (folded.length > 0) lines.push('', '<details><summary>Noise per metric</summary>', '', ...folded, '', '</details>')
  if (lines.length > 0) lines.push('')
  return lines
}

/** Each metric that moved on some question: worse / better, MDE and its Holm-corrected p. */
function perMetricTable(c: Comparison): string[] {
  const rows = c.metrics.filter((m) => m.flips && m.mde !== null && (m.flips.worse > 0 || m.flips.better > 0))
  if (rows.length === 0) return ['No metric changed on any question.']
  return ['| metric | worse / better | MDE | Holm p |', '|---|--:|--:|--:|', ...rows.map((m) => `| ${m.metric} | ${m.flips!.worse} / ${m.flips!.better} | ${pct(m.mde!)} | ${pValue(m.p_holm)} |`)]
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)} pp`
}

function pValue(p: number | null): string {
  if (p === null) return '—'
  return p < 0.001 ? '< 0.001' : p.toFixed(3)
}

/** Questions worse on one metric and better on another: in neither count, named so the counts add up. */
function mixed(c: Comparison): string {
  const m = c.change_counts.questions_mixed
  return m > 0 ? `, ${m} mixed${MIXED}` : ''
}
