import { scoreTier } from '../../src/metrics/deterministic.ts'
import type { Scores } from '../../src/metrics/types.ts'
import type { CandidateOutput } from '../../src/schemas/candidate.ts'
import { RulesConfigSchema, type RulesConfig } from '../../src/schemas/config.ts'
import type { EvalRow, RelevantDoc } from '../../src/schemas/evalSet.ts'

/** A complete eval-set row for a normal (answerable) question; override what the test is about. */
export function makeRow(overrides: Partial<EvalRow> = {}): EvalRow {
  return {
    id: 'q001',
    question: '一线城市出差住宿标准是多少？',
    ground_truth: null,
    reference_points: [],
    category: null,
    difficulty: null,
    should_refuse: false,
    relevant_docs: [],
    expect_json: false,
    required_keys: [],
    extra: {},
    ...overrides,
  }
}

/** A complete candidate output with no contexts, no retrieval and no error. */
export function makeOutput(overrides: Partial<CandidateOutput> = {}): CandidateOutput {
  return {
    id: 'q001',
    answer: '',
    contexts: [],
    retrieved_ids: [],
    latency_ms: null,
    error: null,
    ...overrides,
  }
}

/** The default rules (what a user gets with no `rules:` section), with optional overrides. */
export function makeRules(overrides: Partial<RulesConfig> = {}): RulesConfig {
  return RulesConfigSchema.parse(overrides)
}

/** The retrieval metrics of one ranked list of ids against graded relevance judgements, at each cut-off in `ks`, as the definitions score them. */
export function scoreRetrieval(retrieved: readonly string[], judgements: readonly RelevantDoc[], ks: readonly number[], shouldRefuse = false): Scores {
  const row = makeRow({ should_refuse: shouldRefuse, relevant_docs: [...judgements] })
  return scoreTier('retrieval', { row, output: makeOutput({ retrieved_ids: [...retrieved] }), config: { rules: makeRules(), k: [...ks] }, refused: false })
}
