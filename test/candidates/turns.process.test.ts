import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, describe, it } from 'node:test'
import { commandCandidate } from '../../src/candidates/command.ts'
import { httpCandidate } from '../../src/candidates/httpCandidate.ts'
import { HttpCandidateSchema } from '../../src/candidates/http.ts'
import { withHistories } from '../../src/candidates/turns.ts'
import { shardRows } from '../../src/run/evalSet/shard.ts'
import type { EvalRow } from '../../src/schemas/evalSet.ts'
import { makeOutput, makeRow } from '../metrics/factories.ts'
import { cleanupTempDirs, makeTempDir, nodeCommand, writeText } from '../cli/harness.ts'

after(cleanupTempDirs)

const logger = { info: () => undefined, warn: () => undefined }

function turn(id: string, conversation: string, n: number, question: string): EvalRow {
  return makeRow({ id, question, conversation: { id: conversation, turn: n } })
}

/** Two conversations of three and two turns, a single question and a row with a history cell. */
const ROWS: EvalRow[] = [
  turn('c1-2', 'c1', 2, 'And how much is it?'),
  turn('c1-1', 'c1', 1, 'Which plan has SSO?'),
  turn('c2-1', 'c2', 1, 'Can I export my data?'),
  turn('c1-3', 'c1', 3, 'Is that billed yearly?'),
  turn('c2-2', 'c2', 2, 'In which formats?'),
  makeRow({ id: 'single', question: 'What is the refund window?' }),
  makeRow({
    id: 'given',
    question: 'Does it include audit logs?',
    history: [
      { role: 'user', content: 'Tell me about Enterprise.' },
      { role: 'assistant', content: 'Enterprise adds SSO.' },
    ],
  }),
]

/**
 * A candidate process that appends every stdin line to a log (and a `start` line per run) and
 * answers "A(question)", or fails the question named in FAIL_ID with an error.
 */
const CANDIDATE = `
import { appendFileSync, readFileSync } from 'node:fs'
const log = process.argv[2]
appendFileSync(log, 'start\\n')
for (const line of readFileSync(0, 'utf8').split('\\n').filter(Boolean)) {
  appendFileSync(log, line + '\\n')
  const q = JSON.parse(line)
  const failed = q.id === process.env.FAIL_ID
  process.stdout.write(JSON.stringify({ id: q.id, answer: failed ? '' : 'A(' + q.question + ')', error: failed ? 'boom' : null }) + '\\n')
}
`

function runWith(env: Record<string, string> = {}) {
  const t = makeTempDir()
  const script = writeText(t.path('candidate.mjs'), CANDIDATE)
  const log = t.path('stdin.log')
  writeText(log, '')
  const candidate = commandCandidate({ command: nodeCommand(script, log), timeoutMs: 20_000, env: { ...process.env, ...env } })
  const ids = new Set(ROWS.map((r) => r.id))
  return {
    answers: candidate.answer(ROWS, { evalIds: ids, wanted: null, logger }),
    runs: () =>
      readFileSync(log, 'utf8')
        .split('start\n')
        .slice(1)
        .map((run) =>
          run
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l) as Record<string, unknown>),
        ),
  }
}

