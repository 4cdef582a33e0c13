import { gateStack } from '../../src/baseline/gate.ts'
import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync, writeFileSync } from 'node:fs'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import type { AnswerContext, Candidate } from '../../src/candidates/candidate.ts'
import { answerTurnByTurn } from '../../src/candidates/turns.ts'
import { runPipeline, type PipelineDeps } from '../../src/run/pipeline/pipeline.ts'
import { makeScorer } from '../../src/run/scorers/factory.ts'
import type { CandidateOutput } from '../../src/schemas/candidate.ts'
import { ConfigSchema } from '../../src/schemas/config.ts'
import type { EvalRow } from '../../src/schemas/evalSet.ts'
import { generate } from '../../bench/generate.ts'
import { cleanupTempDirs, makeTempDir, readResults, runCli } from '../cli/harness.ts'
import { makeOutput, makeRow } from '../metrics/factories.ts'

after(cleanupTempDirs)

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

/**
 * How many of the objects are still alive after a full collection. A WeakRef keeps its target
 * until the end of the job that made it, so the collection waits for the next turn of the loop;
 * a release still under way (a scoring step that ends a turn later) gets a few more turns, each
 * with a full collection. An object the run keeps stays alive through all of them.
 */
async function alive(refs: readonly WeakRef<object>[]): Promise<number> {
  let count = refs.length
  for (let turn = 0; turn < 5 && count > 0; turn++) {
    await new Promise((resolve) => setImmediate(resolve))
    gc()
    count = refs.filter((ref) => ref.deref() !== undefined).length
  }
  return count
}

/** An answer to `row`, its contexts and retrieved ids watched by `refs`, handed to `take` (so that nothing here keeps it). */
function handOver(row: EvalRow, refs: WeakRef<object>[], take: (output: CandidateOutput) => void, latency = 120): void {
  const output = makeOutput({ id: row.id, answer: `标准为五百元[文档1]。${row.id}`, contexts: ['住宿标准为五百元。', '其他说明。'], retrieved_ids: ['D9', 'D1', 'D3'], latency_ms: latency })
  refs.push(new WeakRef(output.contexts), new WeakRef(output.retrieved_ids))
  take(output)
}

const ROWS = Array.from({ length: 40 }, (_, i) => makeRow({ id: `q${i}`, relevant_docs: [{ id: 'D1', grade: 1 }], reference_points: ['五百元'] }))
const logger = { info: () => undefined, warn: () => undefined }
const config = ConfigSchema.parse({ eval_set: 'ignored.csv', eval_set_version: 'v1', k: [5] })

/** Answers every question in reverse order, watching whether each answer's contexts and retrieved ids outlive their scoring. */
class WatchingCandidate implements Candidate {
  readonly label = 'watching candidate'
  readonly source = 'the watching candidate'
  /** per answer handed over: its contexts and retrieved ids still alive once the next one was handed over */
  readonly aliveWhileAnswering: number[] = []
  tookAnswers = false

  async answer(rows: readonly EvalRow[], context: AnswerContext): Promise<Map<string, CandidateOutput>> {
    const outputs = new Map<string, CandidateOutput>()
    const refs: WeakRef<object>[] = []
    this.tookAnswers = context.take !== undefined
    for (const row of [...rows].reverse()) {
      // once handed over, only the run can keep it alive
      handOver(row, refs, context.take ?? ((output) => void outputs.set(output.id, output)))
      this.aliveWhileAnswering.push(await alive(refs))
    }
    return outputs
  }
}

function deps(candidate: Candidate, provider: 'lexical' | 'none' = 'lexical'): PipelineDeps {
  const scorerConfig = ConfigSchema.parse({ ...config, judge: { provider } })
  return {
    evalSet: { file: 'e.csv', version: 'v1', rows: ROWS, fingerprint: 'sha256-sum:0', ids: new Set(ROWS.map((r) => r.id)), shard: null, subset: null },
    baseline: null,
    candidate,
    scorer: makeScorer(scorerConfig, { env: {}, cwd: process.cwd(), logger }),
    logger,
    clock: { startedAt: new Date(0), elapsed: () => 0 },
    gate: gateStack(null, []),
  }
}

