import type { Comparison, RunInfo } from '../schemas/results.ts'
import { countOf } from '../text/countOf.ts'
import { cliCommand } from '../io/cliInvocation.ts'
import { escapeInline } from './escape.ts'
import { metricInfo } from '../metrics/registry.ts'
import { MIXED, pText, pValue, signed, testWords } from './words.ts'
import { knownAt } from '../io/known.ts'

/**
 * Noise is stated, not hidden: what this n can detect, how many questions moved, and the other
 * gate mode. `notes` are always in view: what --sequential decided, and a candidate that
 * answers the same inputs differently; `inView` is the plain sentence (left out when the "what
 * changed" lines have said it already); `folded` the numbers behind it, for the metrics' <details>.
 */
export function noiseParts(c: Comparison, sequential?: RunInfo['sequential']): { notes: string[]; inView: string[]; folded: string[] } {
  const notes: string[] = []
  const inView: string[] = []
  const folded: string[] = []
  if (sequential) notes.push(sequentialNote(sequential), '')
  if (c.noise) {
    const n = c.noise
    // one plain sentence in view (with what a non-deterministic candidate adds to it); the numbers behind it folded
    const sentence = `**Noise**: ${countOf(n.n, 'question')} compared; ${n.questions_worse} got worse and ${n.questions_better} better${mixed(c)}. Each metric is judged by its own paired test (folded below)${detectable(c)}`
    inView.push(sentence)
    const determinism = determinismNote(c)
    if (determinism.length > 0) notes.push(...determinism.filter((line) => line !== ''), '')
    folded.push(sentence, '', `One pass rate is known to ±${pct(n.half_width)} (95% interval) at this n; what a comparison of two runs detects is each metric's MDE below.`, '', ...perMetricTable(c))
  }
  const modes = c.verdicts_by_mode
  if (modes) {
    // always stated, so a team can see what switching modes would change before it does
    const other = c.gate.gate_mode === 'strict' ? 'significant' : 'strict'
    const why =
      other === 'significant'
        ? ' (it fails only on drops whose interval excludes no change and whose paired test does too, Holm-corrected across the metrics that changed)'
        : ' (it fails on every drop beyond max_drop)'
    const sentence = `gate_mode \`${c.gate.gate_mode}\` decided **${c.verdict}**; \`${other}\` would have said ${modes.strict === modes.significant ? 'the same' : `**${modes[other]}**${why}`}.`
    // a mode that would have decided otherwise is news and stays in view; agreement is folded
    if (modes.strict !== modes.significant) inView.push('', sentence)
    folded.push('', sentence)
  }
  if (inView.length > 0) inView.push('')
  return { notes, inView, folded }
}

/** What --sequential judged, what settled the verdict, and what it saved. */
function sequentialNote(s: NonNullable<RunInfo['sequential']>): string {
  const judged = `the judge scored ${s.questions_judged} of ${countOf(s.questions_total, 'question')} in a seeded random order (seed ${s.seed})`
  const saved = `${countOf(s.questions_total - s.questions_judged, 'question')} and ${countOf(s.calls_saved, 'judge call')} saved`
  if (s.settled === 'fail') {
    const failed = s.metrics
      .filter((m) => m.verdict === 'fail')
      .map((m) => `\`${m.metric}\` (mean change ${signed(m.mean ?? 0, 3)} over ${m.n}; anytime-valid p of no change ${pShort(m.p_drop)}, below its ${+s.alpha_fail.toPrecision(2)})`)
    return `**Decided early** (\`--sequential\`): ${judged} and stopped once ${failed.join(', ')} settled **fail**: it dropped beyond its max_drop, and its confidence sequence, valid at every look, excludes no change; ${saved}.`
  }
  if (s.settled === 'pass') {
    return `**Decided early** (\`--sequential\`): ${judged} and stopped once every judged metric settled **pass**: the questions judged, a random draw from this eval set, showed that the full run could not fail it (a drop beyond its max_drop that its test calls significant), each by a confidence sequence for sampling without replacement, valid at every look (anytime-valid p below ${s.alpha_pass}); ${saved}.`
  }
  return `**Not decided early** (\`--sequential\`): no judged metric's anytime-valid confidence sequence settled the verdict, so the judge scored all ${countOf(s.questions_judged, 'question')} and the full run's tests decided.`
}

function pShort(p: number): string {
  return p < 0.0001 ? '< 0.0001' : `${+p.toPrecision(2)}`
}

/**
 * A candidate that answers the same inputs differently: the drops beside it carry its own noise,
 * which max_drop should be calibrated for (calibrate-noise re-runs the candidate).
 */
