/**
 * npm run bench:llm: the LLM tier against a fake OpenAI-compatible endpoint (100 ms per
 * request, a simulated judge that answers every evalgate prompt deterministically).
 * 50 Chinese questions, three runs of the CLI (bundled, as it ships, in a child process; the fake in this one):
 *   1. cold: calls per question (target ≤ 6 chat + 1 embeddings) and wall time against the
 *      ideal ceil(calls / concurrency) × latency (target ratio ≤ 1.25), and the plan's token
 *      estimate against the tokens the fake reported (target ratio 0.75-1.25);
 *   2. the same command again: everything from the cache (target 0 calls, < 2 s);
 *   3. --no-cache with injected transient faults (20% 429 with Retry-After 1 s, 5% 500, at most
 *      2 in a row for the same request, so that the 5 attempts always suffice and the run's
 *      outcome does not hang on the arrival order): retries, wall time, questions with an
 *      error (target 0), every metric scored.
 * Then the scale runs (issue 13), each the CLI (bundled into one file, as it ships) in a child
 * process of its own against a fake in this one, so the child's peak RSS is the product's: for
 * every size in BENCH_LLM_SIZES
 * (default 1000; e.g. BENCH_LLM_SIZES=1000,5000,20000) a cold run at every concurrency in
 * BENCH_LLM_CONCURRENCY (default 16,32,64) with BENCH_LLM_LATENCY_MS per request (default 200):
 * calls per question, wall / ideal, peak RSS (target ≤ 300 MB); then the last one again from the
 * cache. Sizes from 20,000 up run once, at the highest concurrency and 20 ms, for memory only.
 * BENCH_LLM_SIZES=0 skips them.
 * It prints figures and says "target met" / "target missed" beside each; it exits non-zero
 * only when a run does not produce results.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FakeOpenAI } from '../fakes/openai-server.ts'
import { installSimulatedJudge } from '../fakes/sim-judge.ts'
import { bundleMeasure } from './bundle.ts'
import { mulberry32 } from './generate.ts'

const N = 50
const REFUSE = new Set([17, 41])
const CONCURRENCY = 8
const LATENCY_MS = 100
const TARGET = { chatPerQuestion: 6, embeddingsPerQuestion: 1, ratio: 1.25, cachedMs: 2000, peakRssMb: 300 }

/** A comma-separated list of positive integers from the environment, or the default. */
function listFromEnv(name: string, fallback: number[]): number[] {
  const raw = process.env[name]
  if (raw === undefined || raw.trim() === '') return fallback
  const values = raw.split(',').map((v) => Number(v.trim()))
  if (values.some((v) => !Number.isInteger(v) || v < 0)) throw new Error(`${name}=${raw}: expected comma-separated whole numbers, e.g. 1000,5000`)
  return values.filter((v) => v > 0)
}
const SCALE = {
  sizes: listFromEnv('BENCH_LLM_SIZES', [1000]),
  concurrency: listFromEnv('BENCH_LLM_CONCURRENCY', [16, 32, 64]),
  latencyMs: listFromEnv('BENCH_LLM_LATENCY_MS', [200])[0] ?? 200,
  /** from this size up: one run at the highest concurrency, for peak RSS only */
  memoryOnlyFrom: 20_000,
  memoryOnlyLatencyMs: 20,
}

const TOPICS = ['差旅住宿', '市内交通', '年假天数', '病假工资', '加班餐补', '周末加班', '远程办公', '团建费用', '入职材料', '离职交接', '社保缴纳', '会议室预订', '培训报销', '通讯补贴']
const CATEGORIES = ['报销政策', '假期', '考勤加班', '人事流程', '行政']
const APPROVERS = ['直属主管', '部门经理', '财务负责人', 'HR业务伙伴']
const FILLER = [
  '本制度自2026年1月1日起执行，解释权归人力资源部。',
  '员工手册的其他章节另有规定的，以最新发布的版本为准。',
  '特殊情况请提前与所在部门沟通并书面备案。',
  '相关表单可在内网的人事服务栏目下载。',
]

