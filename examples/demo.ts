/**
 * The two demos' shared part (npm run demo, npm run demo:en): run the gate in-process on an
 * example, print the Markdown report, and close with what this run actually changed, read from
 * its own comparison in results.json, so the closing words can never disagree with the table.
 */
import { readFileSync } from 'node:fs'
import { main } from '../src/cli/main.ts'
import { cliCommand, useInvocation } from '../src/io/cliInvocation.ts'
import { countOf } from '../src/text/countOf.ts'
import { questionsBetter, questionsWorse } from '../src/compare/counts.ts'
import { MIXED, signed } from '../src/report/words.ts'
import type { Comparison, MetricRow, Results } from '../src/schemas/results.ts'

export interface Demo {
  /** what the demo's pull request changes, printed before the run */
  intro: string[]
  /** the settings file of the example; its `out` and `report` are read back after the run */
  config: string
  results: string
  report: string
  /** the exit code the example is built to produce */
  expected: 0 | 1
}

/** Changes smaller than this print as ±0.000: not a change worth a word. */
const VISIBLE_CHANGE = 0.0005

/** What moved in a comparison, in sentences: the metrics that failed, improved and got worse. */
export function whatChanged(comparison: Comparison): string[] {
  const failed = [...new Set(comparison.failures.map((f) => ('metric' in f ? f.metric : `the ${f.category} category`)))]
  const moved = comparison.metrics.filter((row) => row.change !== null && Math.abs(row.change) >= VISIBLE_CHANGE && !failed.includes(row.metric))
  const better = moved.filter((row) => row.change! > 0)
  const worse = moved.filter((row) => row.change! < 0)
  const rows = new Map(comparison.metrics.map((row) => [row.metric, row]))
  const sentences = [
    failed.length > 0 ? `The gate failed on ${failed.map((name) => withChange(name, rows.get(name))).join(', ')}.` : 'No metric failed the gate.',
    better.length > 0 ? `Improved: ${better.map((row) => withChange(row.metric, row)).join(', ')}.` : 'No metric improved.',
    worse.length > 0 ? `Worse, but within their limits: ${worse.map((row) => withChange(row.metric, row)).join(', ')}.` : 'No other metric got worse.',
  ]
  const counts = comparison.change_counts
  const mixed = counts.questions_mixed > 0 ? `, and ${counts.questions_mixed} both${MIXED}` : ''
  sentences.push(`${countOf(questionsWorse(counts), 'question')} got worse and ${questionsBetter(counts)} better${mixed}.`)
  return sentences
}

function withChange(name: string, row: MetricRow | undefined): string {
  if (row?.delta === null || row?.delta === undefined || row.metric === 'latency_ms') return name
  return `${name} ${signed(row.delta, 3)}`
}

/** Lines of at most `width` characters, broken between words. */
function wrap(text: string, width = 100): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else line = line === '' ? word : `${line} ${word}`
  }
  return line === '' ? lines : [...lines, line]
}

export async function runDemo(demo: Demo): Promise<number> {
  const args = ['run', '--config', demo.config]
  const color = process.stdout.isTTY === true && !process.env.NO_COLOR
  const bold = (s: string) => (color ? `\u001b[1m${s}\u001b[0m` : s)
  const rule = '─'.repeat(78)
  console.log(`${bold('evalgate demo')}: ${demo.intro.join('\n')}\n`)
  // the demo runs in this checkout, where the committed bundle runs with plain node: the commands it prints paste here
  const invocation = 'node bin/evalgate.js'
  useInvocation(invocation)
  console.log(`$ ${cliCommand(args)}\n${rule}`)
  const code = await main(args, { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t), color, invocation })
  if (code === 2) {
    console.error('\nThe demo could not run the gate (exit code 2): see the error above.')
    return 2
  }
  console.log(`${rule}\nThe Markdown report (the same text becomes the PR comment and the job summary), ${demo.report}:\n${rule}`)
  console.log(readFileSync(demo.report, 'utf8'))
  console.log(rule)
  console.log(bold(`A real PR check would have ${code === 1 ? 'FAILED' : 'PASSED'} here: evalgate exited with code ${code}.`))
  const results = JSON.parse(readFileSync(demo.results, 'utf8')) as Results
  if (results.comparison) console.log(wrap(`What changed in this run: ${whatChanged(results.comparison).join(' ')}`).join('\n'))
  if (code !== demo.expected) {
    console.log(`The example is built to exit with code ${demo.expected}: the baseline or the example changed; see the report above.`)
    return 1
  }
  console.log(`That is the outcome the example is built for. (The demo itself exits 0.)`)
  return 0
}
