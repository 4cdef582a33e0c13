import { quotedAlike } from '../text/script.ts'
import type { Claim } from '../schemas/results.ts'
import { averagePrecision, faithfulnessOf, hallucinationRateOf, shareCovered } from './rag.ts'
import { noScore, type Score } from './score.ts'

/** A statement and whether the text it was looked for in covers it. */
export interface Covered {
  text: string
  covered: boolean
}

/**
 * What the lexical provider (lexical.ts) finds in one question, by token and number overlap;
 * each lexical metric's definition turns it into that metric's score with a function below.
 */
export interface LexicalAnalysis {
  /** a should-refuse question: judged by refuse_ok, and by none of the lexical metrics */
  shouldRefuse: boolean
  /** the answer is a refusal (rules.refusal_phrases) */
  refusal: boolean
  /** each reference point, covered by the answer or not */
  points: readonly Covered[]
  /** each clause of the answer, found in the contexts (supported) or not (not_mentioned); none for a refusal */
  claims: readonly Claim[]
  /** each chunk in rank order, useful (it covers a reference statement) or not, and what that was judged against; null with nothing to judge against */
  chunks: { useful: readonly boolean[]; against: string } | null
  /** each reference statement (reference points, else ground-truth clauses), found in the contexts or not */
  attributable: readonly Covered[]
}

/** A lexical metric's score of one question from the provider's analysis of it (MetricDefinition.fromLexical). */
export type LexicalScorer = (analysis: LexicalAnalysis) => Score

/** context_retention_norm's reason on every question: word overlap cannot tell whether an answer kept what was said earlier. */
export const NO_RETENTION = 'lexical cannot judge context retention'

/** A should-refuse question gets null from a metric of the answer's content: refuse_ok judges it. */
function answerable(score: LexicalScorer): LexicalScorer {
  return (a) => (a.shouldRefuse ? noScore('should-refuse question: judged by refuse_ok') : score(a))
}

const REFUSAL_MAKES_NO_CLAIM = 'the answer is a refusal: no factual claim to check'

export const lexicalScores = {
  completeness: answerable((a) =>
    withMissing(
      shareCovered(
        a.points.map((p) => p.covered),
        'reference_points',
      ),
      a.points,
      a.refusal ? 'the answer is a refusal; not in the answer' : 'not in the answer',
    ),
  ),
  faithfulness: answerable((a) => {
    if (a.refusal) return noScore(REFUSAL_MAKES_NO_CLAIM)
    const faithfulness = faithfulnessOf(a.claims.map((c) => c.verdict))
    const unsupported = a.claims.filter((c) => c.verdict !== 'supported').map((c) => c.text)
    if (unsupported.length > 0) faithfulness.reason = `not found in the contexts: ${quoteList(unsupported)}`
    return faithfulness
  }),
  hallucinationRate: answerable((a) => (a.refusal ? noScore(REFUSAL_MAKES_NO_CLAIM) : hallucinationRateOf(a.claims.map((c) => c.verdict)))),
  contextPrecision: answerable((a) =>
    a.chunks === null
      ? noScore('no ground truth and no answer claims to judge chunk usefulness against')
      : // the note always says what usefulness was judged against (SPEC: the report says which)
        { value: averagePrecision(a.chunks.useful), reason: `useful chunks in rank order [${a.chunks.useful.map(Number).join(',')}], judged against ${a.chunks.against}` },
  ),
  contextRecall: answerable((a) =>
    withMissing(
      shareCovered(
        a.attributable.map((s) => s.covered),
        'reference points or ground truth',
      ),
      a.attributable,
      'not in the contexts',
    ),
  ),
  contextRetention: () => noScore(NO_RETENTION),
} satisfies Record<string, LexicalScorer>

/** Names what was not covered, so a reviewer sees why a score dropped. */
function withMissing(result: Score, items: readonly Covered[], where: string): Score {
  const missing = items.filter((i) => !i.covered).map((i) => i.text)
  if (result.value !== null && missing.length > 0) result.reason = `${where}: ${quoteList(missing)}`
  return result
}

function quoteList(texts: readonly string[]): string {
  const shown = quotedAlike(
    texts.slice(0, 3).map((t) => (t.length > 40 ? `${t.slice(0, 39)}…` : t)),
    texts.join(' '),
  )
  return shown.join(' ') + (texts.length > 3 ? ` (+${texts.length - 3} more)` : '')
}
