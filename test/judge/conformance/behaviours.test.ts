/**
 * The judge against every documented endpoint behaviour of the catalogue (behaviours.ts; each
 * with its source, SOURCES.md), through the CLI as users run it: a case nobody named ends in one
 * of three ways only, never a crash, never every call sent into a failure, never a silently
 * different number:
 *   same            the scores a well-behaved endpoint of the same dialect gives, exit 0;
 *   stop            exit 2 early, the cause named, at most the behaviour's request count sent;
 *   question-error  the run completes; the rows it hits have an error naming the cause, and
 *                   every other row scores as on a well-behaved endpoint.
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import type { Results } from '../../../src/schemas/results.ts'
import { cleanupTempDirs, makeTempDir, runCli } from '../../cli/harness.ts'
import { BEHAVIOURS, FLAGGED_MARKER, JUDGE_TIMEOUT_MS, LONG_PROMPT_CHARS, type Behaviour, type Dialect } from './behaviours.ts'
import { BehaviourServer } from './fakeEndpoint.ts'

const KEY_ENV = 'EVALGATE_BEHAVIOUR_KEY'
const KEY = 'sk-behaviour-not-a-real-key'

/** Two plain rows, a should-refuse row a filter flags, and a row whose contexts make every prompt long. */
const LONG_CONTEXT = '年假规定：入职满一年员工享有5天带薪年假，满十年享有10天。'.repeat(Math.ceil(LONG_PROMPT_CHARS / 28) + 1)
const ROWS = [
  ['q1', '出差住宿标准是多少？', '一线城市每晚500元，二线城市每晚350元。', '一线城市500元;二线城市350元', 'false', 'D1'],
  ['q2', '年假有几天？', '入职满一年有5天年假。', '满一年5天', 'false', 'D2'],
  ['q3', `怎么${FLAGGED_MARKER}发票？`, '无法回答', '', 'true', ''],
  ['q4', '满十年有几天年假？', '满十年10天年假。', '满十年10天', 'false', 'D4'],
]
const EVAL_SET = ['id,question,ground_truth,reference_points,should_refuse,relevant_doc_ids', ...ROWS.map((r) => r.join(','))].join('\n') + '\n'
const PREDICTIONS = [
  { id: 'q1', answer: '一线城市500元[文档1]。二线城市350元[文档1]。', contexts: ['差旅标准：一线城市500元，二线城市350元。'], retrieved_ids: ['D1'] },
  { id: 'q2', answer: '满一年5天[文档1]。', contexts: ['入职满一年5天年假。'], retrieved_ids: ['D2'] },
  { id: 'q3', answer: '抱歉，无法回答。', contexts: [], retrieved_ids: [] },
  { id: 'q4', answer: '满十年10天年假[文档1]。', contexts: [LONG_CONTEXT], retrieved_ids: ['D4'] },
]
/** The rows each kind of behaviour hits. */
const HITS = { flagged: 'q3', 'long-prompt': 'q4' } as const

interface Run {
  code: number
  stderr: string
  results: Results | null
  server: BehaviourServer
}

/** evalgate.yml for a dialect at this server: the judge, and embeddings on the same port (Anthropic has none: an OpenAI-style endpoint of their own). */
function judgeSettings(dialect: Dialect, server: BehaviourServer, timeoutMs: number): string {
  const common = `  api_key_env: ${KEY_ENV}\n  cache: false\n  timeout_ms: ${timeoutMs}\n  concurrency: 4\n`
  if (dialect === 'azure') return `judge:\n  provider: azure\n  base_url: ${server.origin}\n  api_version: '2024-10-21'\n  model: judge-deploy\n${common}embeddings:\n  model: embed-deploy\n`
  if (dialect === 'anthropic') {
    return `judge:\n  provider: anthropic\n  base_url: ${server.origin}\n  model: claude-judge\n${common}embeddings:\n  provider: openai\n  base_url: ${server.origin}/v1\n  model: embed-model\n  api_key_env: ${KEY_ENV}\n`
  }
  return `judge:\n  provider: openai\n  base_url: ${server.url}\n  model: judge-model\n${common}embeddings:\n  model: embed-model\n`
}

