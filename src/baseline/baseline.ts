import { existsSync } from 'node:fs'
import { storedAnswer, type StoredAnswer } from './answer.ts'
import { checkGateMetricNames, DEFAULT_SOURCE } from './gate.ts'
import { cliCommand } from '../io/cliInvocation.ts'
import { GateError, jsonErrorLocation, Problems } from '../io/errors.ts'
import { issueText } from '../io/zodIssue.ts'
import { checkSchemaVersion } from './schemaVersion.ts'
import { idRecord } from '../text/ids.ts'
import { writeJsonFile } from '../io/jsonFile.ts'
import { BASELINE_SCHEMA_VERSION, BaselineSchema, plainBaseline, type Baseline } from '../schemas/baseline.ts'
import { GATE_KEYS, type GateSettingsInput } from '../schemas/gate.ts'
import type { Comparison, JudgeIdentity, Results } from '../schemas/results.ts'
import { BASELINE_OUTSIDE_TEXT } from '../schemas/outsideText.ts'
import { parseResults } from './resultsFile.ts'
import { reportedModels } from '../metrics/judgeCalls.ts'
import type { ReportedModels } from '../schemas/baseline.ts'
import { DEFAULT_BASELINE_PATH } from './defaultPath.ts'
import { jsonProblem, nanFix, readJsonInput } from './jsonInput.ts'

export { DEFAULT_BASELINE_PATH }

/**
 * The command that writes a new baseline from a run's results: printed wherever a baseline must
 * be refreshed, spelled the way this evalgate was started (io/cliInvocation.ts). `version` is
 * the label the new baseline goes by: the base branch's (the caller's choice), shown so that it
 * is visible and editable.
 */
export function updateBaselineCommand(resultsPath: string, baselinePath: string = DEFAULT_BASELINE_PATH, version: string | null = null): string {
  return cliCommand(['baseline', '--results', resultsPath, '--out', baselinePath, ...(version === null ? [] : ['--version', version])])
}

/**
 * What the comparison needs from a baseline, whichever file it came from: evalgate's own
 * baseline.json, the seed's minimal form (aggregates only), or another run's results.json.
 */
export interface BaselineView {
  path: string | null
  kind: 'evalgate' | 'minimal' | 'results'
  version: string | null
  eval_set_version: string
  eval_set_fingerprint: string | null
  judge: JudgeIdentity | null
  /** the model strings the judge's API reported; null when it reported none (or the file predates them) */
  judge_reported_models?: ReportedModels | null
  metrics: Record<string, number | null>
  /** per-question scores (and the answer, from a baseline of schema 2 or a results.json); null for the minimal form */
  questions: Record<
    string,
    { category: string | null; question?: string; scores: Record<string, number | null>; inputs_hash?: string; relevant_ranks?: Record<string, number | null> } & Partial<StoredAnswer>
  > | null
  settings: GateSettingsInput
  /** metric → sd of per-question paired differences between two runs of the unchanged system (calibrate-noise --write); the MDE's variance when a run's own shows none */
  noise?: Record<string, number> | null
}

/**
 * A missing file is "no baseline" (null); an unreadable or invalid one is an error naming the
 * file. Only for a path nobody named (the default path: a first run has none yet) or the file
 * about to be written; a baseline the settings name goes through loadNamedBaseline.
 */
export async function loadBaseline(path: string): Promise<BaselineView | null> {
  if (!existsSync(path)) return null
  const data = await readBaselineJson(path)
  if (isResultsFile(data)) return viewOfResults(parseResults(data, path), path)
  return viewOfBaseline(parseBaseline(data, path), path)
}

/**
 * A baseline named by --baseline, the Action's baseline input or evalgate.yml: it must exist.
 * A typo must not turn every later run into a passing first run with "no baseline yet".
 */
export async function loadNamedBaseline(path: string, namedBy = '--baseline, the baseline input or evalgate.yml'): Promise<BaselineView> {
  const baseline = await loadBaseline(path)
  if (baseline) return baseline
  throw new GateError(
    'bad_input',
    `${path}: baseline not found (named by ${namedBy})`,
    `check the path (a missing baseline is never taken for a first run); for a first run, leave the baseline unset (evalgate run --no-baseline), then write one from its results: ${updateBaselineCommand('results.json', path)}`,
  )
}

