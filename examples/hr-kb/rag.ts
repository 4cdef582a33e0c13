/**
 * A small, deterministic example RAG system for the hr-kb knowledge base.
 *
 * It implements evalgate's "command candidate" contract: JSONL questions on
 * stdin, JSONL answers on stdout, one line per question, in input order.
 *
 *   node --import tsx examples/hr-kb/rag.ts --chunking heading|fixed500 [--docs DIR] [--top-k 5]
 *
 * Everything (chunking, BM25 retrieval, extractive answering, refusal) is
 * plain Node with no randomness and no network, so two runs on the same input
 * produce byte-identical output. That is what makes it usable as a demo
 * baseline: any metric change comes from the chunking strategy, not noise.
 */
import { buildIndex, loadDocs, readStdin, retrieve, type Bm25Index, type Chunk, type Doc } from '../bm25.ts'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

type Chunking = 'heading' | 'fixed500'

interface Options {
  chunking: Chunking
  docsDir: string
  topK: number
}

interface Question {
  id: string
  question: string
}

interface Answer {
  id: string
  answer: string
  contexts: string[]
  retrieved_ids: string[]
}

/** Maximum chunk size in characters (code points) for both strategies. */
const CHUNK_SIZE = 500

/**
 * Minimum BM25 score of the best chunk for the system to answer at all.
 * Calibrated on eval_set_v1.csv: the out-of-scope questions (宿舍, 年终奖,
 * 落户) peak at about 4 because only incidental words match, while the
 * weakest in-scope question still scores about 6.7 under either chunking.
 */
const MIN_ANSWER_SCORE = 5

/** At most this many sentences go into an extractive answer. */
const MAX_ANSWER_SENTENCES = 3

/**
 * A sentence is only added after the best one when it is at least this close
 * to the best sentence's overlap; weaker sentences are usually off-topic noise.
 */
const SENTENCE_KEEP_RATIO = 0.5

/** How much a sentence's overlap is discounted per retrieval rank below the first. */
const RANK_DISCOUNT = 0.25

const REFUSAL = '抱歉，知识库中没有相关信息，无法回答这个问题。'
const POLICY_REFUSAL = '抱歉，这个问题涉及违规操作、他人隐私或投资建议，无法回答这个问题。'

/**
 * Requests the assistant must never help with, whatever the retrieval finds:
 * forging or faking receipts, other people's pay, and investment advice.
 * Kept short and explicit on purpose so the refusal behaviour is auditable.
 */
const DENY_PATTERNS: readonly RegExp[] = [/伪造|虚开|假发票|假的.{0,6}发票|冒充/, /(同事|别人|他人|其他人|领导|老板|经理).{0,8}(工资|薪资|薪水|收入)/, /股票|炒股|理财产品|买.{0,4}基金/]

const SENTENCE_TERMINATORS = /[。！？\n]/

/**
 * Question filler that carries no topic. Without this list an off-topic
 * question such as 公司有没有员工宿舍 scores on 没有 alone (the policies say
 * 没有行程单的不予报销), which both pollutes rankings and defeats the
 * refusal threshold. Only applied to the question side.
 */
const QUERY_STOPWORDS: ReadonlySet<string> = new Set([
  '的',
  '了',
  '吗',
  '呢',
  '吧',
  '啊',
  '呀',
  '么',
  '我',
  '你',
  '他',
  '她',
  '我们',
  '是',
  '不是',
  '有',
  '没有',
  '有没有',
  '能',
  '能不能',
  '可以',
  '要',
  '想',
  '还',
  '也',
  '都',
  '就',
  '说',
  '的话',
  '怎么',
  '怎么办',
  '怎么样',
  '咋',
  '咋办',
  '什么',
  '多少',
  '几',
  '多久',
  '哪',
  '哪些',
  '谁',
  '一般',
  '最近',
  '需要',
  '是不是',
  '一下',
  '请问',
  '公司',
  '员工',
])

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' })
const HAN_RUN = /\p{Script=Han}+/gu

// ---------------------------------------------------------------- arguments

