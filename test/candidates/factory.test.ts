import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { makeCandidate } from '../../src/candidates/factory.ts'
import { GateError } from '../../src/io/errors.ts'
import { parseConfig, parseRunConfig } from '../../src/run/config/config.ts'
import { CANDIDATE_KINDS, type CandidateKind } from '../../src/schemas/config.ts'
import { makeRow } from '../metrics/factories.ts'

interface KindCase {
  /** `candidate:` as evalgate.yml writes it */
  block: Record<string, unknown>
  label: string
  source: string
  secretEnv: string[]
  /** what the union member keeps besides `kind` */
  keys: string[]
}

/** One row per kind: typed by CandidateKind, so a kind added to the schema without a row here does not compile. */
const KINDS: Record<CandidateKind, KindCase> = {
  predictions: { block: { predictions: 'out/pred.jsonl' }, label: 'predictions out/pred.jsonl', source: 'the predictions file', secretEnv: [], keys: ['predictions'] },
  command: {
    block: { command: 'node rag.js', timeout_ms: 1234 },
    label: 'command node rag.js',
    source: 'the candidate command',
    secretEnv: [],
    keys: ['command', 'timeout_ms', 'max_output_mb', 'env_passthrough'],
  },
  http: {
    block: { http: { url: 'http://127.0.0.1:9/ask', headers: { Authorization: 'Bearer ${RAG_TOKEN}', 'X-Team': '${TEAM}-${RAG_TOKEN}' } } },
    label: 'http POST http://127.0.0.1:9/ask',
    source: 'the HTTP candidate',
    secretEnv: ['RAG_TOKEN', 'TEAM'],
    keys: ['http', 'env_passthrough'],
  },
}

const environment = { env: { RAG_TOKEN: 'secret', TEAM: 'qa' }, cwd: process.cwd() }

describe('candidate kinds: evalgate.yml block → discriminated union → makeCandidate', () => {
  it('has a row for every kind of the schema', () => {
    assert.deepEqual(Object.keys(KINDS).sort(), [...CANDIDATE_KINDS].sort())
  })

  for (const [kind, c] of Object.entries(KINDS)) {
    it(`reads candidate: {${Object.keys(c.block).join(', ')}} as kind ${kind} and makes its candidate`, () => {
      const config = parseConfig({ candidate: c.block }, 'evalgate.yml')
      assert.equal(config.candidate?.kind, kind)
      assert.deepEqual(Object.keys(config.candidate!).sort(), ['kind', ...c.keys].sort())
      const candidate = makeCandidate(config.candidate!, environment)
      assert.equal(candidate.label, c.label)
      assert.equal(candidate.source, c.source)
      assert.deepEqual(candidate.secretEnv ?? [], c.secretEnv)
    })
  }

  it('keeps timeout_ms, max_output_mb and env_passthrough for the command, with their defaults of 300 s, 256 MB and none', () => {
    const config = parseConfig({ candidate: { command: 'x' } }, 'flags')
    assert.deepEqual(config.candidate, { kind: 'command', command: 'x', timeout_ms: 300_000, max_output_mb: 256, env_passthrough: [] })
  })

  it('leaves the candidate unset when no kind is given (compare, merge and pairwise need none)', () => {
    assert.equal(parseConfig({}, 'flags').candidate, undefined)
    assert.equal(parseConfig({ candidate: { timeout_ms: 5 } }, 'flags').candidate, undefined)
  })

  it('names the evalgate.yml key of every kind when none is given, a kind without a flag too', () => {
    assert.throws(
      () => parseRunConfig({ eval_set: 'e.csv', eval_set_version: 'v1' }, 'evalgate.yml'),
      (e: unknown) => e instanceof GateError && /no candidate given/.test(e.message) && CANDIDATE_KINDS.every((kind, i) => e.hint?.includes(i === 0 ? `candidate.${kind}` : ` / .${kind}`)),
    )
  })

  it('rejects two kinds at once as a usage error naming both, with the flags to choose from', () => {
    assert.throws(
      () => parseConfig({ candidate: { predictions: 'p.jsonl', command: 'node rag.js' } }, 'evalgate.yml'),
      (e: unknown) =>
        e instanceof GateError &&
        e.code === 'usage' &&
        e.message === 'more than one candidate given (predictions, command)' &&
        e.hint === 'use exactly one of --predictions, --candidate-cmd and --candidate-url',
    )
  })

  it('still names the setting for a bad value inside a kind', () => {
    assert.throws(() => parseConfig({ candidate: { http: { url: '' } } }, 'evalgate.yml'), /evalgate\.yml: setting "candidate\.http\.url": url is empty/)
    assert.throws(() => parseConfig({ candidate: { command: 'x', extra: 1 } }, 'evalgate.yml'), /setting "candidate.extra": unknown setting/)
  })

  it("checks an HTTP candidate's templates in check(), before anything is sent", () => {
    const config = parseConfig({ candidate: { http: { url: 'http://127.0.0.1:9/ask', body: '{"q": "{{nope}}"}' } } }, 'evalgate.yml')
    const candidate = makeCandidate(config.candidate!, environment)
    assert.throws(() => candidate.check!([makeRow({ id: 'q1' })]), /unknown placeholder \{\{nope\}\}/)
  })
})
