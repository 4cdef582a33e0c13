import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFileSync, writeFileSync } from 'node:fs'

import { fixture, makeTempDir, runCli } from './harness.ts'
import { readResults as loadResults } from '../cli/harness.ts'

/** The example eval set answered by a small RAG service over real HTTP on 127.0.0.1. */
describe('run with an HTTP candidate', () => {
  let server: Server
  let url = ''
  const seen: { auth: string | undefined; body: { query: string; qid: string } }[] = []

  before(async () => {
    server = createServer((req, res) => {
      let text = ''
      req.on('data', (d: Buffer) => (text += d.toString()))
      req.on('end', () => {
        const body = JSON.parse(text) as { query: string; qid: string }
        seen.push({ auth: req.headers.authorization, body })
        if (body.qid === 'q2') {
          res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"unsupported question"}')
          return
        }
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(
          JSON.stringify({
            data: {
              answer: `关于「${body.query}」：请见制度[文档1]。`,
              chunks: [
                { text: '制度原文', doc_id: 'D1' },
                { text: '其他', doc_id: 'D9' },
              ],
            },
          }),
        )
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ask`
  })
  after(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('asks once per question with the templated body and env header, and records answers, contexts, ids and latency', async () => {
    const t = makeTempDir()
    process.env.EVALGATE_TEST_RAG_TOKEN = 'tok-123'
    writeFileSync(
      t.config,
      [
        'candidate:',
        '  http:',
        `    url: ${url}`,
        '    body: \'{"query": "{{question}}", "qid": "{{id}}"}\'',
        '    headers: { Authorization: "Bearer ${EVALGATE_TEST_RAG_TOKEN}" }',
        '    answer_path: data.answer',
        '    contexts_path: data.chunks[*].text',
        '    retrieved_ids_path: $.data.chunks[*].doc_id',
        '    retries: 0',
      ].join('\n'),
    )
    const out = t.path('results.json')
    const run = await runCli(['run', '--config', t.config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--out', out])
    const results = loadResults(out)
    const rows = readFileSync(fixture('eval_set.csv'), 'utf8').trim().split('\n').length - 1
    assert.equal(seen.length, rows, 'one request per question')
    assert.ok(seen.every((s) => s.auth === 'Bearer tok-123'))
    const q1 = results.questions.q1!
    assert.match(q1.answer, /^关于「年假有几天？」/)
    assert.equal(q1.scores['recall@5'], 1, 'retrieved_ids came from the JSON path')
    assert.equal(typeof q1.scores.latency_ms, 'number')
    assert.match(results.questions.q2!.errors.candidate!, /HTTP 400/)
    assert.equal(results.metrics.rules_pass!.errors, 1, 'the failed question is counted, not dropped')
    assert.equal(results.run.candidate, `http POST ${url}`)
    assert.ok(!run.stdout.includes('tok-123') && !run.stderr.includes('tok-123'), 'the token never reaches the output')
  })
})