describe('answers streamed through scoring (issue 32)', () => {
  for (const provider of ['lexical', 'none'] as const) {
    it(`lets each answer's contexts and retrieved ids go once it is scored (judge ${provider}), and keys the results in the eval set's order`, async () => {
      const candidate = new WatchingCandidate()
      const results = await runPipeline(deps(candidate, provider), config)
      assert.ok(candidate.tookAnswers, 'the candidate was asked to hand its answers over')
      assert.deepEqual(candidate.aliveWhileAnswering, new Array(ROWS.length).fill(0), 'no answer’s contexts or retrieved ids outlived its scoring')
      assert.deepEqual(
        Object.keys(results.questions),
        ROWS.map((r) => r.id),
        'in the eval set’s order, though answered in reverse',
      )
      assert.equal(results.questions.q3!.scores['recall@5'], 1)
      assert.equal(results.questions.q3!.scores.latency_ms, 120)
    })
  }

  it('lets each row go once its answer is scored when the candidate needs no question (a predictions file)', async () => {
    const refs: WeakRef<object>[] = []
    const aliveRows: number[] = []
    const rows = Array.from({ length: 20 }, (_, i) => makeRow({ id: `r${i}`, reference_points: ['五百元'] }))
    const stored: Candidate = {
      label: 'stored',
      source: 'the stored answers',
      stored: true,
      answer: async (given, context) => {
        for (const row of given) refs.push(new WeakRef(row))
        const ids = given.map((r) => r.id)
        for (const id of ids) {
          context.take!(makeOutput({ id, answer: '五百元' }))
          aliveRows.push(await alive(refs))
        }
        return new Map()
      },
    }
    const d = deps(stored)
    d.evalSet = { ...d.evalSet, rows: rows.splice(0), ids: new Set(Array.from({ length: 20 }, (_, i) => `r${i}`)) }
    const results = await runPipeline(d, config)
    // at most the row just scored is still about (the engine may hold the last one it handled)
    aliveRows.forEach((n, k) => assert.ok(n <= 20 - k, `after ${k + 1} answers ${n} rows alive: ${aliveRows.join(', ')}`))
    assert.equal(results.questions.r7!.question, '一线城市出差住宿标准是多少？')
  })

  it('keeps of a conversation’s answers only the text a later turn’s history needs', async () => {
    const rows = [1, 2, 3].map((turn) => makeRow({ id: `c1-${turn}`, question: `第${turn}问`, conversation: { id: 'c1', turn } }))
    const refs: WeakRef<object>[] = []
    const aliveBeforeWave: number[] = []
    const histories: string[] = []
    const taken: string[] = []
    const answers = await answerTurnByTurn(
      rows,
      async (wave, take) => {
        aliveBeforeWave.push(await alive(refs))
        for (const row of wave) {
          histories.push((row.history ?? []).map((m) => m.content).join('/'))
          handOver(row, refs, take!)
        }
        return new Map()
      },
      (output) => taken.push(output.id),
    )
    assert.deepEqual(taken, ['c1-1', 'c1-2', 'c1-3'])
    assert.deepEqual(histories, ['', '第1问/标准为五百元[文档1]。c1-1', '第1问/标准为五百元[文档1]。c1-1/第2问/标准为五百元[文档1]。c1-2'], 'each turn asked with the answers before it')
    assert.deepEqual(aliveBeforeWave, [0, 0, 0], 'no earlier turn’s contexts kept for the next')
    assert.equal(answers.size, 0)
  })

  it('gives the same results as the answers in the eval set’s order, however the predictions file is ordered', async () => {
    const t = makeTempDir()
    await generate(200, t.path('eval.csv'), t.path('p.jsonl'), 0.8, 4)
    const lines = readFileSync(t.path('p.jsonl'), 'utf8').trimEnd().split('\n')
    writeFileSync(t.path('shuffled.jsonl'), [...lines.filter((_, i) => i % 2 === 1).reverse(), ...lines.filter((_, i) => i % 2 === 0)].join('\n') + '\n')
    const run = (predictions: string, out: string) =>
      runCli(['run', '--config', t.config, '--eval-set', t.path('eval.csv'), '--eval-set-version', 'g', '--predictions', t.path(predictions), '--out', t.path(out)])
    assert.notEqual((await run('p.jsonl', 'a.json')).code, 2)
    assert.notEqual((await run('shuffled.jsonl', 'b.json')).code, 2)
    const [a, b] = [readResults(t.path('a.json')), readResults(t.path('b.json'))]
    assert.equal(JSON.stringify(b.questions), JSON.stringify(a.questions))
    assert.equal(JSON.stringify(b.metrics), JSON.stringify(a.metrics))
  })

  it('plans latency_ms only when some answer carries a latency, as a run that read them all first does', async () => {
    const candidate = (latencies: (number | null)[]): Candidate => ({
      label: 'c',
      source: 'c',
      answer: async (rows, context) => {
        rows.forEach((row, i) => context.take!(makeOutput({ id: row.id, answer: '五百元', latency_ms: latencies[i] ?? null })))
        return new Map()
      },
    })
    const none = await runPipeline(deps(candidate([])), config)
    assert.ok(!('latency_ms' in none.metrics))
    assert.ok(Object.values(none.questions).every((q) => !('latency_ms' in q.scores) && !('latency_ms' in q.notes)))
    const one = await runPipeline(deps(candidate([null, null, 300])), config)
    assert.equal(one.metrics.latency_ms?.n, 1)
    assert.equal(one.questions.q0!.notes.latency_ms, 'the candidate gave no latency_ms for this question')
  })
})
