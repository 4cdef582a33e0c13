import { commandLine } from '../../io/cliInvocation.ts'
import { judgeHealth } from '../../compare/judgeHealth.ts'
import { loadResults } from '../../baseline/resultsFile.ts'
import { sortMetrics } from '../../metrics/registry.ts'
import type { JudgeIdentity, QuestionResult, Results, Usage } from '../../schemas/results.ts'
import { GateError } from '../../io/errors.ts'
import { idRecord, quoteId } from '../../text/ids.ts'
import { knownField } from '../../io/known.ts'
import { summarise } from './score.ts'
import { countOf } from '../../text/countOf.ts'
import { FingerprintSum, isLegacyFingerprint } from '../../baseline/fingerprint.ts'

interface Shard {
  file: string
  questions: Record<string, QuestionResult>
}

/** results.json's run.shard, once checked to be there. */
type ShardInfo = NonNullable<Results['run']['shard']>

/** The first shard read: the others must be of its run. */
interface FirstShard {
  file: string
  results: Results
  shard: ShardInfo
}

/**
 * Joins the results.json of every shard of one run into the results of the whole run. The
 * shards must come from the same eval set (version and fingerprint), the same judge and rule
 * definitions and the same shard count, and together cover every question exactly once;
 * anything else is refused with the file and the field. Shards are read one at a time, so
 * memory holds the merged questions, not every shard file at once.
 */
export async function mergeShardFiles(files: readonly string[]): Promise<Results> {
  let first: FirstShard | null = null
  const seen = new Map<number, string>()
  const fingerprints: { file: string; fingerprint: string }[] = []
  const questions = idRecord<QuestionResult>()
  // each shard's questions, to name the shard that also holds a question
  const shards: Shard[] = []
  const metricNames = new Set<string>()
  const notes = new Set<string>()
  let usage: Usage | null = null
  const timings = { candidate: 0, scoring: 0, total: 0 }
  let startedAt = ''
  let judgeStopped: Results['run']['judge_stopped'] = null
  for (const file of files) {
    const results = await loadResults(file)
    const shard = results.run.shard
    if (!shard) throw new GateError('bad_input', `${file}: not a shard (run.shard is null)`, 'merge the results of runs made with --shard i/n (Action input shard)')
    if (!first) first = { file, results, shard }
    checkSameRun(file, results, shard, first)
    const previous = seen.get(shard.index)
    if (previous) throw new GateError('bad_input', `${file}: shard ${shard.index}/${shard.count} was already given as ${previous}`, 'give each shard once')
    seen.set(shard.index, file)
    fingerprints.push({ file, fingerprint: results.run.eval_set_fingerprint })
    addQuestions(questions, shards, { file, questions: results.questions })
    Object.keys(results.metrics).forEach((m) => metricNames.add(m))
    results.run.notes.filter((n) => !n.startsWith('shard ')).forEach((n) => notes.add(n))
    usage = usage ? addUsage(usage, results.run.usage) : structuredClone(results.run.usage)
    timings.candidate = Math.max(timings.candidate, results.run.timings_ms.candidate)
    timings.scoring = Math.max(timings.scoring, results.run.timings_ms.scoring)
    timings.total = Math.max(timings.total, results.run.timings_ms.total)
    if (!startedAt || results.run.started_at < startedAt) startedAt = results.run.started_at
    judgeStopped ??= results.run.judge_stopped ?? null
  }
  if (first === null || usage === null) throw new GateError('usage', 'merge needs the results.json of every shard', `e.g. ${commandLine('merge --out merged.json shard-1.json shard-2.json')}`)
  const ref = first.results.run
  const total = checkComplete(first.shard, seen, Object.keys(questions).length)
  const fingerprint = wholeSetFingerprint(fingerprints)
  const metrics = sortMetrics(metricNames)
  fillScores(questions, metrics)
  const summary = summarise(questions, metrics)
  return {
    schema_version: first.results.schema_version,
    run: {
      ...ref,
      eval_set_fingerprint: fingerprint,
      question_count: total,
      shard: null,
      started_at: startedAt,
      timings_ms: timings,
      usage,
      notes: [...notes, `merged from ${files.length} shards`],
      ...(judgeStopped ? { judge_stopped: judgeStopped } : {}),
    },
    metrics: summary,
    questions,
    comparison: null,
    // the shards' judge health covered their own questions; the whole run's is computed again
    judge_health: first.results.judge_health && judgeHealth(questions, null, null),
  }
}

/** The shard's questions into the run's; a question of another shard too is refused, naming both. */
function addQuestions(questions: Record<string, QuestionResult>, shards: Shard[], shard: Shard): void {
  for (const id of Object.keys(shard.questions)) {
    if (questions[id] !== undefined) {
      const owner = shards.find((s) => Object.hasOwn(s.questions, id))
      if (!owner) throw new Error(`internal error: merged question ${quoteId(id)} is in no shard read before ${shard.file}`)
      throw new GateError('bad_input', `${shard.file}: question "${id}" is also in ${owner.file}`, 'shards must not overlap: were they made with the same shard count?')
    }
    questions[id] = knownField(shard.questions, id, 'question of a shard')
  }
  shards.push(shard)
}

/**
 * Every question gets a score (null) for every metric of the run. Most questions have their
 * scores' keys in one order: a question whose keys are those of one already checked is not
 * checked again (100,000 questions × 22 metrics: ~120 -> ~20 ms).
 */
