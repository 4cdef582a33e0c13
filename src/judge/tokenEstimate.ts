import { PROMPTS, renderPrompt } from './prompts.ts'
import type { PromptId } from '../schemas/judge.ts'
import type { EvalRow } from '../schemas/evalSet.ts'
import type { CallKind, PlannedAsks } from '../metrics/callPlan.ts'
import { REPAIRS_PER_ASK, numbered } from '../metrics/judge.ts'
import { MAX_CLAIMS } from '../metrics/llm.ts'
import { historyBlock } from '../metrics/retention.ts'

/**
 * Characters per token, the one constant of every token estimate: OpenAI's rule of thumb for
 * English text (and what the fake endpoint of the tests and `npm run bench:llm` reports).
 * Real tokenizers spend more tokens per character on CJK text, so for a Chinese eval set the
 * estimate is low by up to about 2× on the text of the questions and answers (the prompts'
 * instructions are English).
 */
export const CHARS_PER_TOKEN = 4

/** Before the candidate has answered: each answer is taken to be as long as its ground truth, else this many characters. */
export const TYPICAL_ANSWER_CHARS = 300
/** Before the candidate has answered: each answer is taken to carry max(k) chunks of this many characters. */
export const TYPICAL_CHUNK_CHARS = 500

/** Estimated tokens, split the way judge.prices prices them. */
export interface TokenEstimate {
  prompt: number
  completion: number
  embedding: number
}

/** The texts a question's judge calls carry: the candidate's answer and contexts, or their stand-ins before it has answered. */
export interface AnswerTexts {
  answer: string
  contexts: readonly string[]
}

export interface EstimateSettings {
  relevancyQuestions: number
  /** hidden reasoning tokens a chat call spends, as the endpoint reported them so far (completion_tokens_details.reasoning_tokens); 0 before any is seen */
  reasoningPerCall: number
  /** the schema goes into the system prompt (json_object, text); json_schema and auto send it as response_format */
  schemaInPrompt: boolean
}

export function noTokens(): TokenEstimate {
  return { prompt: 0, completion: 0, embedding: 0 }
}

export function addTokens(sum: TokenEstimate, more: TokenEstimate): void {
  sum.prompt += more.prompt
  sum.completion += more.completion
  sum.embedding += more.embedding
}

export function totalTokens(t: TokenEstimate): number {
  return t.prompt + t.completion + t.embedding
}

/** What the candidate's answer to this row is taken to be before it exists (see TYPICAL_*). */
export function typicalAnswer(row: EvalRow, chunks: number): AnswerTexts {
  // never blank: a blank answer would be planned fewer calls than a real one may need
  const known = [row.ground_truth ?? '', row.reference_points.join('; ')].find((t) => t.trim() !== '')
  const answer = known ?? 'x'.repeat(TYPICAL_ANSWER_CHARS)
  return { answer, contexts: Array.from({ length: chunks }, () => 'x'.repeat(TYPICAL_CHUNK_CHARS)) }
}

/**
 * The tokens of a question's calls, one ask at a time, from the real prompt templates filled
 * with the texts each call carries (what llm.ts passes: question, reference, contexts, answer,
 * claims) and a reply the size of the JSON its schema asks for. Texts that exist only once an
 * earlier reply is back (the claims) are taken from the answer: its sentences, at most
 * MAX_CLAIMS. With `repairs`, each chat ask is counted with its REPAIRS_PER_ASK repair calls,
 * which carry the conversation so far.
 */
export function estimateTokens(row: EvalRow, texts: AnswerTexts, asks: readonly PlannedAsks[], settings: EstimateSettings, repairs: boolean): TokenEstimate {
  const sum = noTokens()
  const claims = sentences(texts.answer)
  for (const { kind, count } of asks) {
    if (kind === 'embeddings') {
      // the question and each generated question, as long as the question
      sum.embedding += count * tokens(row.question.length * (1 + settings.relevancyQuestions))
      continue
    }
    const call = chatChars(kind, row, texts, claims, settings)
    const prompt = tokens(call.prompt)
    const completion = tokens(call.reply) + Math.ceil(settings.reasoningPerCall)
    sum.prompt += count * prompt
    sum.completion += count * completion
    if (repairs) {
      // a repair resends the conversation with the reply and what was wrong with it
      sum.prompt += count * REPAIRS_PER_ASK * (prompt + completion + tokens(REPAIR_MESSAGE_CHARS))
      sum.completion += count * REPAIRS_PER_ASK * completion
    }
  }
  return sum
}

