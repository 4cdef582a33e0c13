/**
 * Every metric evalgate knows, with the facts the comparison needs: which way is better,
 * whether it is a pass/fail metric, and which family computes it. Direction belongs to the
 * metric, never to the caller.
 */
export type MetricFamily = 'rules' | 'retrieval' | 'citations' | 'judge' | 'rag' | 'hallucination' | 'operations'

export interface MetricInfo {
  name: string
  family: MetricFamily
  higherIsBetter: boolean
  /** 0/1 metrics: a 1 → 0 change is a pass → fail flip. */
  binary: boolean
  /** `latency_ms` is in milliseconds; every other metric lies in [0, 1]. */
  unit: 'score' | 'ms'
  description: string
}

const fixed: MetricInfo[] = [
  rule('length_ok', 'answer length within [min_length, max_length]'),
  rule('citation_ok', 'answer carries a [文档N] / [docN] citation'),
  rule('no_forbidden', 'answer contains none of the forbidden words'),
  rule('json_ok', 'answer is a JSON object with the required keys (expect_json rows)'),
  rule('refuse_ok', 'should-refuse question answered with a refusal phrase'),
  rule('rules_pass', 'every applicable rule passed'),
  score('mrr', 'retrieval', '1 / rank of the first relevant id, 0 if none'),
  score('citation_valid', 'citations', 'share of [文档N] citations that point to an existing context'),
  score('accuracy_norm', 'judge', 'rubric accuracy, 0-4 scaled to 0-1'),
  score('relevance_norm', 'judge', 'rubric relevance, 0-4 scaled to 0-1'),
  score('completeness_norm', 'judge', 'rubric completeness (lexical: reference points covered), 0-1'),
  score('citation_norm', 'judge', 'rubric citation correctness, 0-4 scaled to 0-1'),
  score('faithfulness', 'rag', 'supported claims / all claims'),
  score('answer_relevancy', 'rag', 'cosine similarity of questions generated from the answer'),
  score('context_precision', 'rag', 'average precision of useful chunks in rank order'),
  score('context_recall', 'rag', 'reference points attributable to the contexts'),
  { name: 'hallucination_rate', family: 'hallucination', higherIsBetter: false, binary: false, unit: 'score', description: '1 - faithfulness on the same claims' },
  { name: 'contradicted', family: 'hallucination', higherIsBetter: false, binary: true, unit: 'score', description: '1 when any claim is contradicted by the contexts' },
  { name: 'latency_ms', family: 'operations', higherIsBetter: false, binary: false, unit: 'ms', description: 'candidate latency in milliseconds' },
]

const byName = new Map(fixed.map((m) => [m.name, m]))

const retrievalAtK = /^(precision|recall|hit|ndcg)@([1-9]\d*)$/

/** Looks a metric up by name; retrieval metrics exist for every k (`recall@5`, `ndcg@10`). */
export function metricInfo(name: string): MetricInfo | undefined {
  const known = byName.get(name)
  if (known) return known
  const match = retrievalAtK.exec(name)
  if (!match) return undefined
  const info = retrievalMetric(name, match)
  // remembered: the comparison asks once per question and metric
  byName.set(name, info)
  return info
}

function retrievalMetric(name: string, match: RegExpExecArray): MetricInfo {
  const kind = match[1] as 'precision' | 'recall' | 'hit' | 'ndcg'
  return {
    name,
    family: 'retrieval',
    higherIsBetter: true,
    binary: kind === 'hit',
    unit: 'score',
    description: `${kind} over the top ${match[2]} retrieved ids`,
  }
}

export function isKnownMetric(name: string): boolean {
  return metricInfo(name) !== undefined
}

export function knownMetricNames(): string[] {
  return [...byName.keys(), 'precision@K', 'recall@K', 'hit@K', 'ndcg@K']
}

/** Metrics in report order: the order of the family table in the SPEC, then by name. */
export function sortMetrics(names: Iterable<string>): string[] {
  const familyOrder: MetricFamily[] = ['rules', 'retrieval', 'citations', 'judge', 'rag', 'hallucination', 'operations']
  const position = (n: string) => {
    const info = metricInfo(n)
    const family = info ? familyOrder.indexOf(info.family) : familyOrder.length
    const fixedIndex = fixed.findIndex((m) => m.name === n)
    const atK = retrievalAtK.exec(n)
    // precision@k, recall@k, hit@k, ndcg@k grouped by kind, then by k; mrr after them
    const index = atK ? ['precision', 'recall', 'hit', 'ndcg'].indexOf(atK[1]!) - 10 + Number(atK[2]) / 1e6 : fixedIndex === -1 ? 0 : fixedIndex
    return [family, index] as const
  }
  return [...names].sort((a, b) => {
    const [fa, ia] = position(a)
    const [fb, ib] = position(b)
    return fa - fb || ia - ib || a.localeCompare(b, 'en', { numeric: true })
  })
}

function rule(name: string, description: string): MetricInfo {
  return { name, family: 'rules', higherIsBetter: true, binary: true, unit: 'score', description }
}

function score(name: string, family: MetricFamily, description: string): MetricInfo {
  return { name, family, higherIsBetter: true, binary: false, unit: 'score', description }
}

/** Positive is better: higher-is-better metrics as they are, the others negated; latency relative. */
export function directedChange(info: MetricInfo | undefined, baseline: number, candidate: number): number {
  const higherIsBetter = info?.higherIsBetter ?? true
  if (info?.unit === 'ms') {
    if (baseline === 0) return candidate === 0 ? 0 : -Infinity
    return (baseline - candidate) / baseline
  }
  return higherIsBetter ? candidate - baseline : baseline - candidate
}
