/**
 * A small, deterministic example RAG system for the saas-kb knowledge base (English).
 *
 * It implements evalgate's "command candidate" contract: JSONL questions on
 * stdin, JSONL answers on stdout, one line per question, in input order.
 *
 *   node --import tsx examples/saas-kb/rag.ts --chunking heading|fixed300 [--docs DIR] [--top-k 5]
 *
 * Chunking, BM25 retrieval, extractive answering and refusal are plain Node with
 * no randomness and no network, so two runs on the same input produce
 * byte-identical output: any metric change comes from the chunking strategy.
 */
import { buildIndex, loadDocs, readStdin, retrieve, type Bm25Index, type Chunk, type Doc } from '../bm25.ts'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

type Chunking = 'heading' | 'fixed300'

interface Options {
  chunking: Chunking
  docsDir: string
  topK: number
  /** --history: use the conversation's earlier turns to resolve "it" and "that plan" */
  useHistory: boolean
}

interface Question {
  id: string
  question: string
  /** the earlier turns of the conversation (evalgate sends them as `history`) */
  history: { role: string; content: string }[]
}

interface Answer {
  id: string
  answer: string
  contexts: string[]
  retrieved_ids: string[]
}

/** Size of a fixed chunk in characters; a heading section is never cut. */
const FIXED_CHUNK_SIZE = 300

/**
 * Minimum BM25 score of the best chunk for the system to answer at all.
 * Calibrated on eval_set_v1.csv: see the README's "What to expect".
 */
const MIN_ANSWER_SCORE = 4

/** At most this many sentences go into an extractive answer. */
const MAX_ANSWER_SENTENCES = 3

/** A sentence is only added after the best one when it is at least this close to the best one's overlap. */
const SENTENCE_KEEP_RATIO = 0.5

/** How much a sentence's overlap is discounted per retrieval rank below the first. */
const RANK_DISCOUNT = 0.25

const REFUSAL = "I don't have information about that in the Tallyboard knowledge base."
const POLICY_REFUSAL = "I can't help with that: it asks to get around security controls or for someone else's account or data."

/**
 * Requests the assistant must never help with, whatever the retrieval finds: getting around
 * security controls and reaching other people's accounts. Short and explicit so it can be audited.
 */
const DENY_PATTERNS: readonly RegExp[] = [
  /\b(bypass|get around|disable|turn off)\b.{0,40}\b(sso|2fa|two-factor|allowlist|security)\b/i,
  /\b(someone else'?s|another (user|member|customer)'?s|my (boss|manager|colleague)'?s)\b.{0,30}\b(password|account|invoices?|data|boards?)\b/i,
]

/** Question filler that carries no topic; only applied to the question side. */
const QUERY_STOPWORDS: ReadonlySet<string> = new Set(
  'a an the is are was were be been do does did can could will would should shall may might must i we you my our your me us it its this that these those there here what which who whom how when where why if or and but of to in on for with at by from as about into than then so not no yes any some much many get got have has had just also still please tallyboard'.split(
    ' ',
  ),
)

const WORD = /\d+(?:[.,]\d+)*|\p{L}+/gu
const SENTENCE_END = /(?<=[.!?])\s+|\n+/

// ---------------------------------------------------------------- arguments

function usage(): string {
  return 'usage: rag.ts --chunking heading|fixed300 [--docs DIR] [--top-k N] [--history]'
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: { chunking: { type: 'string' }, docs: { type: 'string' }, 'top-k': { type: 'string' }, history: { type: 'boolean' } },
    strict: true,
  })
  const chunking = values.chunking
  if (chunking !== 'heading' && chunking !== 'fixed300') {
    throw new Error(`--chunking must be "heading" or "fixed300"\n${usage()}`)
  }
  const topK = Number(values['top-k'] ?? '5')
  if (!Number.isInteger(topK) || topK < 1) {
    throw new Error(`--top-k must be a positive integer\n${usage()}`)
  }
  // Default to the docs/ folder next to this script so it works from any cwd.
  const here = dirname(fileURLToPath(import.meta.url))
  return { chunking, docsDir: resolve(values.docs ?? join(here, 'docs')), topK, useHistory: values.history === true }
}

// ---------------------------------------------------------------- documents

/** Consecutive 300-character pieces, cut blindly: the naive strategy. */
function chunkFixed(doc: Doc): Chunk[] {
  const chunks: Chunk[] = []
  for (let start = 0; start < doc.text.length; start += FIXED_CHUNK_SIZE) {
    chunks.push({ docId: doc.id, text: doc.text.slice(start, start + FIXED_CHUNK_SIZE) })
  }
  return chunks
}

/**
 * One chunk per "##" section, prefixed with the document title and the section heading, so
 * that a chunk read on its own still says which plan or feature it is about.
 */
function chunkByHeading(doc: Doc): Chunk[] {
  const lines = doc.text.split('\n')
  const title = lines[0]?.startsWith('# ') ? lines[0] : `# ${doc.id}`
  const sections: { heading: string; body: string[] }[] = []
  for (const line of lines[0]?.startsWith('# ') ? lines.slice(1) : lines) {
    if (line.startsWith('## ')) sections.push({ heading: line, body: [] })
    else if (sections.length === 0) sections.push({ heading: '', body: [line] })
    else sections[sections.length - 1]?.body.push(line)
  }
  return sections
    .map((section) => ({ section, body: section.body.join('\n').trim() }))
    .filter(({ body }) => body !== '')
    .map(({ section, body }) => ({ docId: doc.id, text: [title, section.heading, body].filter((part) => part !== '').join('\n') }))
}

