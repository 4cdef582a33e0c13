import { existsSync, readFileSync } from 'node:fs'
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { baselineFromResults, loadBaseline, loadResults } from '../baseline/baseline.ts'
import { applyOverrides, mergeLayers, parseConfig, readConfigFile } from '../run/config.ts'
import { GateError, formatError } from '../io/errors.ts'
import { compareResults, exitCodeFor, runPipeline, DEFAULT_RESULTS_PATH, EXIT } from '../run/pipeline.ts'
import { defaultEnvironment, prepareRun } from '../run/prepare.ts'
import type { Logger } from '../io/logger.ts'
import { renderReport } from '../report/markdown.ts'
import { HELP } from './help.ts'
import { calibrateCommand, powerCommand, type CalibrateFlags, type PowerFlags } from './analysis.ts'
import { pairwiseCommand, type PairwiseFlags } from './pairwise.ts'
import { renderTerminal } from '../report/terminal.ts'
import type { Config } from '../schemas/config.ts'
import type { Results } from '../schemas/results.ts'
import { calibrateNoise } from '../analysis/noise.ts'
import { mergeShardFiles } from '../run/merge.ts'
import { writeJsonFile } from '../io/jsonFile.ts'
import { writeFileSafely } from '../io/safeWrite.ts'
import { readText } from '../io/tabular.ts'
import { appendHistory, parseHistoryCsv, type HistoryRow } from '../baseline/history.ts'
import { trendSvg } from '../report/svg.ts'

export interface CliIO {
  stdout: (text: string) => void
  stderr: (text: string) => void
  color: boolean
  now?: () => Date
}


const common = {
  help: { type: 'boolean', short: 'h' },
  config: { type: 'string' },
  'no-color': { type: 'boolean' },
  out: { type: 'string' },
  report: { type: 'string' },
  'max-drop': { type: 'string' },
  'gate-mode': { type: 'string' },
} as const satisfies ParseArgsConfig['options']

const runOptions = {
    ...common,
    'eval-set': { type: 'string' },
    'eval-set-version': { type: 'string' },
    version: { type: 'string' },
    predictions: { type: 'string' },
    'candidate-cmd': { type: 'string' },
    'candidate-timeout': { type: 'string' },
    'candidate-url': { type: 'string' },
    judge: { type: 'string' },
    'judge-base-url': { type: 'string' },
    'judge-model': { type: 'string' },
    'embeddings-model': { type: 'string' },
    'judge-api-key-env': { type: 'string' },
    concurrency: { type: 'string' },
    'cache-dir': { type: 'string' },
    'no-cache': { type: 'boolean' },
    k: { type: 'string' },
    baseline: { type: 'string' },
    'no-baseline': { type: 'boolean' },
    shard: { type: 'string' },
    history: { type: 'string' },
  } as const satisfies ParseArgsConfig['options']

const OPTIONS = {
  run: runOptions,
  compare: { ...common, baseline: { type: 'string' }, candidate: { type: 'string' } },
  merge: { ...common, baseline: { type: 'string' }, history: { type: 'string' } },
  trend: { help: common.help, history: { type: 'string' }, metric: { type: 'string' }, out: { type: 'string' }, threshold: { type: 'string' }, title: { type: 'string' } },
  baseline: { help: common.help, results: { type: 'string' }, out: { type: 'string' }, version: { type: 'string' } },
  power: { help: common.help, p: { type: 'string' }, delta: { type: 'string' }, p1: { type: 'string' }, p2: { type: 'string' }, n: { type: 'string' }, json: { type: 'boolean' } },
  'calibrate-noise': { ...runOptions, runs: { type: 'string' }, write: { type: 'boolean' } },
  calibrate: { help: common.help, human: { type: 'string', multiple: true }, judge: { type: 'string' }, metric: { type: 'string' }, json: { type: 'boolean' } },
  pairwise: {
    help: common.help,
    config: common.config,
    results: { type: 'string', multiple: true },
    names: { type: 'string' },
    json: { type: 'boolean' },
    'eval-set': runOptions['eval-set'],
    judge: runOptions.judge,
    'judge-base-url': runOptions['judge-base-url'],
    'judge-model': runOptions['judge-model'],
    'judge-api-key-env': runOptions['judge-api-key-env'],
    concurrency: runOptions.concurrency,
    'cache-dir': runOptions['cache-dir'],
    'no-cache': runOptions['no-cache'],
  },
} as const satisfies Record<string, ParseArgsConfig['options']>

type Command = keyof typeof OPTIONS

