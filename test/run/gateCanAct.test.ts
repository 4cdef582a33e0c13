import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { GateError } from '../../src/io/errors.ts'
import { LEXICAL_METRICS } from '../../src/metrics/lexical.ts'
import { LLM_METRICS } from '../../src/metrics/llm.ts'
import { GateStack, type GateLayer } from '../../src/baseline/gate.ts'
import { checkGateCanAct } from '../../src/run/config/gateCanAct.ts'
import type { Scorer } from '../../src/run/scorers/scorer.ts'
import { ConfigSchema, type ConfigInput } from '../../src/schemas/config.ts'
import type { EvalRow } from '../../src/schemas/evalSet.ts'
import type { GateSettingsInput } from '../../src/schemas/gate.ts'
import { makeRow } from '../metrics/factories.ts'

const WITH_DOCS = [makeRow({ id: 'q1', relevant_docs: [{ id: 'D1', grade: 1 }] }), makeRow({ id: 'q2' })]
const WITHOUT_DOCS = [makeRow({ id: 'q1' }), makeRow({ id: 'q2' })]
const LEXICAL: Pick<Scorer, 'metrics' | 'withheld'> = { metrics: LEXICAL_METRICS }
const NONE: Pick<Scorer, 'metrics' | 'withheld'> = { metrics: [] }
/** openai without its key: the deterministic tier runs, the LLM metrics are skipped with a note */
const OPENAI_WITHOUT_KEY: Pick<Scorer, 'metrics' | 'withheld'> = { metrics: [], withheld: LLM_METRICS }

const config = (over: ConfigInput = {}) => ConfigSchema.parse(over)
const fromYml = (settings: GateSettingsInput): GateLayer => ({ settings, source: 'evalgate.yml + flags', prefix: 'gate.' })
const fromBaseline = (settings: GateSettingsInput): GateLayer => ({ settings, source: 'baselines/baseline.json', prefix: '' })

interface Case {
  name: string
  layers: GateLayer[]
  rows?: EvalRow[]
  config?: ConfigInput
  scorer?: Pick<Scorer, 'metrics' | 'withheld'>
  /** patterns the error must match; absent: no error */
  error?: RegExp[]
}

const cases: Case[] = [
  {
    name: 'a primary metric the lexical judge does not compute',
    layers: [fromYml({ primary: ['faithfulness', 'accuracy_norm'] })],
    error: [/^evalgate\.yml \+ flags: gate\.primary\[1\]: this run does not compute accuracy_norm/, /judge\.provider is lexical/],
  },
  {
    name: 'a threshold on recall@10 when k is [3, 5]',
    layers: [fromYml({ thresholds: { 'recall@10': 0.8 } })],
    rows: WITH_DOCS,
    config: { k: [3, 5] },
    error: [/^evalgate\.yml \+ flags: gate\.thresholds\.recall@10: this run does not compute recall@10/, /k is \[3, 5\]: add 10 to k/],
  },
  {
    name: 'a category floor on an LLM metric with the lexical judge',
    layers: [fromYml({ by_category: { leave: { accuracy_norm: 0.7 } } })],
    error: [/gate\.by_category\.leave\.accuracy_norm/, /judge\.provider is lexical/],
  },
  {
    name: 'a max_drop override on faithfulness with judge none',
    layers: [fromYml({ max_drop_overrides: { faithfulness: 0.05 } })],
    config: { judge: { provider: 'none' } },
    scorer: NONE,
    error: [/gate\.max_drop_overrides\.faithfulness/, /judge\.provider is none/],
  },
  {
    name: 'a threshold on hit@5 when the eval set has no relevant_doc_ids',
    layers: [fromYml({ thresholds: { 'hit@5': 0.9 } })],
    rows: WITHOUT_DOCS,
    error: [/gate\.thresholds\.hit@5/, /no question of the eval set lists relevant_doc_ids/],
  },
  {
    name: "a baseline's threshold, named in the baseline file without a gate. prefix",
    layers: [fromBaseline({ thresholds: { mrr: 0.5 } }), fromYml({})],
    rows: WITHOUT_DOCS,
    error: [/^baselines\/baseline\.json: thresholds\.mrr: this run does not compute mrr/],
  },
  {
    name: 'a threshold on citation_ok when rules.require_citation is false',
    layers: [fromYml({ thresholds: { citation_ok: 0.9 } })],
    config: { rules: { require_citation: false } },
    error: [/rules\.require_citation is false/],
  },
  {
    name: 'a threshold on json_ok when no question expects JSON',
    layers: [fromYml({ thresholds: { json_ok: 1 } })],
    error: [/no answerable question has expect_json/],
  },
  { name: 'thresholds on metrics the run computes', layers: [fromYml({ thresholds: { 'recall@5': 0.8, rules_pass: 0.9, completeness_norm: 0.5 } })], rows: WITH_DOCS },
  { name: 'a threshold on latency_ms (only the answers show whether latency comes)', layers: [fromYml({ thresholds: { latency_ms: 2000 } })] },
  {
    name: 'LLM metrics when the openai judge has no key (a fork PR: skipped with a stated reason)',
    layers: [fromYml({ thresholds: { accuracy_norm: 0.7 }, by_category: { leave: { faithfulness: 0.8 } } })],
    config: { judge: { provider: 'openai', model: 'm' }, embeddings: { model: 'e' } },
    scorer: OPENAI_WITHOUT_KEY,
  },
  {
    name: "a baseline's thresholds that evalgate.yml's thresholds replace",
    layers: [fromBaseline({ thresholds: { accuracy_norm: 0.7 } }), fromYml({ thresholds: { rules_pass: 0.9 } })],
  },
]