function usage(): string {
  return 'usage: rag.ts --chunking heading|fixed500 [--docs DIR] [--top-k N]'
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      chunking: { type: 'string' },
      docs: { type: 'string' },
      'top-k': { type: 'string' },
    },
    strict: true,
  })
  const chunking = values.chunking
  if (chunking !== 'heading' && chunking !== 'fixed500') {
    throw new Error(`--chunking must be "heading" or "fixed500"\n${usage()}`)
  }
  const topK = Number(values['top-k'] ?? '5')
  if (!Number.isInteger(topK) || topK < 1) {
    throw new Error(`--top-k must be a positive integer\n${usage()}`)
  }
  // Default to the docs/ folder next to this script so it works from any cwd.
  const here = dirname(fileURLToPath(import.meta.url))
  const docsDir = resolve(values.docs ?? join(here, 'docs'))
  return { chunking, docsDir, topK }
}

// ---------------------------------------------------------------- documents

/** Consecutive 500-character pieces, cut blindly: the naive baseline strategy. */
function chunkFixed(doc: Doc): Chunk[] {
  // Array.from splits by code point so a cut never lands inside a surrogate pair.
  const chars = Array.from(doc.text)
  const chunks: Chunk[] = []
  for (let start = 0; start < chars.length; start += CHUNK_SIZE) {
    chunks.push({ docId: doc.id, text: chars.slice(start, start + CHUNK_SIZE).join('') })
  }
  return chunks
}

/** Splits text after each sentence terminator, keeping the terminator. */
function splitSentencesKeepingEnds(text: string): string[] {
  return text.match(/[^。！？]+[。！？]?/g) ?? []
}

/** Greedily packs sentences into pieces of at most CHUNK_SIZE characters. */
function packSentences(body: string): string[] {
  const pieces: string[] = []
  let current = ''
  for (const sentence of splitSentencesKeepingEnds(body)) {
    if (current !== '' && Array.from(current + sentence).length > CHUNK_SIZE) {
      pieces.push(current)
      current = ''
    }
    current += sentence
  }
  if (current.trim() !== '') pieces.push(current)
  return pieces
}

/**
 * One chunk per "##" section, each prefixed with the document title and the
 * section heading so that a chunk read on its own still says which policy it
 * belongs to (and so that title words help retrieval).
 */
function chunkByHeading(doc: Doc): Chunk[] {
  const lines = doc.text.split('\n')
  const firstLine = lines[0] ?? ''
  const title = firstLine.startsWith('# ') ? firstLine : `# ${doc.id}`
  const bodyLines = firstLine.startsWith('# ') ? lines.slice(1) : lines

  const sections: { heading: string; body: string[] }[] = []
  for (const line of bodyLines) {
    if (line.startsWith('## ')) {
      sections.push({ heading: line, body: [] })
    } else if (sections.length === 0) {
      // Text between the title and the first "##" becomes its own section.
      sections.push({ heading: '', body: [line] })
    } else {
      sections[sections.length - 1]?.body.push(line)
    }
  }

  const chunks: Chunk[] = []
  for (const section of sections) {
    const body = section.body.join('\n').trim()
    if (body === '') continue
    const prefix = section.heading === '' ? title : `${title}\n${section.heading}`
    for (const piece of packSentences(body)) {
      chunks.push({ docId: doc.id, text: `${prefix}\n${piece.trim()}` })
    }
  }
  return chunks
}

function buildChunks(docs: Doc[], chunking: Chunking): Chunk[] {
  const chunker = chunking === 'heading' ? chunkByHeading : chunkFixed
  return docs.flatMap(chunker)
}

// ---------------------------------------------------------------- tokens

/**
 * Word segments from Intl.Segmenter plus character bigrams of every Han run.
 * The segmenter alone is brittle on colloquial questions (怎么报 vs 报销), and
 * bigrams recover those partial matches. Bigrams get a "~" prefix so that a
 * two-character word and the same bigram are separate features instead of
 * silently double-counting.
 */