/** The repair message (openai.ts): "That reply was not valid: … Reply again with only the JSON object described above." */
const REPAIR_MESSAGE_CHARS = 200

function tokens(chars: number): number {
  return Math.ceil(chars / CHARS_PER_TOKEN)
}

/** The answer's sentences: what a judge breaks it into as claims. */
function sentences(answer: string): string[] {
  const parts = answer
    .split(/(?<=[。！？!?；;\n]|\.\s)/)
    .map((s) => s.trim())
    .filter((s) => s !== '')
  return (parts.length > 0 ? parts : [answer]).slice(0, MAX_CLAIMS)
}

function chatChars(kind: Exclude<CallKind, 'embeddings'>, row: EvalRow, texts: AnswerTexts, claims: readonly string[], settings: EstimateSettings): { prompt: number; reply: number } {
  const contexts = numbered(texts.contexts, (i) => `[文档${i}]`)
  const reference = row.reference_points.length > 0 ? numbered(row.reference_points, (i) => `${i}.`) : (row.ground_truth ?? '(none given)')
  const claimCount = Math.max(1, claims.length)
  const question = row.question
  const answer = texts.answer
  switch (kind) {
    case 'rubric':
      // {"accuracy":4,"relevance":4,"completeness":4,"citation":4,"context_retention":null,"reason":"…"}
      return { prompt: rendered(kind, { should_refuse: String(row.should_refuse), history: historyBlock(row), question, reference_points: reference, contexts, answer }, settings), reply: 95 + 80 }
    case 'claims':
      // {"claims":["…",…]}: the answer again, cut into claims
      return { prompt: rendered(kind, { question, answer }, settings), reply: 15 + answer.length + 3 * claimCount }
    case 'verdicts':
      // {"verdicts":[{"claim":1,"verdict":"supported","evidence":"…"},…]}
      return { prompt: rendered(kind, { contexts, claims: numbered(claims, (i) => `${i}.`) }, settings), reply: 15 + 55 * claimCount }
    case 'verdict':
      return { prompt: rendered(kind, { contexts, claim: claims[0] ?? answer }, settings), reply: 50 }
    case 'usefulness':
      // {"verdicts":[{"chunk":1,"useful":true,"reason":"…"},…]}
      return {
        prompt: rendered(kind, { question, reference_kind: row.ground_truth ? 'ground_truth' : 'answer', reference: row.ground_truth ?? answer, contexts }, settings),
        reply: 15 + 45 * Math.max(1, texts.contexts.length),
      }
    case 'recall': {
      // {"statements":[{"statement":"…","attributable":true},…]}: each reference point again
      const points = row.reference_points.length > 0 ? row.reference_points : [row.ground_truth ?? '']
      return { prompt: rendered(kind, { question, reference, contexts }, settings), reply: 20 + points.reduce((n, p) => n + 40 + p.length, 0) }
    }
    case 'questions':
      // {"questions":[{"question":"…","noncommittal":0},…]}: each as long as the question
      return { prompt: rendered(kind, { n: settings.relevancyQuestions, answer }, settings), reply: 15 + settings.relevancyQuestions * (35 + question.length) }
    default:
      // not asked by the tier (pairwise has its own plan): its templates alone
      return { prompt: PROMPTS[kind].system.length + PROMPTS[kind].user.length, reply: 100 }
  }
}

/** The system and user messages of the prompt, filled in; the schema too where it goes into the prompt. */
function rendered(id: PromptId, vars: Record<string, string | number>, settings: EstimateSettings): number {
  const prompt = PROMPTS[id]
  const schema = settings.schemaInPrompt ? JSON.stringify(prompt.jsonSchema).length + 90 : 0
  return renderPrompt(prompt.system, vars).length + renderPrompt(prompt.user, vars).length + schema
}
