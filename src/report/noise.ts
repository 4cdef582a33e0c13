import type { Comparison } from '../schemas/results.ts'

/** Noise is stated, not hidden: what this n can detect, how many questions moved, and the other gate mode. */
export function noiseSection(c: Comparison): string[] {
  const lines: string[] = []
  if (c.noise) {
    const n = c.noise
    lines.push(
      `**Noise**: ${n.n} questions compared. At this n a pass rate has a 95% interval of ±${pct(n.half_width)}, and two runs must differ by about ${pct(n.mde)} to be detected with 80% power (MDE). ` +
        `${n.questions_worse} questions got worse and ${n.questions_better} better (sign test p = ${pValue(n.sign_p)}).`,
    )
    const main = c.metrics.filter((m) => m.flips && m.mde !== null && (m.flips.worse > 0 || m.flips.better > 0)).slice(0, 6)
    if (main.length > 0) lines.push('', `Per metric: ${main.map((m) => `${m.metric} ${m.flips!.worse} worse / ${m.flips!.better} better, MDE ${pct(m.mde!)}, Holm p ${pValue(m.p_holm)}`).join('; ')}.`)
  }
  const modes = c.verdicts_by_mode
  if (modes) {
    // always stated, so a team can see what switching modes would change before it does
    const other = c.gate.gate_mode === 'strict' ? 'significant' : 'strict'
    const why = other === 'significant' ? ' (it fails only on drops whose interval excludes no change, Holm-corrected across metrics)' : ' (it fails on every drop beyond max_drop)'
    lines.push(
      '',
      modes.strict === modes.significant
        ? `gate_mode \`${c.gate.gate_mode}\` decided **${c.verdict}**; \`${other}\` would have said the same.`
        : `gate_mode \`${c.gate.gate_mode}\` decided **${c.verdict}**; \`${other}\` would have said **${modes[other]}**${why}.`,
    )
  }
  if (lines.length > 0) lines.push('')
  return lines
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)} pp`
}

function pValue(p: number | null): string {
  if (p === null) return '—'
  return p < 0.001 ? '< 0.001' : p.toFixed(3)
}