function tokenize(text: string): string[] {
  const tokens: string[] = []
  for (const { segment, isWordLike } of segmenter.segment(text)) {
    if (isWordLike) tokens.push(segment.toLowerCase())
  }
  for (const run of text.match(HAN_RUN) ?? []) {
    const chars = Array.from(run)
    for (let i = 0; i + 1 < chars.length; i++) {
      tokens.push(`~${chars[i]}${chars[i + 1]}`)
    }
  }
  return tokens
}

// ---------------------------------------------------------------- BM25

/** Unique, non-filler query terms; bigrams are filtered by the same list. */
function queryTerms(question: string): string[] {
  const terms = tokenize(question).filter((term) => !QUERY_STOPWORDS.has(term.replace(/^~/, '')))
  // Unique terms: repeating a word in the question should not multiply its weight.
  return [...new Set(terms)]
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
    .split(SENTENCE_TERMINATORS)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '' && !sentence.startsWith('#'))
}

/**
 * Overlap is weighted by idf: sharing a rare term such as 住宿 with the
 * question says far more than sharing a common one such as 审批, and a raw
 * count would favour long sentences that merely repeat common words.
 */
function overlapScore(sentence: string, questionTerms: Set<string>, idf: Map<string, number>): number {
  let score = 0
  for (const term of new Set(tokenize(sentence))) {
    if (questionTerms.has(term)) score += idf.get(term) ?? 0
  }
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
  const chosen = candidates.filter((candidate) => candidate.overlap >= best.overlap * SENTENCE_KEEP_RATIO).slice(0, MAX_ANSWER_SENTENCES)
  return chosen.map((candidate) => `${candidate.text}[文档${candidate.contextPosition}]。`).join('')
}

function isDenied(question: string): boolean {
  return DENY_PATTERNS.some((pattern) => pattern.test(question))
}

function answerQuestion(q: Question, chunks: Chunk[], index: Bm25Index, topK: number): Answer {
  const hits = retrieve(index, queryTerms(q.question), topK)
  const top = hits.map((hit) => chunks[hit.index]).filter((chunk): chunk is Chunk => chunk !== undefined)
  const contexts = top.map((chunk) => chunk.text)
  const retrievedIds = top.map((chunk) => chunk.docId)
  const bestScore = hits[0]?.score ?? 0
  let answer: string
  if (isDenied(q.question)) answer = POLICY_REFUSAL
  else if (bestScore < MIN_ANSWER_SCORE) answer = REFUSAL
  else answer = extractAnswer(q.question, contexts, index.idf)
  // Contexts are returned even for refusals so retrieval can still be scored.
  return { id: q.id, answer, contexts, retrieved_ids: retrievedIds }
}

// ---------------------------------------------------------------- I/O

function parseQuestions(input: string): Question[] {
  const questions: Question[] = []
  input.split('\n').forEach((raw, i) => {
    const line = raw.trim()
    if (line === '') return
    const lineNumber = i + 1
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch (error) {
      throw new Error(`stdin line ${lineNumber}: invalid JSON: ${(error as Error).message}`, { cause: error })
    }
    questions.push(toQuestion(value, lineNumber))
  })
  return questions
}

function toQuestion(value: unknown, lineNumber: number): Question {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`stdin line ${lineNumber}: expected a JSON object`)
  }
  const record = value as Record<string, unknown>
  const id = record.id
  const question = record.question
  if (typeof id !== 'string' && typeof id !== 'number') {
    throw new Error(`stdin line ${lineNumber}: "id" must be a string`)
  }
  if (typeof question !== 'string') {
    throw new Error(`stdin line ${lineNumber}: "question" must be a string`)
  }
  return { id: String(id), question }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2))
  const chunks = buildChunks(loadDocs(options.docsDir), options.chunking)
  const index = buildIndex(chunks, tokenize)
  // Read everything first: the contract says output starts only after stdin closes.
  const questions = parseQuestions(await readStdin())
  const lines = questions.map((q) => JSON.stringify(answerQuestion(q, chunks, index, options.topK)))
  process.stdout.write(lines.length > 0 ? `${lines.join('\n')}\n` : '')
}

main().catch((error: unknown) => {
  process.stderr.write(`rag.ts: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exitCode = 1
})