/** The CLI: argv in, exit code out. Never calls process.exit, so tests run it in-process. */
export async function main(argv: readonly string[], io: CliIO): Promise<number> {
  const [command, ...rest] = argv
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    io.stdout(HELP.main! + '\n')
    return command ? EXIT.pass : EXIT.usage
  }
  if (!(command in OPTIONS)) {
    io.stderr(`evalgate: unknown command "${command}"\n\n${HELP.main}\n`)
    return EXIT.usage
  }
  try {
    const { values, positionals } = parseArgs({ args: [...rest], options: OPTIONS[command as Command], allowPositionals: command === 'merge', strict: true })
    if ((values as { help?: boolean }).help) {
      io.stdout(HELP[command]! + '\n')
      return EXIT.pass
    }
    const logger: Logger = { info: (m) => io.stderr(`${m}\n`), warn: (m) => io.stderr(`warning: ${m}\n`) }
    switch (command as Command) {
      case 'run':
        return await runCommand(values as RunFlags, io, logger)
      case 'compare':
        return compareCommand(values as CompareFlags, io)
      case 'baseline':
        return baselineCommand(values as BaselineFlags, io)
      case 'merge':
        return mergeCommand(values as CommonFlags & { baseline?: string; history?: string }, positionals, io)
      case 'trend':
        return trendCommand(values as { history?: string; metric?: string; out?: string; threshold?: string; title?: string }, io)
      case 'power':
        powerCommand(values as PowerFlags, (t) => io.stdout(t + '\n'))
        return EXIT.pass
      case 'calibrate-noise':
        return await calibrateNoiseCommand(values as RunFlags & { runs?: string; write?: boolean }, io, logger)
      case 'calibrate':
        return calibrateCommand(values as CalibrateFlags, (t) => io.stdout(t + '\n'))
      case 'pairwise':
        await pairwiseCommand(values as PairwiseFlags, configFromRunFlags(values as RunFlags), defaultEnvironment(logger), (t) => io.stdout(t + '\n'))
        return EXIT.pass
    }
  } catch (error) {
    if (error instanceof GateError || isParseArgsError(error)) {
      const message = error instanceof GateError ? formatError(error) : `${(error as Error).message}\n  fix: see "evalgate ${command} --help"`
      io.stderr(`evalgate ${command}: ${message}\n`)
      return EXIT.usage
    }
    io.stderr(`evalgate ${command}: internal error: ${formatError(error)}\n`)
    return EXIT.usage
  }
  return EXIT.usage
}

interface CommonFlags {
  config?: string
  'no-color'?: boolean
  out?: string
  report?: string
  'max-drop'?: string
  'gate-mode'?: string
}
interface RunFlags extends CommonFlags {
  'eval-set'?: string
  'eval-set-version'?: string
  version?: string
  predictions?: string
  'candidate-cmd'?: string
  'candidate-timeout'?: string
  'candidate-url'?: string
  judge?: string
  'judge-base-url'?: string
  'judge-model'?: string
  'embeddings-model'?: string
  'judge-api-key-env'?: string
  concurrency?: string
  'cache-dir'?: string
  'no-cache'?: boolean
  k?: string
  baseline?: string
  'no-baseline'?: boolean
  shard?: string
  history?: string
}
interface CompareFlags extends CommonFlags {
  baseline?: string
  candidate?: string
}
interface BaselineFlags {
  results?: string
  out?: string
  version?: string
}

/** evalgate.yml, then the flags of `run` over it: flags win. */
function configFromRunFlags(flags: RunFlags): Config {
  const file = readConfigFile(flags.config)
  const overrides = {
    eval_set: flags['eval-set'],
    eval_set_version: flags['eval-set-version'],
    version: flags.version,
    candidate: {
      predictions: flags.predictions,
      command: flags['candidate-cmd'],
      http: flags['candidate-url'] === undefined ? undefined : { url: flags['candidate-url'] },
      timeout_ms: flags['candidate-timeout'] === undefined ? undefined : number(flags['candidate-timeout'], '--candidate-timeout'),
    },
    judge: {
      provider: flags.judge,
      base_url: flags['judge-base-url'],
      model: flags['judge-model'],
      embeddings_model: flags['embeddings-model'],
      api_key_env: flags['judge-api-key-env'],
      concurrency: flags.concurrency === undefined ? undefined : number(flags.concurrency, '--concurrency'),
      cache_dir: flags['cache-dir'],
      cache: flags['no-cache'] ? false : undefined,
    },
    k: flags.k === undefined ? undefined : flags.k.split(',').map((k) => number(k.trim(), '--k')),
    baseline: flags.baseline,
    gate: gateFlags(flags),
    out: flags.out,
    report: flags.report,
    shard: flags.shard,
    history: flags.history,
  }
  if (flags['no-baseline']) {
    if (flags.baseline) throw new GateError('usage', '--baseline and --no-baseline contradict each other', 'use one of them')
    delete file.data.baseline
  }
  return parseConfig(applyOverrides(file.data, overrides), file.source === 'flags' ? 'flags' : `${file.source} + flags`)
}