async function runAgainst(behaviour: Behaviour | null, dialect: Dialect): Promise<Run> {
  const server = await new BehaviourServer(behaviour, dialect).start()
  servers.push(server)
  const t = makeTempDir()
  writeFileSync(t.path('eval.csv'), EVAL_SET)
  writeFileSync(t.path('pred.jsonl'), PREDICTIONS.map((p) => JSON.stringify(p)).join('\n') + '\n')
  writeFileSync(t.path('evalgate.yml'), judgeSettings(dialect, server, behaviour?.timeoutMs ?? JUDGE_TIMEOUT_MS))
  const out = t.path('results.json')
  const run = await runCli(['run', '--config', t.path('evalgate.yml'), '--eval-set', t.path('eval.csv'), '--eval-set-version', 'v1', '--predictions', t.path('pred.jsonl'), '--out', out])
  const results = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as Results) : null
  return { code: run.code, stderr: run.stderr, results, server }
}

const servers: BehaviourServer[] = []
const reference = new Map<Dialect, Run>()

before(async () => {
  process.env[KEY_ENV] = KEY
  for (const dialect of ['openai', 'azure', 'anthropic'] as const) {
    const run = await runAgainst(null, dialect)
    assert.equal(run.code, 0, `the well-behaved ${dialect} endpoint: ${run.stderr}`)
    reference.set(dialect, run)
  }
})

after(async () => {
  for (const server of servers) await server.stop()
  delete process.env[KEY_ENV]
  cleanupTempDirs()
})

/** Every score of a row, as the comparison sees them. */
function scoresOf(results: Results, id: string): Record<string, number | null> {
  return results.questions[id]!.scores
}

function assertSameScores(run: Run, base: Run, except: string | null): void {
  assert.ok(run.results, 'results.json written')
  for (const id of Object.keys(base.results!.questions)) {
    if (id === except) continue
    assert.deepEqual(scoresOf(run.results, id), scoresOf(base.results!, id), `row ${id}`)
    assert.deepEqual(run.results.questions[id]!.errors, {}, `row ${id} has no errors`)
  }
}

describe('the judge against every documented endpoint behaviour', { concurrency: 4 }, () => {
  it(`catalogues at least 25 behaviours across at least 8 endpoint families, each with its source`, () => {
    assert.ok(BEHAVIOURS.length >= 25, `${BEHAVIOURS.length} behaviours`)
    assert.ok(new Set(BEHAVIOURS.map((b) => b.family)).size >= 8)
    for (const b of BEHAVIOURS) assert.match(b.source, /^(https:\/\/|[\w.-]+\/[\w.-]+#\d+$|[\w.-]+\/[\w.-]+ )/, b.id)
  })

  for (const b of BEHAVIOURS) {
    const expected = b.expect.kind === 'question-error' ? `an error on the ${b.expect.hits} row` : b.expect.kind === 'stop' ? `exit 2 within ${b.expect.maxRequests} requests` : 'the same scores'
    it(`${b.family} · ${b.id} → ${expected} (${b.source})`, async () => {
      const run = await runAgainst(b, b.dialect)
      const base = reference.get(b.dialect)!
      const requests = run.server.counts().total
      const said = `${b.what}\nexit ${run.code}, ${requests} requests\n${run.stderr}`
      assert.doesNotMatch(run.stderr, /internal error|TypeError|at .*\.ts:\d+/, said)
      const e = b.expect
      if (e.kind === 'stop') {
        assert.equal(run.code, 2, said)
        assert.match(run.stderr, e.words, said)
        assert.match(run.stderr, /fix: /, said)
        assert.ok(requests <= e.maxRequests, `${requests} requests, at most ${e.maxRequests}: ${said}`)
        return
      }
      // a question's error may fail the gate on max_error_rate (exit 1); it never stops the run
      if (e.kind === 'question-error') assert.ok(run.code === 0 || run.code === 1, said)
      else assert.equal(run.code, 0, said)
      // the retries and adaptations a behaviour costs, never a request per planned call
      const baseRequests = base.server.counts().total
      // a behaviour about a timeout ran with a short one: it must have acted (a request timed out and was sent again)
      if (b.timeoutMs !== undefined) assert.ok(requests > baseRequests, `judge.timeout_ms ${b.timeoutMs} never acted: ${requests} requests, ${baseRequests} on a well-behaved endpoint: ${said}`)
      assert.ok(requests <= baseRequests + 12, `${requests} requests against ${baseRequests} on a well-behaved endpoint: ${said}`)
      if (e.kind === 'same') {
        assertSameScores(run, base, null)
        if (e.format) assert.equal(run.results!.run.judge.response_format, e.format, said)
        return
      }
      const hit = HITS[e.hits]
      assertSameScores(run, base, hit)
      const errors = Object.values(run.results!.questions[hit]!.errors)
      assert.ok(errors.length > 0, `row ${hit} has an error: ${said}`)
      assert.ok(
        errors.every((error) => e.words.test(error)),
        errors.join('\n'),
      )
    })
  }
})