function csvCell(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** The eval set (CSV) and the predictions (JSONL) of n questions, deterministic (REFUSE picks two should_refuse ones). */
function generateInputs(dir: string, n: number): { evalSet: string; predictions: string } {
  const random = mulberry32(2026)
  const digits = Math.max(3, String(n).length)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
  const evalRows = ['id,question,ground_truth,reference_points,category,should_refuse,relevant_doc_ids']
  const predictionRows: string[] = []
  for (let i = 0; i < n; i++) {
    const id = `q${String(i + 1).padStart(digits, '0')}`
    const topic = TOPICS[i % TOPICS.length]!
    const amount = 50 + Math.floor(random() * 20) * 25
    const days = 2 + Math.floor(random() * 12)
    const approver = pick(APPROVERS)
    const refuse = REFUSE.has(i)
    const doc = `doc_${String(i + 1).padStart(digits, '0')}`
    const s1 = `${topic}的标准为每次${amount}元`
    const s2 = `申请需在${days}个工作日内提交审批`
    const s3 = `由${approver}确认后生效`
    const points = random() < 0.5 ? [s1, s2] : [s1, s2, s3]
    const category = CATEGORIES[i % CATEGORIES.length]!
    if (refuse) {
      evalRows.push([id, `公司对${topic}的股票期权如何计税？`, '', '', category, 'true', ''].map(csvCell).join(','))
    } else {
      const relevant = [`${doc}:2`, `doc_${String(100 + i).padStart(3, '0')}`]
      evalRows.push([id, `请问${topic}的规定是什么？`, `${s1}，${s2}，${s3}。`, points.join(';'), category, 'false', relevant.join('|')].map(csvCell).join(','))
    }

    // contexts: the chunks that carry the facts, in a shuffled rank order, plus filler
    const good = random() < 0.85
    const shownAmount = good ? amount : amount + 25
    const facts = [`${topic}的标准为每次${shownAmount}元。`, `${s2}，逾期不予受理。`, `${s3}。`]
    const contextCount = 3 + Math.floor(random() * 3) // 3-5
    const contexts = [...facts.slice(0, Math.min(3, contextCount - 1)), ...FILLER.slice(0, contextCount - Math.min(3, contextCount - 1))]
    for (let k = contexts.length - 1; k > 0; k--) {
      const j = Math.floor(random() * (k + 1))
      ;[contexts[k], contexts[j]] = [contexts[j]!, contexts[k]!]
    }
    const cite = (fact: string) => `[文档${contexts.indexOf(fact) + 1}]`
    let answer: string
    if (refuse) {
      answer = '抱歉，知识库中没有相关信息，无法回答这个问题。建议咨询财务部门[文档1]。'
    } else {
      const sentences = [`${topic}的标准为每次${shownAmount}元${cite(facts[0]!)}。`, `${s2}${cite(facts[1]!)}。`]
      const third = random()
      if (third < 0.4) sentences.push(`${s3}${contexts.includes(facts[2]!) ? cite(facts[2]!) : '[文档1]'}。`)
      else if (third < 0.55) sentences.push(`逾期提交可以补办手续[文档${contexts.length}]。`)
      answer = sentences.join('')
    }
    const retrieved = Array.from({ length: 5 }, (_, r) => `doc_${String(200 + ((i * 5 + r) % 97)).padStart(3, '0')}`)
    if (!refuse && random() < 0.8) retrieved[Math.floor(random() * 3)] = doc
    predictionRows.push(JSON.stringify({ id, answer, contexts, retrieved_ids: retrieved }))
  }
  const evalSet = join(dir, `eval_set_${n}.csv`)
  const predictions = join(dir, `predictions_${n}.jsonl`)
  writeFileSync(evalSet, evalRows.join('\n') + '\n')
  writeFileSync(predictions, predictionRows.join('\n') + '\n')
  return { evalSet, predictions }
}

interface FamilyUsage {
  calls: number
  cache_hits: number
  retries: number
  errors: number
}
interface ResultsFile {
  run: {
    judge_stopped?: { cause: string; fix: string } | null
    usage: { llm_calls: number; embedding_calls: number; prompt_tokens: number; completion_tokens: number; cache_hits: number; retries: number; by_family: Record<string, FamilyUsage> }
  }
  metrics: Record<string, { mean: number | null; n: number; nan: number }>
  questions: Record<string, { should_refuse: boolean; scores: Record<string, number | null>; errors: Record<string, string> }>
}
interface RunOutcome {
  code: number
  ms: number
  results: ResultsFile
  /** what the run wrote to stderr: the judge plan among it */
  log: string
}

class RunFailed extends Error {}

/** One run of the CLI as it ships (bundled, in a child process, as the scale runs): ms is its main() alone, so Node start-up and module loading are left out. */
async function runEvalgate(label: string, args: string[], out: string): Promise<RunOutcome> {
  rmSync(out, { force: true })
  let run: Measured & { log: string }
  try {
    run = await measure(['run', ...args, '--out', out])
  } catch (error) {
    throw new RunFailed(`${label}: ${error instanceof Error ? error.message : String(error)}`)
  }
  const { code, ms, log } = run
  if (!existsSync(out)) throw new RunFailed(`${label}: no results written (exit ${code})\n${log}`)
  let results: ResultsFile
  try {
    results = JSON.parse(readFileSync(out, 'utf8')) as ResultsFile
  } catch (error) {
    throw new RunFailed(`${label}: unreadable results ${out}: ${(error as Error).message}`)
  }
  if (!results.run?.usage) throw new RunFailed(`${label}: results have no run.usage\n${log}`)
  return { code, ms, results, log }
}

const verdict = (met: boolean) => (met ? 'target met' : 'target missed')
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const per = (n: number) => (n / N).toFixed(2)

/** Metrics that by design do not score an answerable question: refuse_ok (should_refuse only), json_ok (expect_json only; none here). */
const NOT_FOR_ANSWERABLE = new Set(['refuse_ok', 'json_ok'])

function answerableMetrics(results: ResultsFile): string[] {
  return Object.keys(results.metrics).filter((m) => !NOT_FOR_ANSWERABLE.has(m))
}

/** (question, metric) pairs of answerable questions that have no value. */
function missingScores(results: ResultsFile): string[] {
  const missing: string[] = []
  for (const [id, q] of Object.entries(results.questions)) {
    if (q.should_refuse) continue
    for (const metric of answerableMetrics(results)) {
      if (q.scores[metric] === null || q.scores[metric] === undefined) missing.push(`${id}:${metric}`)
    }
  }
  return missing
}

/** (question, metric) pairs whose value differs between two runs. */
function changedScores(a: ResultsFile, b: ResultsFile): string[] {
  const changed: string[] = []
  for (const [id, q] of Object.entries(a.questions)) {
    for (const [metric, value] of Object.entries(q.scores)) {
      if (metric === 'latency_ms') continue
      if ((b.questions[id]?.scores[metric] ?? null) !== value) changed.push(`${id}:${metric}`)
    }
  }
  return changed
}

interface Measured {
  code: number
  ms: number
  cpuMs: number
  maxRssMb: number
}

/** One CLI command in a child process (bench/measure.ts bundled), asynchronously: the fake answering it lives in this process. */
function measure(args: string[]): Promise<Measured & { log: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle, ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
    let log = ''
    child.stderr.setEncoding('utf8').on('data', (t: string) => void (log = (log + t).slice(-200_000)))
    child.on('error', reject)
    child.on('close', (status) => {
      const last = log.trim().split('\n').pop() ?? ''
      try {
        resolve({ ...(JSON.parse(last) as Measured), log })
      } catch {
        reject(new RunFailed(`evalgate ${args.join(' ')} exited ${status} without its figures:\n${log.slice(-4000)}`))
      }
    })
  })
}

