import type { Comparison, PairedTest } from '../schemas/results.ts'
import { countOf } from '../io/countOf.ts'
import { metricInfo } from '../metrics/registry.ts'
import { SIGN_FLIP_RESAMPLES } from '../stats/permutation.ts'
import { MIXED, pValue } from './words.ts'

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
    const why =
      other === 'significant'
        ? ' (it fails only on drops whose interval excludes no change and whose paired test does too, Holm-corrected across the metrics that changed)'
        : ' (it fails on every drop beyond max_drop)'
    // a mode that would have decided otherwise is news and stays in view; agreement is folded
    if (modes.strict === modes.significant) folded.push('', `gate_mode \`${c.gate.gate_mode}\` decided **${c.verdict}**; \`${other}\` would have said the same.`)
    else lines.push('', `gate_mode \`${c.gate.gate_mode}\` decided **${c.verdict}**; \`${other}\` would have said **${modes[other]}**${why}.`)
  }
  if (folded.length > 0) lines.push('', '<details><summary>Noise per metric</summary>', '', ...folded, '', '</details>')
  if (lines.length > 0) lines.push('')
  return lines
}

/** Each metric that moved on some question: worse / better, its paired test, p and Holm-corrected p, MDE; then what Holm ran over. */
function perMetricTable(c: Comparison): string[] {
  const rows = c.metrics.filter((m) => m.flips && m.mde !== null && (m.flips.worse > 0 || m.flips.better > 0))
  if (rows.length === 0) return ['No metric changed on any question.']
  return [
    '| metric | worse / better | p (paired test) | Holm p | MDE |',
    '|---|--:|--:|--:|--:|',
    ...rows.map((m) => `| ${m.metric} | ${m.flips!.worse} / ${m.flips!.better} | ${pValue(m.p)}${m.test ? ` (${TEST_WORDS[m.test]})` : ''} | ${pValue(m.p_holm)} | ${pct(m.mde!)} |`),
    ...holmSentence(c),
  ]
}

const TEST_WORDS: Record<PairedTest, string> = {
  sign_flip_exact: 'permutation, exact',
  sign_flip_monte_carlo: `permutation, ${SIGN_FLIP_RESAMPLES.toLocaleString('en')} draws`,
  sign_flip_normal: 'permutation, normal limit',
  mcnemar_mid_p: 'McNemar mid-p',
}

/** What Holm's correction ran over: the metrics that changed, each family of tied metrics counted once. */
function holmSentence(c: Comparison): string[] {
  const tests = c.noise?.tests ?? []
  if (tests.length === 0) return []
  const families = tests.filter((t) => t.metrics.length > 1).map((t) => `${t.family} (${t.metrics.join(', ')})`)
  const tied = families.length > 0 ? ` Tied metrics are one family, tested once (Simes' combination of their p): ${families.join('; ')}.` : ''
  const latency = tests.filter((t) => metricInfo(t.metrics[0]!)?.gate === 'latency_rise')
  const scores = tests.length - latency.length
  const apart = latency.length > 0 ? ` Latency is corrected on its own, apart from the scores.` : ''
  return ['', `Holm's correction ran over ${countOf(scores, 'test')}: one per metric that changed on at least one question; a metric no question moved on is not tested.${tied}${apart}`]
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)} pp`
}

/** Questions worse on one metric and better on another: in neither count, named so the counts add up. */
function mixed(c: Comparison): string {
  const m = c.change_counts.questions_mixed
  return m > 0 ? `, ${m} mixed${MIXED}` : ''
}