/**
 * A baseline.json to edit (calibrate-noise --write), read through its schema: unknown fields
 * are kept, and so is the file's key order (a committed baseline then changes only where its
 * content does); a results.json or an invalid file is refused naming the file. Null when absent.
 */
export async function readBaselineFile(path: string): Promise<Baseline | null> {
  if (!existsSync(path)) return null
  const data = await readBaselineJson(path)
  if (isResultsFile(data)) {
    throw new GateError('bad_input', `${path}: this is a results.json, not a baseline.json: it has no gate settings to edit`, `write a baseline from it first: ${updateBaselineCommand(path)}`)
  }
  const baseline = parseBaseline(data, path)
  // the file's key order, then any key the schema added
  const keys = [...new Set([...Object.keys(data as object), ...Object.keys(baseline)])].filter((k) => k in baseline)
  return Object.fromEntries(keys.map((k) => [k, baseline[k]])) as Baseline
}

/**
 * Every baseline evalgate writes goes through its schema first, so it never writes a file it
 * would refuse to read. The per-question scores are left out of that check: they come from a
 * parsed results.json or baseline, and checking 100,000 of them again costs seconds.
 */
export function writeBaselineFile(path: string, baseline: Baseline): void {
  BaselineSchema.parse({ ...baseline, questions: undefined })
  writeJsonFile(path, baseline, BASELINE_OUTSIDE_TEXT)
}

async function readBaselineJson(path: string): Promise<unknown> {
  const { lined, text } = await readJsonInput(path, 'baseline')
  // no text: the file was read line by line, into `lined`
  if (text === undefined) return lined
  try {
    return JSON.parse(text)
  } catch (error) {
    const fix = `restore it from git (git checkout -- <file>) or write a new one with: ${updateBaselineCommand('results.json', path)}`
    throw new GateError('bad_input', `${path}${jsonErrorLocation(text, error)}: the baseline is not valid JSON: ${jsonProblem(text, error)}`, nanFix(text, error) ?? fix)
  }
}

function parseBaseline(data: unknown, path: string): Baseline {
  checkSchemaVersion(data, path, 'baseline', [1, 2, BASELINE_SCHEMA_VERSION], updateBaselineCommand('results.json', path))
  // plain checks for a well-formed file; the schema for anything else, with its messages
  const plain = plainBaseline(data)
  if (plain) {
    checkGateMetricNames(plain, path)
    return plain
  }
  const parsed = BaselineSchema.safeParse(data)
  if (!parsed.success) {
    const problems: Problems = new Problems()
    for (const issue of parsed.error.issues) {
      problems.add(
        `${path}: not a valid baseline: ${issue.path.length ? `field "${issue.path.join('.')}": ` : ''}${issueText(issue, data)}`,
        `a baseline needs at least version, eval_set_version and metrics; write one with: ${updateBaselineCommand('results.json', path)}`,
      )
    }
    problems.fail('bad_input')
  }
  checkGateMetricNames(parsed.data, path)
  return withCompactScores(parsed.data)
}

/**
 * Each question's scores copied into a plain object (same keys, order and values). The schema's
 * record builds every scores object key by key, and V8 keeps it as a ~1.9 KB hash table: at
 * 100,000 questions ~140 MB more, held until the comparison. (JSON.parse's own objects, which
 * the plain checks keep, are compact already.)
 */
function withCompactScores(baseline: Baseline): Baseline {
  for (const q of Object.values(baseline.questions ?? {})) q.scores = { ...q.scores }
  return baseline
}

export function viewOfBaseline(b: Baseline, path: string | null): BaselineView {
  return {
    path,
    kind: b.questions ? 'evalgate' : 'minimal',
    version: b.version,
    eval_set_version: b.eval_set_version,
    eval_set_fingerprint: b.eval_set_fingerprint ?? null,
    judge: b.judge ?? null,
    judge_reported_models: b.judge_reported_models ?? null,
    metrics: b.metrics,
    questions: b.questions ?? null,
    settings: gateSettingsOf(b),
    noise: b.noise ?? null,
  }
}