const mb = (m: Measured) => `${m.maxRssMb.toFixed(0)} MB`

/** The scale runs: every size at every concurrency, peak RSS of each, a cached re-run per size. */
async function scaleRuns(dir: string): Promise<void> {
  if (SCALE.sizes.length === 0) return
  const fake = new FakeOpenAI({ latencyMs: SCALE.latencyMs, record: false })
  installSimulatedJudge(fake)
  await fake.start()
  try {
    const idle = await measure(['--help'])
    console.log(`\nscale runs: the CLI in a child process each (peak RSS of that process; --help alone peaks at ${mb(idle)}), fake at ${SCALE.latencyMs} ms per request`)
    console.log('  questions  concurrency   chat + emb calls  per question   wall      ideal     wall/ideal  CPU       peak RSS')
    for (const n of SCALE.sizes) {
      const memoryOnly = n >= SCALE.memoryOnlyFrom
      const concurrencies = memoryOnly ? [Math.max(...SCALE.concurrency)] : SCALE.concurrency
      const { evalSet, predictions } = generateInputs(dir, n)
      let last: string[] = []
      for (const concurrency of concurrencies) {
        fake.options.latencyMs = memoryOnly ? SCALE.memoryOnlyLatencyMs : SCALE.latencyMs
        const out = join(dir, `scale-${n}-${concurrency}.json`)
        const cache = join(dir, `cache-${n}-${concurrency}`)
        const config = join(dir, `scale-${concurrency}.yml`)
        writeFileSync(
          config,
          ['judge:', '  provider: openai', `  base_url: ${JSON.stringify(fake.url)}`, '  model: judge-model', '  embeddings_model: embed-model', `  concurrency: ${concurrency}`, ''].join('\n'),
        )
        last = ['run', '--config', config, '--eval-set', evalSet, '--eval-set-version', 'v1', '--predictions', predictions, '--no-baseline', '--cache-dir', cache, '--out', out]
        const m = await measure(last)
        const results = JSON.parse(readFileSync(out, 'utf8')) as ResultsFile
        const u = results.run.usage
        const calls = u.llm_calls + u.embedding_calls
        const latency = fake.options.latencyMs ?? 0
        const ideal = Math.ceil(calls / concurrency) * latency
        const ratio = memoryOnly ? 'memory only' : `${(m.ms / ideal).toFixed(2)}`.padEnd(11)
        console.log(
          `  ${n.toLocaleString('en').padStart(9)}  ${String(concurrency).padStart(11)}   ${`${u.llm_calls} + ${u.embedding_calls}`.padStart(16)}  ${(calls / n).toFixed(2).padStart(12)}   ${s(m.ms).padEnd(8)}  ${s(ideal).padEnd(8)}  ${ratio} ${s(m.cpuMs).padEnd(9)} ${mb(m).padStart(7)} ${verdict(m.maxRssMb <= TARGET.peakRssMb)} (≤ ${TARGET.peakRssMb} MB)${m.code === 2 ? ' exit 2!' : ''}`,
        )
        if (results.run.judge_stopped) console.log(`    the judge stopped: ${results.run.judge_stopped.cause}; fix: ${results.run.judge_stopped.fix}`)
        else if (m.code === 2)
          console.log(
            `    the run failed:\n${m.log
              .trim()
              .split('\n')
              .filter((l) => /error|stopp|fail|cannot|refus/i.test(l))
              .slice(0, 8)
              .join('\n')}`,
          )
        rmSync(out, { force: true })
        if (memoryOnly) rmSync(cache, { recursive: true, force: true })
      }
      if (memoryOnly) continue
      const cached = await measure(last)
      const usage = (JSON.parse(readFileSync(last.at(-1)!, 'utf8')) as ResultsFile).run.usage
      console.log(
        `  ${n.toLocaleString('en').padStart(9)}  cached re-run: ${usage.llm_calls + usage.embedding_calls} calls, ${usage.cache_hits} cache hits, ${s(cached.ms)}, peak RSS ${mb(cached)} ${verdict(usage.llm_calls + usage.embedding_calls === 0)} (0 calls)`,
      )
      rmSync(last.at(-1)!, { force: true })
    }
  } finally {
    await fake.stop()
  }
}

