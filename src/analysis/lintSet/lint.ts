/**
 * `evalgate lint-set`: is the eval set fit to gate with? Duplicates, coverage, boundary cases,
 * ground-truth quality and leakage, each a finding located on the rows it is about.
 *
 * Levels: what makes scores wrong whatever the system does is an `error` (exact and near
 * duplicates, leakage into prompts or training data); what a person should look at is a
 * `warning` (coverage, difficulty mix, boundary kinds, ground-truth quality, and near
 * duplicates that are both marked confusable).
 */
import { readTable } from '../../io/tabular.ts'
import { evalSetFromTable } from '../../run/evalSet/evalSet.ts'
import { DEFAULT_REFUSAL_PHRASES } from '../../schemas/config.ts'
import { DEFAULT_DIFFICULTY_MIX, coverageFindings, coverageSummary, difficultyFindings, type CoverageSummary } from './coverage.ts'
import { corpusFindings, readKnowledgeBase, type CorpusSummary } from './corpus.ts'
import { duplicateFindings } from './duplicates.ts'
import { FINDING_KINDS, type Finding, type LintInput } from './finding.ts'
import { groundTruthFindings } from './groundTruth.ts'
import { DEFAULT_LEAK_THRESHOLD, leakageFindings, readLeakCorpus } from './leakage.ts'

export type { Finding, FindingKind, FindingLevel } from './finding.ts'
export { parseDifficultyMix } from './coverage.ts'

export const DEFAULT_NEAR_DUPLICATE_THRESHOLD = 0.8

export interface LintOptions {
  /** near-duplicate Jaccard threshold, (0, 1] */
  threshold: number
  /** target share per difficulty label, in percent (adds up to 100) */
  difficultyMix: Readonly<Record<string, number>>
  /** what a refusal says (evalgate.yml rules.refusal_phrases): a should-refuse ground truth may say it */
  refusalPhrases: readonly string[]
  /** prompt templates, few-shot files, fine-tuning data to check for leaked questions */
  against: readonly string[]
  leakThreshold: number
  /** the knowledge base (a folder, or a .jsonl / .csv with an id per document): documents no question covers */
  corpus?: string
}

export const DEFAULT_LINT_OPTIONS: LintOptions = {
  threshold: DEFAULT_NEAR_DUPLICATE_THRESHOLD,
  difficultyMix: DEFAULT_DIFFICULTY_MIX,
  refusalPhrases: DEFAULT_REFUSAL_PHRASES,
  against: [],
  leakThreshold: DEFAULT_LEAK_THRESHOLD,
}

export interface LintReport {
  file: string
  summary: CoverageSummary
  findings: Finding[]
  /** with --corpus: the knowledge base against the questions' relevant documents */
  corpus: CorpusSummary | null
}

/**
 * Reads the eval set with the run's loader (so bad input stops here exactly as it would stop a
 * run: a located GateError, exit 2), then the --against files, then lints.
 */
export async function lintEvalSetFile(file: string, options: LintOptions): Promise<LintReport> {
  const table = await readTable(file, 'eval set')
  const set = evalSetFromTable(table)
  const lineOf = new Map<string, number>()
  for (const record of table.records) {
    const id = String(record.data.id ?? '')
      .normalize('NFC')
      .trim()
    if (!lineOf.has(id)) lineOf.set(id, record.line)
  }
  const hasRelevantDocs = table.columns ? table.columns.includes('relevant_doc_ids') : table.records.some((r) => 'relevant_doc_ids' in r.data)
  const corpus = await readLeakCorpus(options.against)
  const knowledgeBase = options.corpus === undefined ? null : await readKnowledgeBase(options.corpus)
  const input: LintInput = { file: set.file, rows: set.rows, lineOf, hasRelevantDocs }
  const summary = coverageSummary(input)
  const documents = knowledgeBase ? corpusFindings(input, knowledgeBase) : null
  const findings = [
    ...duplicateFindings(input, options.threshold),
    ...coverageFindings(input, summary),
    ...difficultyFindings(input, options.difficultyMix),
    ...groundTruthFindings(input, options.refusalPhrases),
    ...leakageFindings(input, corpus, options.leakThreshold),
    ...(documents?.findings ?? []),
  ]
  // errors first, then by kind in the documented order, then by row
  const order = (f: Finding) => (f.level === 'error' ? 0 : 1) * 100 + FINDING_KINDS.indexOf(f.kind)
  findings.sort((a, b) => order(a) - order(b) || (a.lines[0] ?? 0) - (b.lines[0] ?? 0))
  return { file: set.file, summary, findings, corpus: documents?.summary ?? null }
}

export function hasErrors(report: LintReport): boolean {
  return report.findings.some((f) => f.level === 'error')
}