export function viewOfResults(r: Results, path: string | null): BaselineView {
  return {
    path,
    kind: 'results',
    version: r.run.version,
    eval_set_version: r.run.eval_set_version,
    eval_set_fingerprint: r.run.eval_set_fingerprint,
    judge: r.run.judge,
    judge_reported_models: reportedModels(r.questions),
    metrics: Object.fromEntries(Object.entries(r.metrics).map(([m, s]) => [m, s.mean])),
    questions: idRecord(
      Object.entries(r.questions).map(([id, q]) => [
        id,
        {
          category: q.category,
          question: q.question,
          scores: q.scores,
          ...storedAnswer(q.answer),
          ...(q.inputs_hash ? { inputs_hash: q.inputs_hash } : {}),
          ...(q.relevant_ranks ? { relevant_ranks: q.relevant_ranks } : {}),
        },
      ]),
    ),
    settings: r.comparison ? gatedWith(r.comparison) : {},
  }
}

function isResultsFile(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'run' in data && 'questions' in data && 'schema_version' in data
}

/** The settings that gated a comparison and were set somewhere; all of them in a file that did not record their sources. */
function gatedWith(c: Pick<Comparison, 'gate' | 'gate_sources'>): GateSettingsInput {
  const sources = c.gate_sources
  const set = sources ? Object.entries(c.gate).filter(([key]) => sources[key] !== DEFAULT_SOURCE) : Object.entries(c.gate)
  return gateSettingsOf(Object.fromEntries(set) as GateSettingsInput)
}

function gateSettingsOf(b: GateSettingsInput): GateSettingsInput {
  const out: Record<string, unknown> = {}
  for (const k of GATE_KEYS) if (b[k] !== undefined) out[k] = b[k]
  return out as GateSettingsInput
}

/**
 * A new baseline from a run, with the gate settings that gated the run (the baseline it was
 * compared with < evalgate.yml < flags / inputs, as the run's GateStack found them), so the baseline
 * records what evalgate.yml says rather than what the file it replaces said. Every effective
 * setting is written, defaults included: the baseline states the whole gate it passed. A run
 * nobody gated (a merge without --baseline) has none: the settings of `previous`, the file
 * being replaced, are kept.
 */
export function baselineFromResults(results: Results, previous: BaselineView | null, version: string | null, now: Date): Baseline {
  const settings = results.comparison ? gateSettingsOf(results.comparison.gate) : (previous?.settings ?? {})
  const reported = reportedModels(results.questions)
  return {
    schema_version: BASELINE_SCHEMA_VERSION,
    version: version ?? results.run.version ?? 'unversioned',
    eval_set_version: results.run.eval_set_version,
    eval_set_fingerprint: results.run.eval_set_fingerprint,
    judge: results.run.judge,
    ...(reported ? { judge_reported_models: reported } : {}),
    created_at: now.toISOString(),
    ...settings,
    // the noise calibrate-noise measured belongs to the system, not to one run: kept across baselines
    ...(previous?.noise ? { noise: previous.noise } : {}),
    metrics: Object.fromEntries(Object.entries(results.metrics).map(([m, s]) => [m, s.mean === null ? null : round(s.mean)])),
    questions: idRecord(
      Object.entries(results.questions).map(([id, q]) => [
        id,
        {
          category: q.category,
          question: q.question,
          scores: Object.fromEntries(Object.entries(q.scores).map(([m, v]) => [m, v === null ? null : round(v)])),
          ...storedAnswer(q.answer),
          ...(q.inputs_hash ? { inputs_hash: q.inputs_hash } : {}),
          ...(q.relevant_ranks ? { relevant_ranks: q.relevant_ranks } : {}),
        },
      ]),
    ),
  }
}

/** 12 significant digits keep a committed baseline readable in a diff without moving any decision. */
function round(value: number): number {
  return Number(value.toPrecision(12))
}