const dir = mkdtempSync(join(tmpdir(), 'evalgate-bench-llm-'))
// the scale runs' CLI, as it ships: one bundled file
const bundle = bundleMeasure(dir)
const fake = new FakeOpenAI({ latencyMs: LATENCY_MS })
let exitCode = 0
try {
  const { evalSet, predictions } = generateInputs(dir, N)
  installSimulatedJudge(fake)
  await fake.start()
  const config = join(dir, 'evalgate.yml')
  writeFileSync(
    config,
    [
      'judge:',
      '  provider: openai',
      `  base_url: ${JSON.stringify(fake.url)}`,
      '  model: judge-model',
      '  embeddings_model: embed-model',
      `  concurrency: ${CONCURRENCY}`,
      `  cache_dir: ${JSON.stringify(join(dir, 'cache'))}`,
      '',
    ].join('\n'),
  )
  process.env.OPENAI_API_KEY = 'sk-evalgate-bench-dummy'
  const args = ['--config', config, '--eval-set', evalSet, '--eval-set-version', 'v1', '--predictions', predictions]
  const answerable = N - REFUSE.size

  console.log(`evalgate bench:llm: ${N} questions (${answerable} answerable, ${REFUSE.size} should_refuse), fake OpenAI endpoint at ${LATENCY_MS} ms per request, judge concurrency ${CONCURRENCY}\n`)

  // 1. cold run
  const cold = await runEvalgate('run 1 (cold)', args, join(dir, 'cold.json'))
  const u = cold.results.run.usage
  const served = fake.counts()
  const chat = u.llm_calls
  const embeddings = u.embedding_calls
  const total = chat + embeddings
  const ideal = Math.ceil(total / CONCURRENCY) * LATENCY_MS
  const ratio = cold.ms / ideal
  console.log(`run 1: cold cache (exit ${cold.code})`)
  console.log(`  questions                 ${N}`)
  console.log(`  chat calls                ${chat} (${per(chat)} per question) ${verdict(chat / N <= TARGET.chatPerQuestion)} (≤ ${TARGET.chatPerQuestion})`)
  console.log(`  embedding calls           ${embeddings} (${per(embeddings)} per question) ${verdict(embeddings / N <= TARGET.embeddingsPerQuestion)} (≤ ${TARGET.embeddingsPerQuestion})`)
  console.log(`  served by the fake        ${served.chat} chat + ${served.embeddings} embeddings${served.chat === chat && served.embeddings === embeddings ? '' : ' (differs from run.usage!)'}`)
  console.log('  by family                 calls  per question  cache hits  retries  errors')
  for (const [family, f] of Object.entries(u.by_family)) {
    console.log(
      `    ${family.padEnd(22)} ${String(f.calls).padStart(6)}  ${per(f.calls).padStart(12)}  ${String(f.cache_hits).padStart(10)}  ${String(f.retries).padStart(7)}  ${String(f.errors).padStart(6)}`,
    )
  }
  // the plan's estimate for well-formed replies (what the simulated judge gives) against the tokens the fake reported
  const estimated = Number(/if every reply is well-formed \(~([\d,]+) tokens/.exec(cold.log)?.[1]?.replace(/,/g, '') ?? NaN)
  const spent = u.prompt_tokens + u.completion_tokens
  const tokenRatio = estimated / spent
  console.log(
    `  estimated tokens ${estimated.toLocaleString('en')}, spent ${spent.toLocaleString('en')}, ratio ${tokenRatio.toFixed(2)} ${verdict(tokenRatio >= 0.75 && tokenRatio <= 1.25)} (0.75-1.25)`,
  )
  console.log(`  fake maxInFlight          ${fake.maxInFlight} (concurrency ${CONCURRENCY})`)
  console.log(`  wall time                 ${s(cold.ms)}`)
  console.log(`  ideal                     ${s(ideal)} = ceil(${total} calls / ${CONCURRENCY}) × ${LATENCY_MS} ms`)
  console.log(`  wall / ideal              ${ratio.toFixed(2)} ${verdict(ratio <= TARGET.ratio)} (≤ ${TARGET.ratio})`)

  // 2. the same command again: all from the cache
  fake.reset()
  const warm = await runEvalgate('run 2 (cached)', args, join(dir, 'warm.json'))
  const warmServed = fake.counts()
  const warmCalls = warm.results.run.usage.llm_calls + warm.results.run.usage.embedding_calls
  const warmRequests = fake.requests.length
  console.log(`\nrun 2: same command, from the cache (exit ${warm.code})`)
  console.log(
    `  calls made                ${warmCalls} (fake saw ${warmRequests} requests; ${warmServed.chat} chat + ${warmServed.embeddings} embeddings) ${verdict(warmCalls === 0 && warmRequests === 0)} (0)`,
  )
  console.log(`  cache hits                ${warm.results.run.usage.cache_hits}`)
  console.log(`  wall time                 ${s(warm.ms)} ${verdict(warm.ms < TARGET.cachedMs)} (< ${s(TARGET.cachedMs)})`)

  // 3. no cache, injected faults
  fake.reset()
  fake.faults({ rate429: 0.2, retryAfterSeconds: 1, rate500: 0.05, maxInARow: 2 })
  const faulty = await runEvalgate('run 3 (--no-cache, faults)', [...args, '--no-cache'], join(dir, 'faults.json'))
  const faultServed = fake.counts()
  const withErrors = Object.entries(faulty.results.questions).filter(([, q]) => Object.keys(q.errors).length > 0)
  const missing = missingScores(faulty.results)
  const fu = faulty.results.run.usage
  console.log(`\nrun 3: --no-cache, faults 20% 429 (Retry-After 1 s) + 5% 500, at most 2 in a row per request (exit ${faulty.code})`)
  console.log(`  faults injected           ${faultServed.faultsInjected} (of ${fake.requests.length} requests)`)
  console.log(`  retries                   ${fu.retries}`)
  console.log(`  calls                     ${fu.llm_calls} chat + ${fu.embedding_calls} embeddings (${fu.cache_hits} cache hits)`)
  console.log(`  fake maxInFlight          ${fake.maxInFlight}`)
  console.log(`  wall time                 ${s(faulty.ms)}`)
  console.log(`  questions with an error   ${withErrors.length} ${verdict(withErrors.length === 0)} (0)`)
  for (const [id, q] of withErrors.slice(0, 5))
    console.log(
      `    ${id}: ${Object.entries(q.errors)
        .map(([m, e]) => `${m}: ${e.slice(0, 120)}`)
        .join('; ')}`,
    )
  const metricCount = answerableMetrics(faulty.results).length
  console.log(
    `  every metric scored       ${missing.length === 0 ? 'yes' : `no, ${missing.length} values missing`} (${answerable} answerable questions × ${metricCount} metrics; refuse_ok applies to should_refuse only) ${verdict(missing.length === 0)}`,
  )
  if (missing.length > 0) console.log(`    missing: ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', …' : ''}`)
  const changed = changedScores(cold.results, faulty.results)
  console.log(`  same scores as run 1      ${changed.length === 0 ? 'yes' : `no, ${changed.length} values differ: ${changed.slice(0, 5).join(', ')}${changed.length > 5 ? ', …' : ''}`}`)
  console.log(`\nruns 1-3: the CLI bundled, in a child process; times are its main() alone (Node start-up and loading the bundle are not included)`)
  await scaleRuns(dir)
} catch (error) {
  exitCode = 1
  console.error(error instanceof RunFailed ? `bench:llm: ${error.message}` : error)
} finally {
  await fake.stop()
  rmSync(dir, { recursive: true, force: true })
}
process.exitCode = exitCode
