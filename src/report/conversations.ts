import { conversationsOf, type ConversationView } from '../compare/conversations.ts'
import { countOf } from '../text/countOf.ts'
import { untrustedLine as shown } from '../text/untrusted.ts'
import { metricInfo } from '../metrics/registry.ts'
import type { Results } from '../schemas/results.ts'
import { escapeCell } from './escape.ts'

/** Conversations listed in the report and in the terminal; the rest are counted. */
const SHOWN_IN_REPORT = 20
const SHOWN_IN_TERMINAL = 5

const RULE = 'a conversation regresses when any of its turns did'

function number(metric: string, v: number | null): string {
  if (v === null) return '—'
  return metricInfo(metric)?.unit === 'ms' ? `${Math.round(v)}ms` : v.toFixed(3)
}

function meanText(metric: string, c: ConversationView): string {
  return `${number(metric, c.mean)}${c.missing > 0 ? ` (${countOf(c.missing, 'turn')} without a value)` : ''}`
}

function worstText(metric: string, c: ConversationView, id: (text: string) => string): string {
  return c.worst ? `turn ${c.worst.turn} (${id(c.worst.id)}): ${number(metric, c.worst.value)}` : '—'
}

/** The report's per-conversation table (worst first), when the run has conversations. */
export function conversationSection(results: Results): string[] {
  const view = conversationsOf(results)
  if (!view) return []
  const { metric, conversations } = view
  const retention = 'context_retention_norm' in results.metrics
  const lines = [
    '#### Conversations',
    '',
    `${countOf(conversations.length, 'conversation')}, ${view.regressed} regressed (${RULE}); mean and worst turn on ${metric}.`,
    '',
    `| conversation | turns | mean | worst turn |${retention ? ' context retention |' : ''} regressed |`,
    `|---|--:|--:|---|${retention ? '--:|' : ''}---|`,
  ]
  for (const c of conversations.slice(0, SHOWN_IN_REPORT)) {
    const regressed = c.regressedTurns.length > 0 ? `❌ turn ${c.regressedTurns.join(', ')}` : '—'
    const cells = [
      escapeCell(c.id, 40),
      String(c.turns),
      meanText(metric, c),
      worstText(metric, c, (t) => escapeCell(t, 40)),
      ...(retention ? [number('context_retention_norm', c.retention)] : []),
      regressed,
    ]
    lines.push(`| ${cells.join(' | ')} |`)
  }
  if (conversations.length > SHOWN_IN_REPORT)
    lines.push('', `… and ${countOf(conversations.length - SHOWN_IN_REPORT, 'more conversation', 'more conversations')} (every turn's scores are in results.json).`)
  lines.push('')
  return lines
}

/** The terminal's few lines on conversations: the count, how many regressed, the worst ones. */
export function conversationLines(results: Results, { red, dim }: Record<'red' | 'dim', (text: string) => string>): string[] {
  const view = conversationsOf(results)
  if (!view) return []
  const { metric, conversations } = view
  const regressed = view.regressed > 0 ? red(`${view.regressed} regressed`) : '0 regressed'
  const lines = ['', `  ${countOf(conversations.length, 'conversation')}, ${regressed} ${dim(`(${RULE}); mean and worst turn on ${metric}`)}:`]
  const width = Math.max(...conversations.slice(0, SHOWN_IN_TERMINAL).map((c) => shown(c.id).length))
  for (const c of conversations.slice(0, SHOWN_IN_TERMINAL)) {
    const retention = c.retention === null ? '' : `  retention ${number('context_retention_norm', c.retention)}`
    const flag = c.regressedTurns.length > 0 ? `  ${red(`regressed: turn ${c.regressedTurns.join(', ')}`)}` : ''
    lines.push(`    ${shown(c.id).padEnd(width)}  ${countOf(c.turns, 'turn')}  mean ${meanText(metric, c)}  worst ${worstText(metric, c, shown)}${retention}${flag}`)
  }
  if (conversations.length > SHOWN_IN_TERMINAL) lines.push(dim(`    … ${conversations.length - SHOWN_IN_TERMINAL} more in the report`))
  return lines
}
