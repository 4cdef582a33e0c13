import { GATE_PRECEDENCE } from '../baseline/gate.ts'
import type { Comparison } from '../schemas/results.ts'
import { untrustedLine } from '../text/untrusted.ts'
import { codeSpan, escapeInline } from './escape.ts'

/** One gate setting as the reader sees it: `max_drop 0.05 (evalgate.yml)`. */
export interface SettingLine {
  key: string
  value: string
  /** where the value came from; null in a results.json written before evalgate recorded it */
  source: string | null
}

/** The settings that gated the run, in the schema's order, each with its source. */
export function gateSettingLines(c: Pick<Comparison, 'gate' | 'gate_sources'>): SettingLine[] {
  return Object.entries(c.gate).map(([key, value]) => ({ key, value: settingValue(value), source: c.gate_sources?.[key] ?? null }))
}

/** `max_drop 0.05 (evalgate.yml)`; the caller makes the text safe for where it goes. */
export function settingText(line: SettingLine): string {
  return `${line.key} ${line.value} (${sourceText(line)})`
}

function sourceText(line: SettingLine): string {
  return line.source ?? 'source not recorded'
}

/** A number or word as written; a per-metric or per-category map as `metric value, …`, or `none`. */
function settingValue(value: unknown): string {
  if (value === undefined || value === null) return 'not set'
  if (typeof value !== 'object') return String(value)
  const entries = flatten(value as Record<string, unknown>, '')
  return entries.length === 0 ? 'none' : entries.join(', ')
}

function flatten(map: Record<string, unknown>, prefix: string): string[] {
  return Object.entries(map).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? flatten(value as Record<string, unknown>, `${prefix}${key}.`) : [`${prefix}${key} ${String(value)}`],
  )
}

/** The report's folded block: every setting that gated the run and where its value came from, after `lead` (the run's identity and cost) when given. */
export function gateSettingsDetails(c: Pick<Comparison, 'gate' | 'gate_sources'>, title = 'Gate settings', lead: readonly string[] = []): string[] {
  return [
    `<details><summary>${title}</summary>`,
    '',
    ...lead,
    `Each setting's value and where it came from (${escapeInline(GATE_PRECEDENCE)}: a later one wins):`,
    '',
    ...gateSettingLines(c).map((line) => `- ${codeSpan(line.key)} ${escapeInline(line.value)} (${escapeInline(sourceText(line))})`),
    '',
    '</details>',
    '',
  ]
}

/** The same for the terminal (--verbose): one setting a line, outside text with its control characters shown as codes. */
export function gateSettingsText(c: Pick<Comparison, 'gate' | 'gate_sources'>, title = 'gate settings'): string[] {
  return [`${title} (${GATE_PRECEDENCE}: a later one wins):`, ...gateSettingLines(c).map((line) => `  ${untrustedLine(settingText(line))}`)]
}

/** What `evalgate baseline` wrote (`written`: the settings the new baseline holds), as the run was gated. */
export function writtenSettingsText(c: Pick<Comparison, 'gate' | 'gate_sources'>, written: object, resultsPath: string): string[] {
  const lines = gateSettingLines(c)
  const kept = lines.filter((line) => line.key in written)
  return [
    `gate settings written, as they gated ${untrustedLine(resultsPath)} (${GATE_PRECEDENCE}: a later one wins):`,
    ...(kept.length > 0 ? kept.map((line) => `  ${untrustedLine(settingText(line))}`) : ['  none']),
  ]
}