describe('gate settings that name a metric this run does not compute are refused before the candidate runs', () => {
  for (const c of cases) {
    it(`${c.error ? 'refuses' : 'accepts'} ${c.name}`, () => {
      const run = () => checkGateCanAct(new GateStack(c.layers), c.rows ?? WITHOUT_DOCS, config(c.config), c.scorer ?? LEXICAL)
      if (!c.error) return run()
      assert.throws(run, (error: unknown) => {
        assert.ok(error instanceof GateError, String(error))
        assert.equal(error.code, 'bad_config')
        for (const pattern of c.error!) assert.match(error.message + '\n' + error.hint, pattern)
        assert.match(error.hint ?? '', /^remove the setting, or make the run compute .*; this run computes length_ok, /)
        return true
      })
    })
  }
})

describe('latency settings that cannot act without latency_rise are refused (issue 12.2)', () => {
  const refuses = (layers: GateLayer[], patterns: RegExp[]) =>
    assert.throws(
      () => checkGateCanAct(new GateStack(layers), WITHOUT_DOCS, config(), LEXICAL),
      (error: unknown) => {
        assert.ok(error instanceof GateError, String(error))
        assert.equal(error.code, 'bad_config')
        for (const pattern of patterns) assert.match(`${error.message}\n${error.hint}`, pattern)
        return true
      },
    )

  it('refuses latency_min_ms without latency_rise, naming the setting and the fix', () => {
    refuses(
      [fromYml({ latency_min_ms: 100 })],
      [
        /^evalgate\.yml \+ flags: gate\.latency_min_ms is 100, but latency_rise is not set: latency is reported and not gated/,
        /\nset gate\.latency_rise \(e\.g\. 0\.5: .*100 ms.*\), or remove latency_min_ms$/,
      ],
    )
  })

  it("refuses a baseline's latency_min_ms when evalgate.yml turns latency_rise off", () => {
    refuses([fromBaseline({ latency_rise: 0.5, latency_min_ms: 50 }), fromYml({ latency_rise: null })], [/^baselines\/baseline\.json: latency_min_ms is 50, but latency_rise is not set/])
  })

  it('refuses a max_drop override of latency_ms without latency_rise', () => {
    refuses([fromYml({ max_drop_overrides: { latency_ms: 0.3 } })], [/gate\.max_drop_overrides\.latency_ms is 0\.3, but latency_rise is not set/, /\nset gate\.latency_rise: 0\.3 instead/])
  })

  it('accepts latency_min_ms with latency_rise from any layer, and no latency settings at all', () => {
    checkGateCanAct(new GateStack([fromYml({ latency_rise: 0.5, latency_min_ms: 100 })]), WITHOUT_DOCS, config(), LEXICAL)
    checkGateCanAct(new GateStack([fromBaseline({ latency_rise: 0.5 }), fromYml({ latency_min_ms: 100, max_drop_overrides: { latency_ms: 0.3 } })]), WITHOUT_DOCS, config(), LEXICAL)
    checkGateCanAct(new GateStack([fromBaseline({ latency_rise: null, latency_min_ms: null }), fromYml({})]), WITHOUT_DOCS, config(), LEXICAL)
  })
})
