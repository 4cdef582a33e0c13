import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { GateError } from '../../src/io/errors.ts'
import { LEXICAL_METRICS } from '../../src/metrics/lexical.ts'
import { LLM_METRICS } from '../../src/metrics/llm.ts'
import { judgedByModel, judgeKeyEnv, judgeSecretEnv, makeHeadToHeadJudge, makeScorer } from '../../src/run/scorers/factory.ts'
import { ConfigSchema, type Config } from '../../src/schemas/config.ts'
import { JUDGE_PROVIDERS, type JudgeProvider } from '../../src/schemas/judgeConfig.ts'
import { makeOutput, makeRow } from '../metrics/factories.ts'

interface ProviderCase {
  judge: Record<string, unknown>
  embeddings?: Record<string, unknown>
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
  lexical: { judge: { provider: 'lexical' }, model: 'lexical-v4', metrics: LEXICAL_METRICS, usesModel: false, tier: 'answer', headToHead: false, label: /^lexical-v4 \(offline/ },
  openai: {
    judge: { provider: 'openai', model: 'judge-m', api_key_env: KEY_ENV },
    embeddings: { model: 'embed-m' },
    model: 'judge-m',
    metrics: LLM_METRICS,
    usesModel: true,
    tier: 'set',
    headToHead: true,
    label: /^openai-compatible judge-m \+ embed-m at https:\/\/api\.openai\.com, response format auto, temperature 0, definitions [0-9a-f]{16}$/,
  },
  azure: {
    judge: { provider: 'azure', base_url: 'https://res.openai.azure.com', api_version: '2024-10-21', model: 'judge-deploy', api_key_env: KEY_ENV },
    embeddings: { model: 'embed-deploy' },
    model: 'judge-deploy',
    metrics: LLM_METRICS,
    usesModel: true,
    tier: 'set',
    headToHead: true,
    label: /^azure openai judge-deploy \+ embed-deploy at https:\/\/res\.openai\.azure\.com, response format auto, temperature 0, definitions [0-9a-f]{16}$/,
  },
  anthropic: {
    judge: { provider: 'anthropic', model: 'claude-judge', api_key_env: KEY_ENV },
    embeddings: { provider: 'openai', model: 'embed-m', api_key_env: KEY_ENV },
    model: 'claude-judge',
    metrics: LLM_METRICS,
    usesModel: true,
    tier: 'set',
    headToHead: true,
    label: /^anthropic claude-judge \+ embed-m at https:\/\/api\.openai\.com at https:\/\/api\.anthropic\.com, response format auto, temperature 0, definitions [0-9a-f]{16}$/,
  },
  none: { judge: { provider: 'none' }, model: null, metrics: [], usesModel: false, tier: null, headToHead: false, label: /^none \(rules, retrieval and citations only\)$/ },
}

const configWith = (judge: Record<string, unknown>, embeddings?: Record<string, unknown>): Config => ConfigSchema.parse({ judge, ...(embeddings ? { embeddings } : {}) })
const configOf = (c: ProviderCase): Config => configWith(c.judge, c.embeddings)

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
      const config = configOf(c)
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
      const make = () => makeHeadToHeadJudge(configOf(c), environment())
      if (c.headToHead) {
        const label = make().label
        assert.match(label, new RegExp(`^[a-z -]+ ${c.model} at https://[^ ]+, response format auto, temperature 0, definitions [0-9a-f]{16}$`))
        assert.doesNotMatch(label, /embed/, 'pairwise asks for no embeddings')
      } else assert.throws(make, (e: unknown) => e instanceof GateError && e.code === 'usage' && /judge\.provider is \w+: the lexical and none providers cannot compare two answers/.test(e.message))
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
    const scorer = makeScorer(configOf(PROVIDERS.openai), env)
    assert.equal(scorer.identity.provider, 'none')
    assert.equal(scorer.usesModel, false)
    assert.deepEqual([...scorer.metrics], [])
    assert.equal(env.warnings.length, 1)
    assert.match(env.warnings[0]!, new RegExp(`LLM tier skipped: ${KEY_ENV} is not set`))
    assert.deepEqual(scorer.notes, env.warnings)
  })

  it('says forks get no secrets only when the run is a fork pull request', () => {
    const fork = { ...environment({}), forkPullRequest: true }
    makeScorer(configOf(PROVIDERS.openai), fork)
    assert.match(fork.warnings[0]!, new RegExp(`${KEY_ENV} is not set \\(pull requests from forks get no secrets\\)`))
    const local = environment({})
    makeScorer(configOf(PROVIDERS.openai), local)
    assert.doesNotMatch(local.warnings[0]!, /fork/)
  })

  it('names the key and the header and query variables an LLM judge sends, for the Action to mask', () => {
    const config = configWith({ ...PROVIDERS.openai.judge, headers: { 'X-Key': '${GATEWAY_KEY}', 'X-Team': 'rag' }, query: { sig: '${GATEWAY_SIG}' } }, PROVIDERS.openai.embeddings)
    assert.deepEqual(judgeSecretEnv(config), [KEY_ENV, 'GATEWAY_KEY', 'GATEWAY_SIG'])
    const separate = configWith(PROVIDERS.anthropic.judge, { provider: 'openai', model: 'e', headers: { 'X-Emb': '${EMB_TOKEN}' } })
    assert.deepEqual(judgeSecretEnv(separate), [KEY_ENV, 'OPENAI_API_KEY', 'EMB_TOKEN'], "an embeddings endpoint's own key and header variables too")
    assert.equal(judgeKeyEnv(configWith({ provider: 'azure' })), 'AZURE_OPENAI_API_KEY')
    assert.equal(judgeKeyEnv(configWith({ provider: 'openai' })), 'OPENAI_API_KEY')
    assert.equal(judgeKeyEnv(configWith({ provider: 'anthropic' })), 'ANTHROPIC_API_KEY')
    assert.equal(judgeKeyEnv(configWith({ provider: 'lexical' })), null)
  })

  it('openai without a model is a config error naming the setting, for a run and for pairwise', () => {
    const config = configWith({ provider: 'openai', api_key_env: KEY_ENV }, { model: 'e' })
    assert.throws(() => makeScorer(config, environment()), /no judge\.model is set/)
    assert.throws(() => makeHeadToHeadJudge(config, environment()), /no judge\.model is set/)
  })

  it('pairwise needs the key itself: no fallback without it', () => {
    assert.throws(() => makeHeadToHeadJudge(configOf(PROVIDERS.openai), environment({})), new RegExp(`${KEY_ENV} is not set: pairwise has no judge without its key`))
  })

  describe('where the embeddings come from: every setting that could not act is refused', () => {
    const refuses: [string, Record<string, unknown>, Record<string, unknown> | undefined, RegExp][] = [
      [
        'an anthropic judge without an embeddings endpoint',
        { provider: 'anthropic', model: 'c', api_key_env: KEY_ENV },
        undefined,
        /anthropic, which has no embeddings endpoint.*embeddings\.provider: openai/s,
      ],
      ["an anthropic judge asked for the judge's own embeddings", { provider: 'anthropic', model: 'c', api_key_env: KEY_ENV }, { model: 'e' }, /the anthropic API has no embeddings endpoint/],
      [
        "embeddings settings of their own with the judge's endpoint",
        PROVIDERS.openai.judge,
        { model: 'e', base_url: 'https://emb.example.com/v1' },
        /embeddings\.base_url is set, but the embeddings come from the judge's endpoint/,
      ],
      ['a model with provider none', PROVIDERS.openai.judge, { provider: 'none', model: 'e' }, /embeddings\.provider is none, but embeddings\.model is set/],
      [
        'an azure embeddings endpoint without its api-version',
        PROVIDERS.openai.judge,
        { provider: 'azure', model: 'e', base_url: 'https://r.openai.azure.com' },
        /embeddings\.base_url or embeddings\.api_version is not set/,
      ],
      ['an anthropic judge with max_tokens default', { provider: 'anthropic', model: 'c', api_key_env: KEY_ENV, max_tokens: 'default' }, { provider: 'none' }, /requires a cap on every reply/],
      [
        'a forced response format the transport lacks',
        { provider: 'anthropic', model: 'c', api_key_env: KEY_ENV, response_format: 'json_object' },
        { provider: 'none' },
        /json_object, which the anthropic transport cannot ask for/,
      ],
      ['a token budget without a reply cap', { ...PROVIDERS.openai.judge, max_tokens: 'default' }, PROVIDERS.openai.embeddings, /judge\.max_tokens is default: a reply's length then has no bound/],
    ]
    for (const [name, judge, embeddings, error] of refuses) {
      it(`refuses ${name}`, () => {
        const config = ConfigSchema.parse({ judge, ...(embeddings ? { embeddings } : {}), ...(name.includes('budget') ? { budget: { tokens: 1000 } } : {}) })
        assert.throws(
          () => makeScorer(config, environment()),
          (e: unknown) => e instanceof GateError && error.test(e.message + e.hint),
        )
      })
    }

    it('takes embeddings.provider none as answer_relevancy off, and legacy model none the same way', () => {
      for (const embeddings of [{ provider: 'none' }, { model: 'none' }]) {
        const scorer = makeScorer(configWith(PROVIDERS.openai.judge, embeddings), environment())
        assert.equal(scorer.identity.embeddings_model, null)
        assert.match(scorer.label, /no embeddings model \(answer_relevancy off\)/)
      }
    })
  })
})
