import { commandLine } from '../io/cliInvocation.ts'
import { parseHistoryCsv } from '../baseline/history.ts'
import { GateError } from '../io/errors.ts'
import { checkOutputPaths, writeFileSafely } from '../io/safeWrite.ts'
import { readText } from '../io/tabular.ts'
import { trendSvg } from '../report/svg.ts'
import { EXIT } from '../run/pipeline/pipeline.ts'
import type { CommandContext } from './command.ts'

/** `evalgate trend`: one metric's history as an SVG line chart. */
export async function trendCommand({ flags, io }: CommandContext): Promise<number> {
  const f = flags as { history?: string; metric?: string; out?: string; threshold?: number; title?: string }
  if (!f.history || !f.metric || !f.out)
    throw new GateError('usage', 'trend needs --history FILE, --metric M and --out FILE', `e.g. ${commandLine('trend --history history.csv --metric rules_pass --out trend.svg')}`)
  checkOutputPaths([f.out])
  const rows = parseHistoryCsv(await readText(f.history, 'history file'), f.history)
  const points = rows.filter((r) => r.metric === f.metric).length
  if (points === 0) throw new GateError('bad_input', `${f.history}: no rows for metric ${f.metric}`, `metrics in the file: ${[...new Set(rows.map((r) => r.metric))].join(', ') || '(none)'}`)
  const svg = trendSvg(rows, { metric: f.metric, threshold: f.threshold ?? null, ...(f.title ? { title: f.title } : {}) })
  writeFileSafely(f.out, svg)
  io.stdout(`wrote ${f.out}: ${f.metric}, ${points} runs\n`)
  return EXIT.pass
}