function buildChunks(docs: Doc[], chunking: Chunking): Chunk[] {
  return docs.flatMap(chunking === 'heading' ? chunkByHeading : chunkFixed)
}

// ---------------------------------------------------------------- tokens

/**
 * Lower-cased words and numbers ("1,000" → "1000"), with a plural "s" removed so that
 * "seats" finds "seat". Deliberately crude: the example is about chunking, not stemming.
 */
function tokenize(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).map((word) => (/^\d/.test(word) ? word.replace(/,/g, '') : word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word))
}

// ---------------------------------------------------------------- BM25

/** Unique, non-filler query terms: repeating a word should not multiply its weight. */
function queryTerms(question: string): string[] {
  return [...new Set(tokenize(question).filter((term) => !QUERY_STOPWORDS.has(term)))]
}

// ---------------------------------------------------------------- answers

interface Candidate {
  text: string
  contextPosition: number
  order: number
  overlap: number
}

/** Sentences of a chunk that can stand in an answer: headings carry no rule. */
function answerSentences(chunkText: string): string[] {
  return chunkText
    .split(SENTENCE_END)
    .map((sentence) => sentence.trim().replace(/[.!?]$/, ''))
    .filter((sentence) => sentence !== '' && !sentence.startsWith('#'))
}

/** Overlap weighted by idf: sharing "SCIM" with the question says more than sharing "plan". */
function overlapScore(sentence: string, questionTerms: Set<string>, idf: Map<string, number>): number {
  let score = 0
  for (const term of new Set(tokenize(sentence))) if (questionTerms.has(term)) score += idf.get(term) ?? 0
  return score
}

function extractAnswer(question: string, contexts: string[], idf: Map<string, number>): string {
  const questionTerms = new Set(queryTerms(question))
  const candidates: Candidate[] = []
  const seen = new Set<string>()
  contexts.forEach((context, position) => {
    for (const text of answerSentences(context)) {
      if (seen.has(text)) continue
      seen.add(text)
      // Later contexts were ranked lower by BM25, so their sentences need more overlap to win.
      const overlap = overlapScore(text, questionTerms, idf) / (1 + RANK_DISCOUNT * position)
      if (overlap > 0) candidates.push({ text, contextPosition: position + 1, order: candidates.length, overlap })
    }
  })
  // Best overlap first; ties keep retrieval order, then sentence order.
  candidates.sort((a, b) => b.overlap - a.overlap || a.order - b.order)
  const best = candidates[0]
  if (best === undefined) return REFUSAL
  const chosen = candidates.filter((c) => c.overlap >= best.overlap * SENTENCE_KEEP_RATIO).slice(0, MAX_ANSWER_SENTENCES)
  return chosen.map((c) => `${c.text} [${c.contextPosition}].`).join(' ')
}

/**
 * --history: a follow-up ("How much does it cost?") is searched together with the turn before it
 * (the user's question and this system's own answer, citations dropped), so "it" and "that plan"
 * find what the conversation was about. Without the flag every question stands alone.
 */
function searchText(q: Question, useHistory: boolean): string {
  if (!useHistory || q.history.length < 2) return q.question
  const [user, assistant] = q.history.slice(-2)
  return [q.question, user?.content ?? '', (assistant?.content ?? '').replace(/\[\d+\]/g, '')].join(' ')
}

function answerQuestion(q: Question, chunks: Chunk[], index: Bm25Index, topK: number, useHistory: boolean): Answer {
  const hits = retrieve(index, queryTerms(searchText(q, useHistory)), topK)
  const top = hits.map((hit) => chunks[hit.index]).filter((chunk): chunk is Chunk => chunk !== undefined)
  const contexts = top.map((chunk) => chunk.text)
  let answer: string
  if (DENY_PATTERNS.some((pattern) => pattern.test(q.question))) answer = POLICY_REFUSAL
  else if ((hits[0]?.score ?? 0) < MIN_ANSWER_SCORE) answer = REFUSAL
  else answer = extractAnswer(q.question, contexts, index.idf)
  // Contexts are returned even for refusals so retrieval can still be scored.
  return { id: q.id, answer, contexts, retrieved_ids: top.map((chunk) => chunk.docId) }
}

// ---------------------------------------------------------------- I/O

function parseQuestions(input: string): Question[] {
  const questions: Question[] = []
  input.split('\n').forEach((raw, i) => {
    const line = raw.trim()
    if (line === '') return
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch (error) {
      throw new Error(`stdin line ${i + 1}: invalid JSON: ${(error as Error).message}`, { cause: error })
    }
    const record = (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}) as Record<string, unknown>
    if (typeof record.id !== 'string' && typeof record.id !== 'number') throw new Error(`stdin line ${i + 1}: "id" must be a string`)
    if (typeof record.question !== 'string') throw new Error(`stdin line ${i + 1}: "question" must be a string`)
    const history = Array.isArray(record.history) ? (record.history as { role: string; content: string }[]) : []
    questions.push({ id: String(record.id), question: record.question, history })
  })
  return questions
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2))
  const chunks = buildChunks(loadDocs(options.docsDir), options.chunking)
  const index = buildIndex(chunks, tokenize)
  // Read everything first: the contract says output starts only after stdin closes.
  const questions = parseQuestions(await readStdin())
  const lines = questions.map((q) => JSON.stringify(answerQuestion(q, chunks, index, options.topK, options.useHistory)))
  process.stdout.write(lines.length > 0 ? `${lines.join('\n')}\n` : '')
}

main().catch((error: unknown) => {
  process.stderr.write(`rag.ts: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exitCode = 1
})
