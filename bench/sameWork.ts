/**
 * The "same-work" reference of `npm run bench` (issue 32): a plain Node script that reads the
 * same three inputs as `evalgate run` (the eval set CSV, the predictions JSONL, the baseline),
 * computes the same metrics with evalgate's own scoring functions (src/metrics: rules,
 * retrieval, citations and the lexical tier, so both do exactly that work), compares each
 * metric's mean and each question's scores with the baseline's, and writes a results file of
 * the same schema (3: scores in score_columns order, a note once per question, notes that
 * several questions carry once in shared_notes). Nothing else: no checks of the inputs, no
 * fingerprint, no intervals or tests, no report. What evalgate does beyond this is what its
 * ratio to this script measures. Bundled like bench/measure.ts, run in a child process:
 *
 *   node same-work.mjs EVAL_SET.csv PREDICTIONS.jsonl BASELINE.json 5,10 OUT.json
 */
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs'
import { writeDeterministic } from '../src/metrics/deterministic.ts'
import { LEXICAL_METRICS, lexicalTexts, scoreLexical } from '../src/metrics/lexical.ts'
import { registry, sortMetrics } from '../src/metrics/registry.ts'
import { isRefusal } from '../src/metrics/rules.ts'
import type { CandidateOutput } from '../src/schemas/candidate.ts'
import { ConfigSchema } from '../src/schemas/config.ts'
import type { EvalRow } from '../src/schemas/evalSet.ts'

const [evalSetPath, predictionsPath, baselinePath, kList, outPath] = process.argv.slice(2) as [string, string, string, string, string]
const config = ConfigSchema.parse({ k: kList.split(',').map(Number) })