describe('command candidate: conversations are asked turn by turn with their history', () => {
  it('runs once per turn; turn k carries the earlier questions and the candidate’s own answers', async () => {
    const run = runWith()
    const answers = await run.answers
    assert.equal(answers.size, ROWS.length)
    const runs = run.runs()
    assert.deepEqual(
      runs.map((lines) => lines.map((l) => l.id)),
      [['c1-1', 'c2-1', 'single', 'given'], ['c1-2', 'c2-2'], ['c1-3']],
    )
    const line = (id: string) => runs.flat().find((l) => l.id === id)!
    assert.equal(Object.hasOwn(line('single'), 'history'), false, 'a single question has no history key')
    assert.deepEqual(line('c1-1').history, [])
    assert.deepEqual(line('given').history, ROWS[6]!.history)
    assert.deepEqual(line('c1-3').history, [
      { role: 'user', content: 'Which plan has SSO?' },
      { role: 'assistant', content: 'A(Which plan has SSO?)' },
      { role: 'user', content: 'And how much is it?' },
      { role: 'assistant', content: 'A(And how much is it?)' },
    ])
  })

  it('a turn after an unanswered turn is not asked: an error row names the turn', async () => {
    const run = runWith({ FAIL_ID: 'c1-1' })
    const answers = await run.answers
    assert.match(answers.get('c1-2')!.error!, /not asked: turn 1 of conversation "c1" \(c1-1\) has no answer/)
    assert.match(answers.get('c1-3')!.error!, /turn 1 of conversation "c1"/)
    assert.deepEqual(
      run.runs().map((lines) => lines.map((l) => l.id)),
      [['c1-1', 'c2-1', 'single', 'given'], ['c2-2']],
    )
  })

  it('a set without conversations is one run with no history key, as before', async () => {
    const t = makeTempDir()
    const script = writeText(t.path('candidate.mjs'), CANDIDATE)
    const log = writeText(t.path('stdin.log'), '')
    const rows = [makeRow({ id: 'a', question: 'x' }), makeRow({ id: 'b', question: 'y' })]
    await commandCandidate({ env: process.env, command: nodeCommand(script, log), timeoutMs: 20_000 }).answer(rows, { evalIds: new Set(['a', 'b']), wanted: null, logger })
    assert.equal(readFileSync(log, 'utf8'), 'start\n{"id":"a","question":"x"}\n{"id":"b","question":"y"}\n')
  })
})

describe('HTTP candidate: {{history}}', () => {
  it('is the earlier turns as a JSON array: a value outside a string, escaped text inside one', async () => {
    const bodies: Record<string, unknown>[] = []
    const server = createServer((req, res) => {
      let body = ''
      req.on('data', (c: Buffer) => (body += c.toString('utf8')))
      req.on('end', () => {
        const parsed = JSON.parse(body) as { id: string; q: string }
        bodies.push(parsed)
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ answer: `said "${parsed.q}"` }))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ask`
      const config = HttpCandidateSchema.parse({ url, body: '{"id": "{{id}}", "q": "{{question}}", "messages": {{history}}, "flat": "{{history}}"}' })
      const rows = [turn('t1', 'c', 1, 'Plan "Pro"?'), turn('t2', 'c', 2, 'Its price?')]
      const answers = await httpCandidate(config, {}, { passthrough: [], keyEnvs: [] }).answer(rows, { evalIds: new Set(['t1', 't2']), wanted: null, logger })
      assert.equal(answers.get('t2')!.answer, 'said "Its price?"')
      const second = bodies.find((b) => b.id === 't2')!
      const expected = [
        { role: 'user', content: 'Plan "Pro"?' },
        { role: 'assistant', content: 'said "Plan "Pro"?"' },
      ]
      assert.deepEqual(second.messages, expected)
      assert.deepEqual(JSON.parse(second.flat as string), expected)
      assert.deepEqual(bodies.find((b) => b.id === 't1')!.messages, [])
    } finally {
      server.close()
    }
  })
})

describe('conversations and the rest of the run', () => {
  it('withHistories gives the judge the history the candidate had', () => {
    const rows = [turn('t1', 'c', 1, 'q1'), turn('t2', 'c', 2, 'q2')]
    const [first, second] = withHistories(rows, new Map([['t1', makeOutput({ id: 't1', answer: 'a1' })]]))
    assert.deepEqual(first!.history, [])
    assert.deepEqual(second!.history, [
      { role: 'user', content: 'q1' },
      { role: 'assistant', content: 'a1' },
    ])
  })

  it('a shard never splits a conversation', () => {
    const rows = [...Array.from({ length: 4 }, (_, c) => [1, 2, 3].map((n) => turn(`c${c}-${n}`, `c${c}`, n, 'q'))).flat(), makeRow({ id: 'solo', question: 'q' })]
    for (const count of [2, 3]) {
      const shards = Array.from({ length: count }, (_, i) => shardRows(rows, i + 1, count))
      assert.equal(shards.flat().length, rows.length)
      for (const shard of shards) {
        for (const row of shard) if (row.conversation) assert.equal(shard.filter((r) => r.conversation?.id === row.conversation!.id).length, 3)
      }
    }
  })
})