async function runCommand(flags: RunFlags, io: CliIO, logger: Logger): Promise<number> {
  const config = configFromRunFlags(flags)
  const results = await runPipeline(prepareRun(config, defaultEnvironment(logger)), config, config.out ?? DEFAULT_RESULTS_PATH)
  // the report's trend chart shows the runs before this one, then this run
  const history = readHistory(config.history)
  if (config.history) recordHistory(config.history, results, io)
  // the fix command of an incomparable run names results.json: it is written even without --out
  const out = config.out ?? (results.comparison?.verdict === 'incomparable' ? DEFAULT_RESULTS_PATH : undefined)
  return finish(results, out, config.report, io, history)
}

function readHistory(path: string | undefined): HistoryRow[] {
  return path && existsSync(path) ? parseHistoryCsv(readText(path, 'history file'), path) : []
}

function recordHistory(path: string, results: Results, io: CliIO): void {
  if (results.run.shard) {
    io.stderr(`history: not written for a single shard; append it after evalgate merge\n`)
    return
  }
  if (results.comparison?.verdict === 'incomparable') {
    io.stderr(`history: not written for a run that is not comparable with its baseline\n`)
    return
  }
  const rows = appendHistory(path, results, results.run.started_at)
  io.stderr(`history: appended ${rows} rows to ${path}\n`)
}

function mergeCommand(flags: CommonFlags & { baseline?: string; history?: string }, files: string[], io: CliIO): number {
  if (!flags.out) throw new GateError('usage', 'merge needs --out FILE', 'e.g. evalgate merge --out merged.json shard-*.json')
  let merged = mergeShardFiles(files)
  if (flags.baseline) {
    const file = readConfigFile(flags.config)
    const gateLayer = mergeLayers({ gate: file.data.gate ?? {} }, { gate: gateFlags(flags) })
    const config = parseConfig(gateLayer, file.source === 'flags' ? 'flags' : `${file.source} + flags`)
    const baseline = loadBaseline(flags.baseline)
    if (!baseline) throw new GateError('bad_input', `${flags.baseline}: baseline file not found`, 'give the path of a baseline.json or results.json to compare with')
    merged = compareResults(merged, baseline, config.gate, flags.out, flags.baseline)
  }
  const history = readHistory(flags.history)
  if (flags.history) recordHistory(flags.history, merged, io)
  io.stderr(`merged ${files.length} shards: ${merged.run.question_count} questions\n`)
  return finish(merged, flags.out, flags.report, io, history)
}

function trendCommand(flags: { history?: string; metric?: string; out?: string; threshold?: string; title?: string }, io: CliIO): number {
  if (!flags.history || !flags.metric || !flags.out) throw new GateError('usage', 'trend needs --history FILE, --metric M and --out FILE', 'e.g. evalgate trend --history history.csv --metric rules_pass --out trend.svg')
  const rows = parseHistoryCsv(readText(flags.history, 'history file'), flags.history)
  const points = rows.filter((r) => r.metric === flags.metric).length
  if (points === 0) throw new GateError('bad_input', `${flags.history}: no rows for metric ${flags.metric}`, `metrics in the file: ${[...new Set(rows.map((r) => r.metric))].join(', ') || '(none)'}`)
  const svg = trendSvg(rows, { metric: flags.metric, threshold: flags.threshold === undefined ? null : number(flags.threshold, '--threshold'), ...(flags.title ? { title: flags.title } : {}) })
  writeFileSafely(flags.out, svg)
  io.stdout(`wrote ${flags.out}: ${flags.metric}, ${points} runs\n`)
  return EXIT.pass
}