/** RFC 4180 rows: quoted fields may hold commas, doubled quotes and newlines. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let i = 0
  while (i < text.length) {
    const c = text[i]
    if (c === '"') {
      let j = i + 1
      for (;;) {
        const q = text.indexOf('"', j)
        field += text.slice(j, q)
        if (text[q + 1] !== '"') {
          i = q + 1
          break
        }
        field += '"'
        j = q + 2
      }
    } else if (c === ',' || c === '\n') {
      row.push(field)
      field = ''
      i++
      if (c === '\n') {
        rows.push(row)
        row = []
      }
    } else {
      let end = i
      while (end < text.length && text[end] !== ',' && text[end] !== '\n' && text[end] !== '"') end++
      field += text.slice(i, end)
      i = end
    }
  }
  if (field !== '' || row.length > 0) rows.push([...row, field])
  return rows
}

function main(): void {
  const [header, ...records] = parseCsv(readFileSync(evalSetPath, 'utf8'))
  const col = (name: string) => header!.indexOf(name)
  const cols = {
    id: col('id'),
    question: col('question'),
    truth: col('ground_truth'),
    points: col('reference_points'),
    category: col('category'),
    difficulty: col('difficulty'),
    refuse: col('should_refuse'),
    relevant: col('relevant_doc_ids'),
  }
  const rows = new Map<string, EvalRow>()
  for (const r of records) {
    const relevant = r[cols.relevant]!.split('|').filter((d) => d !== '')
    rows.set(r[cols.id]!, {
      id: r[cols.id]!,
      question: r[cols.question]!,
      ground_truth: r[cols.truth] || null,
      reference_points: r[cols.points]!.split(';').filter((p) => p !== ''),
      category: r[cols.category] || null,
      difficulty: r[cols.difficulty] || null,
      should_refuse: r[cols.refuse] === 'true',
      relevant_docs: relevant.map((d) => (/:\d$/.test(d) ? { id: d.slice(0, -2), grade: Number(d.slice(-1)) } : { id: d, grade: 1 })),
      expect_json: false,
      required_keys: [],
      extra: {},
    })
  }

  const shape = { rows: [...rows.values()], config, outputs: [{ latency_ms: 1 } as CandidateOutput] }
  const metrics = sortMetrics([...registry.plannedDeterministic(shape), ...registry.plannedByProvider(LEXICAL_METRICS, shape)])
  const texts = lexicalTexts()

  interface Question {
    question: string
    category: string | null
    difficulty: string | null
    should_refuse: boolean
    answer: string
    scores: Record<string, number | null>
    notes: Record<string, string>
    errors: Record<string, string>
    claims: unknown[]
  }
  const questions = new Map<string, Question>()
  for (const line of readFileSync(predictionsPath, 'utf8').split('\n')) {
    if (line === '') continue
    const p = JSON.parse(line) as { id: string; answer: string; contexts: string[]; retrieved_ids: string[]; latency_ms?: number }
    const row = rows.get(p.id)!
    const output: CandidateOutput = { id: p.id, answer: p.answer, contexts: p.contexts, retrieved_ids: p.retrieved_ids, latency_ms: p.latency_ms ?? null, error: null }
    const scores: Record<string, number | null> = Object.fromEntries(metrics.map((m) => [m, null]))
    const notes: Record<string, string> = {}
    const refused = isRefusal(output.answer, config.rules.refusal_phrases)
    writeDeterministic({ row, output, config, refused }, metrics, (name, value, reason) => {
      scores[name] = value
      if (reason) notes[name] = reason
    })
    const lexical = scoreLexical(row, output, refused, texts)
    for (const [name, s] of Object.entries(lexical.scores)) {
      if (!s || !(name in scores)) continue
      scores[name] = s.value
      if (s.reason) notes[name] = s.reason
    }
    const { question, category, difficulty, should_refuse } = row
    questions.set(p.id, { question, category, difficulty, should_refuse, answer: output.answer, scores, notes, errors: {}, claims: lexical.claims })
  }

  // the comparison: each metric's mean against the baseline's, and each question's drops
  const baseline = JSON.parse(readFileSync(baselinePath, 'utf8')) as { metrics: Record<string, number | null>; questions: Record<string, { scores: Record<string, number | null> }> }
  const summary: Record<string, { mean: number | null; n: number; nan: number; baseline: number | null; delta: number | null }> = {}
  for (const m of metrics) {
    let sum = 0
    let n = 0
    for (const q of questions.values()) {
      const v = q.scores[m]
      if (v === null || v === undefined) continue
      sum += v
      n++
    }
    const mean = n === 0 ? null : sum / n
    const before = baseline.metrics[m] ?? null
    summary[m] = { mean, n, nan: questions.size - n, baseline: before, delta: mean === null || before === null ? null : mean - before }
  }
  const drops: { id: string; metric: string; delta: number }[] = []
  for (const [id, q] of questions) {
    const before = baseline.questions[id]?.scores
    if (!before) continue
    for (const m of metrics) {
      const [b, c] = [before[m], q.scores[m]]
      if (typeof b === 'number' && typeof c === 'number' && b - c >= 0.25) drops.push({ id, metric: m, delta: c - b })
    }
  }
  drops.sort((a, b) => a.delta - b.delta)

  // results.json in schema 3's layout
  const carriers = new Map<string, number>()
  for (const q of questions.values()) for (const note of new Set(Object.values(q.notes))) carriers.set(note, (carriers.get(note) ?? 0) + 1)
  const shared = [...carriers].filter(([, count]) => count > 1).map(([note]) => note)
  const place = new Map(shared.map((note, i) => [note, i]))
  // a note's key names its metrics by their places in score_columns
  const column = new Map(metrics.map((m, i) => [m, String(i)]))
  const fd = openSync(outPath, 'w')
  let buffer = ''
  const write = (text: string) => {
    buffer += text
    if (buffer.length > 1 << 20) {
      writeSync(fd, buffer)
      buffer = ''
    }
  }
  write(`{\n"schema_version": 3,\n"metrics": ${JSON.stringify(summary)},\n"score_columns": ${JSON.stringify(metrics)},\n"shared_notes": ${JSON.stringify(shared)},\n"questions": {\n`)
  let left = questions.size
  for (const [id, q] of questions) {
    const byNote = new Map<string, string>()
    for (const [m, note] of Object.entries(q.notes)) byNote.set(note, byNote.has(note) ? `${byNote.get(note)} ${column.get(m)}` : String(column.get(m)))
    const notes = Object.fromEntries([...byNote].map(([note, key]) => [key, place.get(note) ?? note]))
    const line = { ...q, scores: metrics.map((m) => q.scores[m]), notes }
    write(`${JSON.stringify(id)}: ${JSON.stringify(line)}${--left === 0 ? '' : ','}\n`)
  }
  write(`},\n"regressions": ${JSON.stringify(drops.slice(0, 10_000))}\n}\n`)
  writeSync(fd, buffer)
  closeSync(fd)
  process.stderr.write(`${JSON.stringify({ code: 0, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`)
}

main()
