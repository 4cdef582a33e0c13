import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { GateError } from '../../src/io/errors.ts'
import { LEXICAL_METRICS } from '../../src/metrics/lexical.ts'
import { LLM_METRICS } from '../../src/metrics/llm.ts'
import { judgedByModel, judgeKeyEnv, judgeSecretEnv, makeHeadToHeadJudge, makeScorer } from '../../src/run/scorers/factory.ts'
import { ConfigSchema, JUDGE_PROVIDERS, type Config, type JudgeProvider } from '../../src/schemas/config.ts'
import { makeOutput, makeRow } from '../metrics/factories.ts'

interface ProviderCase {
  judge: Record<string, unknown>
  model: string | null
  metrics: readonly string[]
  usesModel: boolean
  /** how its own scores arrive: per answer as each question is scored, or over the set afterwards */
  tier: 'answer' | 'set' | null
  headToHead: boolean
  label: RegExp
}

const KEY_ENV = 'EVALGATE_TEST_SCORER_KEY'

/** One row per provider: typed by JudgeProvider, so a provider added to the schema without a row here does not compile. */
const PROVIDERS: Record<JudgeProvider, ProviderCase> = {
  lexical: { judge: { provider: 'lexical' }, model: 'lexical-v3', metrics: LEXICAL_METRICS, usesModel: false, tier: 'answer', headToHead: false, label: /^lexical-v3 \(offline/ },
  openai: {
    judge: { provider: 'openai', model: 'judge-m', embeddings_model: 'embed-m', api_key_env: KEY_ENV },
    model: 'judge-m',
    metrics: LLM_METRICS,
    usesModel: true,
    tier: 'set',
    headToHead: true,
    label: /^openai-compatible judge-m \+ embed-m at https:\/\/api\.openai\.com, response format auto, temperature 0, definitions [0-9a-f]{16}$/,
  },
  azure: {
    judge: { provider: 'azure', base_url: 'https://res.openai.azure.com', api_version: '2024-10-21', model: 'judge-deploy', embeddings_model: 'embed-deploy', api_key_env: KEY_ENV },
    model: 'judge-deploy',
    metrics: LLM_METRICS,
    usesModel: true,
    tier: 'set',
    headToHead: true,
    label: /^azure openai judge-deploy \+ embed-deploy at https:\/\/res\.openai\.azure\.com, response format auto, temperature 0, definitions [0-9a-f]{16}$/,
  },
  none: { judge: { provider: 'none' }, model: null, metrics: [], usesModel: false, tier: null, headToHead: false, label: /^none \(rules, retrieval and citations only\)$/ },
}

const configWith = (judge: Record<string, unknown>): Config => ConfigSchema.parse({ judge })

function environment(env: Record<string, string> = { [KEY_ENV]: 'sk-test' }) {
  const warnings: string[] = []
  return { warnings, env, cwd: process.cwd(), logger: { info: () => undefined, warn: (m: string) => warnings.push(m) } }
}

describe('scoring providers: judge.provider → makeScorer', () => {
  it('has a row for every provider of the schema', () => {
    assert.deepEqual(Object.keys(PROVIDERS).sort(), [...JUDGE_PROVIDERS].sort())
  })

  for (const [name, c] of Object.entries(PROVIDERS)) {
    it(`makes the ${name} scorer: its identity, label, metrics and tier`, () => {
      const config = configWith(c.judge)
      const scorer = makeScorer(config, environment())
      assert.equal(scorer.identity.provider, name)
      assert.equal(scorer.identity.model, c.model)
      assert.match(scorer.identity.rules_hash ?? '', /^[0-9a-f]{16}$/)
      assert.match(scorer.label, c.label)
      assert.deepEqual([...scorer.metrics], [...c.metrics])
      assert.equal(scorer.usesModel, c.usesModel)
      assert.equal(judgedByModel(config), c.usesModel)
      assert.equal(scorer.scoreAnswer !== undefined ? 'answer' : scorer.scoreSet !== undefined ? 'set' : null, c.tier)
      assert.deepEqual(scorer.notes, [])
    })

    it(`${c.headToHead ? 'gives' : 'refuses'} pairwise a head-to-head judge for ${name}`, () => {
      const make = () => makeHeadToHeadJudge(configWith(c.judge), environment())
      if (c.headToHead) assert.match(make().label, c.label)
      else assert.throws(make, (e: unknown) => e instanceof GateError && e.code === 'usage' && /judge\.provider is \w+: the lexical and none providers cannot compare two answers/.test(e.message))
    })
  }

  it('lexical scores each answer with its overlap metrics', () => {
    const scorer = makeScorer(configWith({ provider: 'lexical' }), environment())
    const row = makeRow({ reference_points: ['一线城市500元'] })
    const own = scorer.scoreAnswer!(row, makeOutput({ answer: '一线城市500元。', contexts: ['一线城市500元'] }), false)
    assert.equal(own.scores.completeness_norm!.value, 1)
    assert.equal(own.scores.faithfulness!.value, 1)
  })

  it('openai without its key falls back to none, says so once and records a note', () => {
    const env = environment({})
    const scorer = makeScorer(configWith(PROVIDERS.openai.judge), env)
    assert.equal(scorer.identity.provider, 'none')
    assert.equal(scorer.usesModel, false)
    assert.deepEqual([...scorer.metrics], [])
    assert.equal(env.warnings.length, 1)
    assert.match(env.warnings[0]!, new RegExp(`LLM tier skipped: ${KEY_ENV} is not set`))
    assert.deepEqual(scorer.notes, env.warnings)
  })

  it('says forks get no secrets only when the run is a fork pull request', () => {
    const fork = { ...environment({}), forkPullRequest: true }
    makeScorer(configWith(PROVIDERS.openai.judge), fork)
    assert.match(fork.warnings[0]!, new RegExp(`${KEY_ENV} is not set \\(pull requests from forks get no secrets\\)`))
    const local = environment({})
    makeScorer(configWith(PROVIDERS.openai.judge), local)
    assert.doesNotMatch(local.warnings[0]!, /fork/)
  })

  it('names the key and the header and query variables an LLM judge sends, for the Action to mask', () => {
    const config = configWith({ ...PROVIDERS.openai.judge, headers: { 'X-Key': '${GATEWAY_KEY}', 'X-Team': 'rag' }, query: { sig: '${GATEWAY_SIG}' } })
    assert.deepEqual(judgeSecretEnv(config), [KEY_ENV, 'GATEWAY_KEY', 'GATEWAY_SIG'])
    assert.equal(judgeKeyEnv(configWith({ provider: 'azure' })), 'AZURE_OPENAI_API_KEY')
    assert.equal(judgeKeyEnv(configWith({ provider: 'openai' })), 'OPENAI_API_KEY')
    assert.equal(judgeKeyEnv(configWith({ provider: 'lexical' })), null)
  })

  it('openai without a model is a config error naming the setting, for a run and for pairwise', () => {
    const config = configWith({ provider: 'openai', embeddings_model: 'e', api_key_env: KEY_ENV })
    assert.throws(() => makeScorer(config, environment()), /no judge\.model is set/)
    assert.throws(() => makeHeadToHeadJudge(config, environment()), /no judge\.model is set/)
  })

  it('pairwise needs the key itself: no fallback without it', () => {
    assert.throws(() => makeHeadToHeadJudge(configWith(PROVIDERS.openai.judge), environment({})), new RegExp(`${KEY_ENV} is not set: pairwise has no judge without its key`))
  })
})
