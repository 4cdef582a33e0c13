/**
 * A judge endpoint that goes bad after the preflight passed (a key revoked, a server gone): after
 * STREAKS.endpoint endpoint faults in a row (or STREAKS.exhausted requests whose retries all
 * failed), the judge sends nothing more and the run exits 2 with the cause and the fix in the
 * terminal and in the report. And any run with error rows names its top error causes with
 * their counts, in the terminal and the report.
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { FakeOpenAI } from '../../fakes/openai-server.ts'
import { installSimulatedJudge, simulatedReply } from '../../fakes/sim-judge.ts'
import { STREAKS } from '../../src/judge/breaker.ts'
import { cleanupTempDirs, fixture, makeTempDir, readResults, runCli, writeText } from './harness.ts'

const KEY_ENV = 'EVALGATE_BREAKER_TEST_KEY'
const CONCURRENCY = 2
/** the chat and the embeddings request of the preflight */
const PREFLIGHTS = 2

let fake: FakeOpenAI
before(async () => {
  fake = await new FakeOpenAI().start()
  process.env[KEY_ENV] = 'sk-breaker-not-a-real-key'
})
after(async () => {
  await fake.stop()
  delete process.env[KEY_ENV]
  cleanupTempDirs()
})

/** A run of the good predictions judged at `url`, writing results.json and report.md. */
function setup(url: string, extra = '') {
  const t = makeTempDir()
  const judge = `judge:\n  provider: openai\n  base_url: ${url}\n  model: judge-model\n  embeddings_model: embed-model\n  api_key_env: ${KEY_ENV}\n  cache: false\n  concurrency: ${CONCURRENCY}\n${extra}`
  const config = writeText(t.path('evalgate.yml'), judge)
  const out = t.path('results.json')
  const report = t.path('report.md')
  const argv = ['run', '--config', config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--predictions', fixture('good.jsonl'), '--out', out, '--report', report]
  return { argv, out, report }
}

/** The report as read on the page: Markdown's backslash escapes dropped. */
function readReport(file: string): string {
  return readFileSync(file, 'utf8').replace(/\\([_*[\]`|~\\])/g, '$1')
}

const unauthorized = { status: 401, body: { error: { message: 'Incorrect API key provided: sk-break***********', type: 'invalid_request_error', code: 'invalid_api_key' } } }

/**
 * An endpoint that answers the preflight, then goes away: `close` drops every scoring request's
 * connection without an answer, `refuse` stops listening once the preflight is answered.
 */
class VanishingServer {
  scoringRequests = 0
  preflights = 0
  url = ''
  private readonly server: Server

  constructor(mode: 'close' | 'refuse') {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8')
        if (!body.includes('[evalgate:preflight]') && !body.includes('"evalgate preflight"')) {
          this.scoringRequests += 1
          req.socket.destroy()
          return
        }
        this.preflights += 1
        const embeddings = req.url?.endsWith('/embeddings')
        const reply = embeddings
          ? { object: 'list', data: [{ object: 'embedding', index: 0, embedding: [0.6, 0.8] }], model: 'embed-model', usage: { prompt_tokens: 2, total_tokens: 2 } }
          : { id: 'c1', object: 'chat.completion', created: 1, model: 'judge-model', choices: [{ index: 0, message: { role: 'assistant', content: 'OK' }, finish_reason: 'stop' }] }
        res.writeHead(200, { 'content-type': 'application/json', connection: 'close' })
        res.end(JSON.stringify(reply))
        // the embeddings request is the preflight's last
        if (mode === 'refuse' && embeddings) this.server.close()
      })
    })
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`
    return this
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}

function assertStopped(r: { code: number; stdout: string; stderr: string }, files: { out: string; report: string }, cause: RegExp, fix: RegExp): void {
  assert.equal(r.code, 2, r.stdout + r.stderr)
  const terminal = r.stdout + r.stderr
  assert.match(terminal, /JUDGE STOPPED/)
  assert.match(terminal, cause)
  assert.match(terminal, fix)
  // said on stderr the moment it happens too, so a run whose stdout goes nowhere still says why it stopped
  assert.match(r.stderr, new RegExp(`judge stopped: ${cause.source}`))
  const report = readReport(files.report)
  assert.match(report, /the judge stopped, no verdict/)
  assert.match(report, cause)
  assert.match(report, fix)
  const stopped = readResults(files.out).run.judge_stopped
  assert.ok(stopped, 'results.json says why the judge stopped')
  assert.match(stopped.cause, cause)
}

describe('a judge that fails mid-run stops after a few endpoint faults in a row', () => {
  it('a key refused after the preflight: exit 2, the cause and the fix in the terminal and the report, a bounded number of requests', async () => {
    fake.reset().onChat((call) => (call.promptId === 'preflight' ? 'OK' : unauthorized))
    fake.onEmbeddings((call) => (call.inputs[0] === 'evalgate preflight' ? call.inputs.map(() => [0.6, 0.8]) : unauthorized))
    const s = setup(fake.url)
    const r = await runCli(s.argv)
    fake.onEmbeddings(null)
    const host = new URL(fake.url).host.replace(/\./g, '\\.')
    assertStopped(r, s, new RegExp(`the key in \\$${KEY_ENV} was refused by ${host}`), new RegExp(`set \\$${KEY_ENV} to a key ${host} accepts`))
    assert.equal(fake.preflights.length, PREFLIGHTS)
    assert.ok(fake.requests.length >= STREAKS.endpoint, `${fake.requests.length} scoring requests`)
    assert.ok(fake.requests.length <= STREAKS.endpoint + CONCURRENCY, `${fake.requests.length} scoring requests, not one per call`)
    // every error row names a cause: the 401s, and the calls the stopped judge did not send
    assert.match(r.stdout, /\d+ × the key in \$EVALGATE_BREAKER_TEST_KEY was refused by [^\n]*HTTP 401/)
    assert.match(r.stdout, /\d+ × .*judge stopped: the key in/)
    assert.ok(!(r.stdout + r.stderr + readFileSync(s.report, 'utf8')).includes('sk-breaker-not-a-real-key'), 'the key is not printed')
  })

  it('a server that drops every connection after the preflight: exit 2 after a bounded number of failed requests, naming the broken connection', async () => {
    const server = await new VanishingServer('close').start()
    try {
      const s = setup(server.url, '  max_retries: 3\n')
      const r = await runCli(s.argv)
      const host = new URL(server.url).host.replace(/\./g, '\\.')
      assertStopped(r, s, new RegExp(`\\d+ requests in a row failed, the last: the connection to ${host}`), /check the network path to the endpoint/)
      assert.equal(server.preflights, PREFLIGHTS)
      // every attempt is a request in the streak, retries included; then those already in flight, and the one that tests the endpoint after the hold
      const bound = STREAKS.failing + CONCURRENCY + 1
      assert.ok(server.scoringRequests <= bound, `${server.scoringRequests} scoring requests, at most ${bound}`)
    } finally {
      await server.stop()
    }
  })

  it('a server that stops listening after the preflight: exit 2, the refused connection named in the cause', async () => {
    const server = await new VanishingServer('refuse').start()
    try {
      const s = setup(server.url, '  max_retries: 3\n')
      const r = await runCli(s.argv)
      assertStopped(r, s, new RegExp(`cannot reach ${new URL(server.url).host.replace(/\./g, '\\.')}`), /check judge\.base_url/)
      assert.equal(server.scoringRequests, 0)
      // the cause carries what the connection failed with
      const refused = /cannot reach [^\n]*\(ECONNREFUSED: connect ECONNREFUSED/
      assert.match(r.stdout, refused)
      assert.match(readReport(s.report), refused)
    } finally {
      await server.stop()
    }
  })

  it('one 401 fewer than the streak, then successes: the judge does not stop', async () => {
    let refused = 0
    fake.reset().onChat((call) => {
      if (call.promptId === 'preflight') return 'OK'
      if (refused < STREAKS.endpoint - 1) {
        refused += 1
        return unauthorized
      }
      return simulatedReply(call)
    })
    const s = setup(fake.url)
    const r = await runCli(s.argv)
    assert.notEqual(r.code, 2, r.stdout + r.stderr)
    assert.doesNotMatch(r.stdout, /JUDGE STOPPED/)
    const results = readResults(s.out)
    assert.equal(results.run.judge_stopped ?? null, null)
    assert.equal(refused, STREAKS.endpoint - 1)
    assert.ok(results.run.usage.llm_calls > 10, 'the judge went on calling')
    // the refused calls are errors on their metrics, and named as the run's one cause
    const rows = Object.values(results.questions).flatMap((q) => Object.values(q.errors))
    assert.ok(rows.length > 0 && rows.every((e) => e.startsWith('the key in')))
    assert.match(r.stdout, new RegExp(`${rows.length} × the key in`))
  })
})

describe('top error causes', () => {
  it('names the most frequent causes with their counts, most frequent first, in the terminal and the report', async () => {
    // recall fails on every question with a request id that differs each time: one cause;
    // usefulness fails on one question only, with another cause
    let request = 0
    installSimulatedJudge(fake.reset()).onChat((call) => {
      if (call.promptId === 'recall@1') return { status: 400, body: { error: { message: `no reference for request req_${(request += 1)}x${request * 7}`, type: 'invalid_request_error' } } }
      if (call.promptId === 'usefulness@1' && JSON.stringify(call.messages).includes('加班费')) return { status: 413, body: { error: { message: 'payload too large', type: 'too_large' } } }
      return simulatedReply(call)
    })
    const s = setup(fake.url)
    const r = await runCli(s.argv)
    assert.notEqual(r.code, 2, r.stdout + r.stderr)
    const rows = Object.values(readResults(s.out).questions).flatMap((q) => Object.values(q.errors))
    const recall = rows.filter((e) => e.includes('HTTP 400')).length
    const usefulness = rows.filter((e) => e.includes('HTTP 413')).length
    assert.ok(recall >= 2 && usefulness === 1, `recall ${recall}, usefulness ${usefulness}`)
    assert.equal(rows.length, recall + usefulness)

    const terminal = r.stdout
    assert.match(terminal, new RegExp(`${rows.length} errors on \\d+ questions`))
    const first = terminal.indexOf(`${recall} × ${new URL(fake.url).host} refused the request: HTTP 400 invalid_request_error: "no reference for request`)
    const second = terminal.indexOf(`${usefulness} × ${new URL(fake.url).host} refused the request: HTTP 413 too_large: "payload too large"`)
    assert.ok(first !== -1 && second > first, terminal)
    assert.match(terminal, /no reference for request req_\d+x\d+" \(and similar\)/)

    const report = readReport(s.report)
    const inReport = [
      report.indexOf(`- ${recall} × ${new URL(fake.url).host} refused the request: HTTP 400`),
      report.indexOf(`- ${usefulness} × ${new URL(fake.url).host} refused the request: HTTP 413`),
    ]
    assert.ok(inReport[0]! !== -1 && inReport[1]! > inReport[0]!, report)
  })
})
