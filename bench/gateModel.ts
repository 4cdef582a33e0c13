/**
 * The simulated eval set behind npm run bench:gate: every metric of an LLM-judged RAG run at once,
 * as one system answers it twice. What makes it realistic is what the one-metric simulation it
 * replaced left out:
 *
 * - a latent per-question quality (z ~ N(0, 1)) that every judged metric reads, so the metrics
 *   move together, and one rubric call per run whose noise all four rubric dimensions share;
 * - heterogeneous noise: each question its own regeneration noise (30% of questions answer
 *   nearly the same every time, sd 0.02; the rest sd U(0.05, 0.20) in quality) and its own judge
 *   noise (sd U(0.04, 0.14) on a score, or that chance of flipping a chunk or claim verdict);
 * - pass/fail metrics with flaky questions: rules_pass 60% stable passes (0.95), 20% stable
 *   failures (0.05), 20% flaky (0.5); no_over_refusal 95% stable (0.99), 5% flaky;
 * - retrieval fixed per question except 10% of questions that retrieve afresh each run (a query
 *   rewriter), so the retrieval family rarely moves between two runs of the same system;
 * - optionally conversations of four turns whose answers share one quality shock per run
 *   (sd 0.12): turns of a conversation are not independent questions.
 *
 * A change moves the candidate: `quality` shifts every answer's quality (all judged metrics),
 * `accuracy` the accuracy dimension alone, `context` the chance that a chunk is useful and a
 * reference point is attributable. Pure and seeded: the same random stream gives the same runs.
 */
import { normalCdf } from '../src/stats/normal.ts'

export type Random = () => number

export function gaussian(random: Random): number {
  // Box-Muller on the seeded generator
  const u = 1 - random()
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random())
}

/** Every metric the simulated run gates, in report order; hallucination_rate is 1 − faithfulness. */
export const SIMULATED_METRICS = [
  'no_over_refusal',
  'rules_pass',
  'precision@5',
  'recall@5',
  'hit@5',
  'ndcg@5',
  'mrr',
  'citation_valid',
  'accuracy_norm',
  'relevance_norm',
  'completeness_norm',
  'citation_norm',
  'faithfulness',
  'answer_relevancy',
  'context_precision',
  'context_recall',
  'hallucination_rate',
  'contradicted',
] as const

interface Question {
  base: number
  regen: number
  judge: number
  rulePass: number
  refusalPass: number
  claims: number
  /** rank of the relevant doc (1-5), 6 when it is not retrieved; redrawn each run when flaky */
  rank: number
  retrievalFlaky: boolean
  /** chunks 2 and 3 (chunk 1 is the ranked doc when rank ≤ 3): the chance each is useful, and the fixed draw it is held against */
  usefulness: [number, number]
  usefulDraw: [number, number]
  /** the chance a reference point is in the contexts, and the fixed draws of its four points */
  attributable: number
  attributableDraw: number[]
  conversation: number
}

export interface Project {
  questions: Question[]
  /** conversation shock sd (0 without conversations) */
  shared: number
}

export interface Change {
  quality: number
  accuracy: number
  context: number
}

export const NO_CHANGE: Change = { quality: 0, accuracy: 0, context: 0 }

const RANKS = [0.45, 0.15, 0.1, 0.05, 0.05, 0.2]

function drawRank(random: Random): number {
  let u = random()
  for (let r = 0; r < RANKS.length; r++) {
    u -= RANKS[r]!
    if (u < 0) return r + 1
  }
  return RANKS.length
}

const clamp = (x: number) => Math.min(1, Math.max(0, x))
const quarter = (x: number) => Math.round(clamp(x) * 4) / 4

/** An eval set of n questions; with conversations, turns of four share a conversation. */
export function makeProject(n: number, random: Random, conversations = false): Project {
  const questions: Question[] = []
  for (let i = 0; i < n; i++) {
    const kind = random()
    questions.push({
      base: Math.min(0.98, Math.max(0.05, 0.62 + 0.17 * gaussian(random))),
      regen: random() < 0.35 ? 0.02 : 0.04 + 0.14 * random(),
      judge: 0.03 + 0.09 * random(),
      rulePass: kind < 0.6 ? 0.95 : kind < 0.8 ? 0.05 : 0.5,
      refusalPass: random() < 0.95 ? 0.99 : 0.5,
      claims: 2 + Math.floor(random() * 6),
      rank: drawRank(random),
      retrievalFlaky: random() < 0.1,
      usefulness: [0.2 + 0.4 * random(), 0.1 + 0.4 * random()],
      usefulDraw: [random(), random()],
      attributable: 0.4 + 0.55 * random(),
      attributableDraw: [random(), random(), random(), random()],
      conversation: conversations ? Math.floor(i / 4) : -1,
    })
  }
  return { questions, shared: conversations ? 0.12 : 0 }
}

