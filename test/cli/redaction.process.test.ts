/**
 * Issue 28, point 3, end to end: a registered secret whose value is also JSON (`DEBUG=true` in
 * a header, `OPENAI_API_KEY=null`) used to be replaced in the bytes of every written file,
 * breaking results.json with exit 0. Redaction is done on the values now: the file validates
 * and `evalgate baseline` takes it.
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFileSync } from 'node:fs'
import { ResultsFileSchema } from '../../src/schemas/resultsFile.ts'
import { cliCommand, runCliProcess } from '../helpers/cli-process.ts'
import { cleanupTempDirs, fixture, makeTempDir, writeText } from './harness.ts'

after(cleanupTempDirs)

describe('a header value of "true" (DEBUG=true) no longer breaks results.json (the issue’s case, end to end)', () => {
  let server: Server
  let url = ''
  before(async () => {
    server = createServer((req, res) => {
      let body = ''
      req.on('data', (d: Buffer) => (body += d.toString()))
      req.on('end', () => {
        const { id } = JSON.parse(body) as { id: string }
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ answer: `it is true, and not null [文档1] (${id})`, contexts: ['true'] }))
      })
    })
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ask`
  })
  after(() => new Promise<void>((done) => server.close(() => done())))

  it('run with candidate.http.headers X-Debug: ${DEBUG} and DEBUG=true, OPENAI_API_KEY=null: results.json validates and becomes a baseline', async () => {
    const t = makeTempDir()
    const config = writeText(t.path('evalgate.yml'), ['candidate:', '  http:', `    url: ${url}`, '    headers: { X-Debug: "${DEBUG}" }', ''].join('\n'))
    const cli = await cliCommand(t.dir)
    const results = t.path('results.json')
    const env = { ...process.env, DEBUG: 'true', OPENAI_API_KEY: 'null' }
    const run = await runCliProcess(cli, ['run', '--config', config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--out', results], undefined, env)
    assert.equal(run.code, 0, run.stderr)
    const parsed = ResultsFileSchema.safeParse(JSON.parse(readFileSync(results, 'utf8')))
    assert.ok(parsed.success, readFileSync(results, 'utf8').slice(0, 600))
    assert.equal(parsed.data.questions.q1!.should_refuse, false)
    assert.match(parsed.data.questions.q1!.answer, /^it is \*\*\*, and not \*\*\* /)
    const baseline = await runCliProcess(cli, ['baseline', '--results', results, '--out', t.path('baseline.json')], undefined, env)
    assert.equal(baseline.code, 0, baseline.stderr)
  })
})