function determinismNote(c: Comparison): string[] {
  const d = c.determinism
  if (!d || d.answers_differ === 0) return []
  const named = d.ids.map((id) => escapeInline(id)).join(', ') + (d.answers_differ > d.ids.length ? ', …' : '')
  return [
    '',
    `**Non-deterministic candidate**: on ${d.answers_differ} of the ${countOf(d.same_inputs, 'question')} whose question, history, retrieved ids and contexts are the same as the baseline's, the answer differs (${named}). Unless this change touched how answers are generated (a prompt, the model, its sampling), the candidate answers differently from run to run, and part of every drop here is that noise: calibrate max_drop for it with \`${cliCommand(['calibrate-noise', '--rerun-candidate', '5', '--write'])}\`.`,
  ]
}

/**
 * The paired MDE in words: the range over the metrics, naming the smallest and the largest,
 * and where the variance came from (this run's paired differences, the baseline's calibrated noise).
 */
function detectable(c: Comparison): string {
  const rows = c.metrics.filter((m): m is typeof m & { mde: number } => m.mde !== null && m.mde > 0).sort((a, b) => a.mde - b.mde)
  const low = rows[0]
  const high = rows.at(-1)
  if (low === undefined || high === undefined) {
    return `. No metric moved on any question, so this run shows no noise to size a detectable drop by (${cliCommand(['calibrate-noise', '--write'])} records it in the baseline).`
  }
  const range = rows.length === 1 ? `about ${pct(low.mde)} on ${low.metric}` : `about ${pct(low.mde)} (${low.metric}) to ${pct(high.mde)} (${high.metric})`
  const fromBaseline = rows.filter((r) => r.mde_source === 'baseline').map((r) => r.metric)
  const source =
    fromBaseline.length === 0
      ? "the spread of this run's paired differences"
      : fromBaseline.length === rows.length
        ? "the baseline's calibrated noise (no question moved in this run)"
        : `the spread of this run's paired differences; for ${fromBaseline.join(', ')}, on which no question moved, the baseline's calibrated noise`
  return `; at this n that test detects a drop of ${range} 80% of the time (alpha 0.05, paired: ${source}).`
}

/** Each metric that moved on some question: worse / better, its paired test, p and adjusted p, paired MDE; then what the corrections ran over. */
function perMetricTable(c: Comparison): string[] {
  const rows = c.metrics.filter((m): m is typeof m & { flips: NonNullable<typeof m.flips> } => m.flips !== null && (m.flips.worse > 0 || m.flips.better > 0))
  if (rows.length === 0) return ['No metric changed on any question.']
  return [
    '| metric | worse / better | p (paired test) | adjusted p | MDE (paired) |',
    '|---|--:|--:|--:|--:|',
    ...rows.map(
      (m) =>
        `| ${m.metric} | ${m.flips.worse} / ${m.flips.better} | ${pValue(m.p)}${m.test ? ` (${testWords(m.test, m.clusters)})` : ''} | ${pValue(m.p_holm)} | ${m.mde === null ? '—' : pct(m.mde)} |`,
    ),
    ...primarySentence(c),
    ...holmSentence(c),
  ]
}

/** gate.primary's fixed sequence: its metrics in order with their p, and where it stopped. */
function primarySentence(c: Comparison): string[] {
  const tests = (c.noise?.tests ?? []).filter((t) => t.stage === 'primary')
  if (tests.length === 0) return []
  const stopped = tests.findIndex((t) => t.p_holm >= 0.05)
  const steps = tests.map((t, i) => `${t.family} (${stopped !== -1 && i > stopped ? 'not reached' : pText(t.p)})`)
  const stop = tests[stopped]
  const end = stop === undefined ? 'every primary metric dropped significantly' : `the sequence stopped at ${stop.family}`
  return [
    '',
    `gate.primary was tested first, each metric at alpha 0.05 in the order given, stopping at the first that did not drop significantly (fixed-sequence testing): ${steps.join(', ')}; ${end}. The other metrics share Holm's correction.`,
  ]
}

/** What Holm's correction ran over: the metrics that changed, each family of tied metrics counted once. */
function holmSentence(c: Comparison): string[] {
  const tests = (c.noise?.tests ?? []).filter((t) => t.stage !== 'primary')
  if (tests.length === 0) return []
  const families = tests.filter((t) => t.metrics.length > 1).map((t) => `${t.family} (${t.metrics.join(', ')})`)
  const tied = families.length > 0 ? ` Tied metrics are one family, tested once (Simes' combination of their p): ${families.join('; ')}.` : ''
  const latency = tests.filter((t) => metricInfo(knownAt(t.metrics, 0, "a test's first metric"))?.gate === 'latency_rise')
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