/** What one run of the candidate answered a question with: everything the judge then scores. */
export interface Answer {
  quality: number
  rank: number
  rules: number
  refusal: number
  /** per claim: 0 supported, 1 not mentioned, 2 contradicted */
  claims: number[]
  citations: number
  accuracyShift: number
  context: number
}

/** One run of the candidate (moved by `change`): each question's answer, before any judging. */
export function drawAnswers(project: Project, change: Change, random: Random): Answer[] {
  const shocks = new Map<number, number>()
  return project.questions.map((q) => {
    let shock = 0
    if (q.conversation >= 0) {
      if (!shocks.has(q.conversation)) shocks.set(q.conversation, project.shared * gaussian(random))
      shock = shocks.get(q.conversation)!
    }
    const quality = q.base + q.regen * gaussian(random) + shock + change.quality
    const support = clamp(0.3 + 0.65 * quality)
    const claims = Array.from({ length: q.claims }, () => (random() < support ? 0 : random() < 0.25 ? 2 : 1))
    return {
      quality,
      rank: q.retrievalFlaky ? drawRank(random) : q.rank,
      rules: random() < q.rulePass ? 1 : 0,
      refusal: random() < q.refusalPass ? 1 : 0,
      claims,
      citations: (random() < 0.92 ? 1 : 0) + (random() < 0.92 ? 1 : 0),
      accuracyShift: change.accuracy,
      context: change.context,
    }
  })
}

/** The judge's scores of one run's answers (metric → value per question): a fresh judge draw each call. */
export function judgeAnswers(project: Project, answers: readonly Answer[], random: Random): Record<string, number>[] {
  return answers.map((a, i) => {
    const q = project.questions[i]!
    const u = a.quality
    const call = 0.7 * q.judge * gaussian(random)
    const rubric = (offset: number) => quarter(u + offset + call + 0.7 * q.judge * gaussian(random))
    const hit = a.rank <= 5 ? 1 : 0
    const flip = (truth: boolean) => (random() < q.judge ? !truth : truth)
    const verdicts = [a.rank <= 3, q.usefulDraw[0] < clamp(q.usefulness[0] + a.context), q.usefulDraw[1] < clamp(q.usefulness[1] + a.context)].map(flip)
    let useful = 0
    let precisionSum = 0
    verdicts.forEach((v, k) => {
      if (!v) return
      useful += 1
      precisionSum += useful / (k + 1)
    })
    let attributed = 0
    for (const draw of q.attributableDraw) if (flip(draw < clamp(q.attributable + a.context))) attributed += 1
    let supported = 0
    let contradicted = 0
    for (const claim of a.claims) {
      const seen = random() < q.judge / 2 ? (claim === 0 ? 1 : 0) : claim
      if (seen === 0) supported += 1
      if (seen === 2) contradicted = 1
    }
    const faithfulness = supported / a.claims.length
    return {
      no_over_refusal: a.refusal,
      rules_pass: a.rules,
      'precision@5': hit / 5,
      'recall@5': hit,
      'hit@5': hit,
      'ndcg@5': hit ? 1 / Math.log2(a.rank + 1) : 0,
      mrr: hit ? 1 / a.rank : 0,
      citation_valid: a.citations / 2,
      accuracy_norm: rubric(a.accuracyShift),
      relevance_norm: rubric(0.15),
      completeness_norm: rubric(-0.05),
      citation_norm: quarter(0.5 + 0.5 * u + call + 0.7 * q.judge * gaussian(random)),
      faithfulness,
      answer_relevancy: clamp(0.55 + 0.4 * u + 0.5 * q.judge * gaussian(random)),
      context_precision: useful === 0 ? 0 : precisionSum / useful,
      context_recall: attributed / 4,
      hallucination_rate: 1 - faithfulness,
      contradicted,
    }
  })
}

/** One run of the candidate, answered and judged. */
export function drawRun(project: Project, change: Change, random: Random): Record<string, number>[] {
  return judgeAnswers(project, drawAnswers(project, change, random), random)
}

/**
 * The shift of the accuracy dimension alone that lowers this eval set's expected accuracy_norm
 * mean by exactly `drop` (found by bisection on the exact expectation: a question's accuracy is
 * its quality plus normal noise, clamped and rounded to a quarter).
 */
export function accuracyShiftFor(project: Project, drop: number): number {
  const expected = (shift: number) => {
    let sum = 0
    for (const q of project.questions) {
      // regeneration, conversation shock and the judge's (shared and own) noise, all normal
      const sd = Math.sqrt(q.regen ** 2 + project.shared ** 2 + 2 * (0.7 * q.judge) ** 2)
      for (let k = 1; k <= 4; k++) sum += 0.25 * normalCdf((q.base + shift - (2 * k - 1) / 8) / sd)
    }
    return sum / project.questions.length
  }
  const target = expected(0) - drop
  let lo = -1
  let hi = 0
  for (let i = 0; i < 50; i++) {
    const mid = (lo + hi) / 2
    if (expected(mid) > target) hi = mid
    else lo = mid
  }
  return (lo + hi) / 2
}