function fillScores(questions: Record<string, QuestionResult>, metrics: readonly string[]): void {
  let checked: string[] | null = null
  for (const id in questions) {
    const scores = knownField(questions, id, 'merged question').scores
    const keys = Object.keys(scores)
    if (checked && sameKeys(keys, checked)) continue
    for (const m of metrics) if (!(m in scores)) scores[m] = null
    checked = Object.keys(scores)
  }
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** Every shard given, and together they hold every question of the eval set; returns that count. */
function checkComplete(shard: { count: number; total_questions: number }, seen: ReadonlyMap<number, string>, total: number): number {
  const missing = Array.from({ length: shard.count }, (_, i) => i + 1).filter((i) => !seen.has(i))
  if (missing.length > 0) {
    throw new GateError(
      'bad_input',
      `incomplete run: shard${missing.length > 1 ? 's' : ''} ${missing.join(', ')} of ${shard.count} missing`,
      "pass the results.json of every shard (download all the matrix jobs' artifacts)",
    )
  }
  if (total !== shard.total_questions) {
    throw new GateError('bad_input', `the shards hold ${countOf(total, 'question')}, the eval set has ${shard.total_questions}`, 'every shard must come from the same eval set and run')
  }
  return total
}

/**
 * The eval set's fingerprint from the shards': each covers its own rows, and their sum is the
 * whole set's (baseline/fingerprint.ts). Shards written before results schema 3 each carry the
 * whole set's, of the older kind: those must all be the same. A mix of the two is refused.
 */
function wholeSetFingerprint(shards: readonly { file: string; fingerprint: string }[]): string {
  const [older] = shards.filter((s) => isLegacyFingerprint(s.fingerprint))
  const [newer] = shards.filter((s) => !isLegacyFingerprint(s.fingerprint))
  if (older && !newer) {
    const other = shards.find((s) => s.fingerprint !== older.fingerprint)
    if (other) throw notOneRun(other.file, `eval_set_fingerprint ${JSON.stringify(other.fingerprint)} differs from ${JSON.stringify(older.fingerprint)} in ${older.file}`)
    return older.fingerprint
  }
  if (older && newer) {
    throw new GateError(
      'bad_input',
      `${older.file}: written by an evalgate from before results schema 3 (its eval_set_fingerprint is of the older kind), ${newer.file} by a later one`,
      'run every shard with the same evalgate, then merge',
    )
  }
  const sum = new FingerprintSum()
  for (const s of shards) {
    if (!sum.addFingerprint(s.fingerprint)) throw notOneRun(s.file, `eval_set_fingerprint ${JSON.stringify(s.fingerprint)} is not a fingerprint evalgate writes`)
  }
  return sum.toString()
}

function notOneRun(file: string, what: string): GateError {
  return new GateError('bad_input', `${file}: ${what}`, 'merge only the shards of one run: same eval set, judge, rules and shard count')
}

/** A shard of another run (eval set, judge and rules, shard count, k) is refused, naming the field. */
function checkSameRun(file: string, results: Results, shard: ShardInfo, first: FirstShard): void {
  const ref = first.results.run
  const run = results.run
  const mismatch = (what: string, a: unknown, b: unknown) =>
    new GateError(
      'bad_input',
      `${file}: ${what} ${JSON.stringify(b)} differs from ${JSON.stringify(a)} in ${first.file}`,
      'merge only the shards of one run: same eval set, judge, rules and shard count',
    )
  if (run.eval_set_version !== ref.eval_set_version) throw mismatch('eval_set_version', ref.eval_set_version, run.eval_set_version)
  if (!sameJudge(run.judge, ref.judge)) throw mismatch('judge', ref.judge, run.judge)
  if (shard.count !== first.shard.count) throw mismatch('shard count', first.shard.count, shard.count)
  if (String(run.k) !== String(ref.k)) throw mismatch('k', ref.k, run.k)
}

function sameJudge(a: JudgeIdentity, b: JudgeIdentity): boolean {
  return a.provider === b.provider && a.model === b.model && a.embeddings_model === b.embeddings_model && a.definitions_hash === b.definitions_hash && a.rules_hash === b.rules_hash
}

function addUsage(a: Usage, b: Usage): Usage {
  const by_family = structuredClone(a.by_family)
  for (const [name, f] of Object.entries(b.by_family)) {
    const t = by_family[name]
    by_family[name] = t
      ? {
          calls: t.calls + f.calls,
          ...(t.requests !== undefined || f.requests !== undefined ? { requests: (t.requests ?? 0) + (f.requests ?? 0) } : {}),
          cache_hits: t.cache_hits + f.cache_hits,
          retries: t.retries + f.retries,
          errors: t.errors + f.errors,
          prompt_tokens: t.prompt_tokens + f.prompt_tokens,
          completion_tokens: t.completion_tokens + f.completion_tokens,
          ms: t.ms + f.ms,
        }
      : f
  }
  return {
    llm_calls: a.llm_calls + b.llm_calls,
    embedding_calls: a.embedding_calls + b.embedding_calls,
    prompt_tokens: a.prompt_tokens + b.prompt_tokens,
    completion_tokens: a.completion_tokens + b.completion_tokens,
    cache_hits: a.cache_hits + b.cache_hits,
    retries: a.retries + b.retries,
    ...(a.requests !== undefined || b.requests !== undefined ? { requests: (a.requests ?? 0) + (b.requests ?? 0) } : {}),
    cost_usd: a.cost_usd === null && b.cost_usd === null ? null : (a.cost_usd ?? 0) + (b.cost_usd ?? 0),
    by_family,
    planned: a.planned && b.planned ? { chat: a.planned.chat + b.planned.chat, embeddings: a.planned.embeddings + b.planned.embeddings, tokens: a.planned.tokens + b.planned.tokens } : null,
  }
}
