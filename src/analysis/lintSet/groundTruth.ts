import { LEXICAL_SETTINGS } from '../../metrics/lexical.ts'
import { isRefusal } from '../../metrics/rules.ts'
import { covers, tokenize } from '../../metrics/tokens.ts'
import type { EvalRow } from '../../schemas/evalSet.ts'
import { boundaryKinds } from './boundary.ts'
import { normaliseQuestion } from './duplicates.ts'
import { finding, quote, type Finding, type LintInput } from './finding.ts'
import { shingleTokens } from './minhash.ts'

/**
 * A ground truth with fewer units than this (a CJK character or a Latin word is one unit) and
 * no number cannot separate a right answer from a wrong one: "可以的", "yes", "是的，可以"
 * (seed 003, 1.1: write "能，需满足 X、Y 条件，流程是 Z").
 */
export const MIN_GROUND_TRUTH_UNITS = 5

/** Words a should-refuse ground truth uses to describe the refusal, beside the configured refusal phrases. */
const REFUSAL_MARKERS = ['拒绝', '拒答', '不予回答', '不回答', 'refuse', 'decline', 'should not answer', 'cannot help']

function units(text: string): number {
  return shingleTokens(text).length
}

function tooShort(text: string): boolean {
  return units(text) < MIN_GROUND_TRUTH_UNITS && !/\p{N}/u.test(text.normalize('NFKC'))
}

/**
 * Ground truths that cannot do their job: too short to judge against, reference points the
 * ground truth does not contain (the lexical provider's coverage test, the one completeness
 * uses), should-refuse rows that carry a real answer, and answerable rows without the relevant
 * documents the retrieval metrics need (only when the set has a relevant_doc_ids column).
 * All warnings: the checks are lexical and a person decides.
 */
export function groundTruthFindings(input: LintInput, refusalPhrases: readonly string[]): Finding[] {
  return input.rows.flatMap((row) => rowFindings(input, row, refusalPhrases))
}

function rowFindings(input: LintInput, row: EvalRow, refusalPhrases: readonly string[]): Finding[] {
  const out: Finding[] = []
  const add = (message: string) => out.push(finding(input, 'ground_truth', 'warning', [row.id], message))
  const truth = row.ground_truth
  const kinds = boundaryKinds(row)
  if (row.should_refuse) {
    if (truth !== null && units(truth) >= MIN_GROUND_TRUTH_UNITS && !isRefusal(truth, [...refusalPhrases, ...REFUSAL_MARKERS])) {
      add(`should_refuse is true but the ground truth is an answer, ${quote(truth)}: set should_refuse to false, or write what a correct refusal says`)
    }
    return out
  }
  if (truth !== null && tooShort(truth)) add(`the ground truth ${quote(truth)} is too short to judge an answer against: write the full answer with its conditions`)
  if (truth !== null && row.reference_points.length > 0) {
    const truthTokens = tokenize(truth)
    const squashedTruth = normaliseQuestion(truth)
    // contained (letters and digits in order) or implied (the lexical provider's coverage, the test completeness uses)
    const missing = row.reference_points.filter((point) => !squashedTruth.includes(normaliseQuestion(point)) && !covers(truthTokens, tokenize(point), LEXICAL_SETTINGS.minWordShare))
    if (missing.length > 0) {
      add(`reference point${missing.length > 1 ? 's' : ''} ${missing.map((p) => quote(p, 40)).join(' ')} not found in the ground truth ${quote(truth, 40)}: add them to it, or fix the point`)
    }
  }
  if (input.hasRelevantDocs && row.relevant_docs.length === 0 && !kinds.has('not_in_kb')) {
    add('answerable, but relevant_doc_ids is empty: its precision, hit and MRR count as 0; list the documents that answer it (or mark the row not_in_kb)')
  }
  return out
}