async function calibrateNoiseCommand(flags: RunFlags & { runs?: string; write?: boolean }, io: CliIO, logger: Logger): Promise<number> {
  const config = configFromRunFlags(flags)
  const rows = await calibrateNoise(config, defaultEnvironment(logger), flags.runs === undefined ? 3 : number(flags.runs, '--runs'))
  const lines = ['metric                 run means                          sd      proposed max_drop']
  for (const r of rows) {
    lines.push(`${r.metric.padEnd(22)} ${r.means.map((m) => m.toFixed(3)).join(' ').padEnd(34)} ${r.sd.toFixed(4)}  ${r.proposed_max_drop === null ? '(no judge: keep max_drop)' : r.proposed_max_drop.toFixed(3)}`)
  }
  io.stdout(lines.join('\n') + '\n')
  const proposals = Object.fromEntries(rows.filter((r) => r.proposed_max_drop !== null).map((r) => [r.metric, r.proposed_max_drop!]))
  if (flags.write) {
    const path = config.baseline ?? 'baselines/baseline.json'
    if (!loadBaseline(path)) throw new GateError('bad_input', `${path}: no baseline to write the proposals into`, 'write the baseline first: evalgate baseline --results results.json --out ' + path)
    const data = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>
    data.max_drop_overrides = { ...(data.max_drop_overrides as Record<string, number> | undefined), ...proposals }
    writeJsonFile(path, data)
    io.stdout(`wrote max_drop_overrides for ${Object.keys(proposals).length} metrics into ${path}\n`)
  } else if (Object.keys(proposals).length > 0) {
    io.stdout('run again with --write to put these into the baseline\'s max_drop_overrides\n')
  }
  return EXIT.pass
}

function compareCommand(flags: CompareFlags, io: CliIO): number {
  if (!flags.baseline || !flags.candidate) throw new GateError('usage', 'compare needs --baseline FILE and --candidate RESULTS', 'e.g. evalgate compare --baseline baselines/baseline.json --candidate results.json')
  const file = readConfigFile(flags.config)
  const gateLayer = mergeLayers({ gate: file.data.gate ?? {} }, { gate: gateFlags(flags) })
  const config = parseConfig(gateLayer, file.source === 'flags' ? 'flags' : `${file.source} + flags`)
  const results = loadResults(flags.candidate)
  const baseline = loadBaseline(flags.baseline)
  if (!baseline) throw new GateError('bad_input', `${flags.baseline}: baseline file not found`, 'give the path of a baseline.json or results.json to compare with')
  // the update command names the results file that exists afterwards: --out, else the candidate's own
  const compared = compareResults(results, baseline, config.gate, flags.out ?? flags.candidate, flags.baseline)
  return finish(compared, flags.out, flags.report, io)
}

function baselineCommand(flags: BaselineFlags, io: CliIO): number {
  if (!flags.results) throw new GateError('usage', 'baseline needs --results RESULTS', 'e.g. evalgate baseline --results results.json --out baselines/baseline.json')
  const out = flags.out ?? 'baselines/baseline.json'
  const results = loadResults(flags.results)
  const previous = loadBaseline(out)
  const baseline = baselineFromResults(results, previous, flags.version ?? null, (io.now ?? (() => new Date()))())
  writeJsonFile(out, baseline)
  const kept = previous ? ` (gate settings kept from the previous ${out})` : ''
  io.stdout(`wrote ${out}: version ${baseline.version}, eval set ${baseline.eval_set_version}, ${Object.keys(baseline.questions ?? {}).length} questions, ${Object.keys(baseline.metrics).length} metrics${kept}\n`)
  return EXIT.pass
}

function finish(results: Results, out: string | undefined, report: string | undefined, io: CliIO, history: readonly HistoryRow[] = []): number {
  if (out) writeJsonFile(out, results)
  if (report) writeFileSafely(report, renderReport(results, { maxChars: Infinity, history }))
  io.stdout(renderTerminal(results, { color: io.color }) + '\n')
  const written = [out && `results: ${out}`, report && `report: ${report}`].filter(Boolean).join(', ')
  if (written) io.stdout(`\n${written}\n`)
  return exitCodeFor(results)
}

/** --max-drop and --gate-mode, the gate settings a flag can override (the rest live in evalgate.yml). */
function gateFlags(flags: CommonFlags): Record<string, unknown> {
  const mode = flags['gate-mode']
  if (mode !== undefined && mode !== 'strict' && mode !== 'significant') throw new GateError('usage', `--gate-mode expects strict or significant, got "${mode}"`, 'strict fails on any drop beyond max_drop; significant only on drops the data can tell from noise')
  return { max_drop: flags['max-drop'] === undefined ? undefined : number(flags['max-drop'], '--max-drop'), gate_mode: mode }
}

function number(text: string, flag: string): number {
  const n = Number(text)
  if (text.trim() === '' || !Number.isFinite(n)) throw new GateError('usage', `${flag} expects a number, got "${text}"`, `e.g. ${flag} ${flag === '--k' ? '5,10' : flag === '--max-drop' ? '0.02' : '60000'}`)
  return n
}

function isParseArgsError(error: unknown): boolean {
  return error instanceof Error && 'code' in error && String((error as { code: unknown }).code).startsWith('ERR_PARSE_ARGS')
}

