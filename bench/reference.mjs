/**
 * The plain reference of `npm run bench` (issue 13): a Node script with no dependency that
 * computes only the retrieval metrics (precision@k, recall@k, hit@k, ndcg@k, mrr; SPEC §2,
 * as src/metrics/retrieval.ts defines them) over an eval set CSV and a predictions JSONL,
 * and prints their means as JSON. What evalgate does on top of this (rules, citations, the
 * lexical tier, the comparison, the report) is what the bench's ratio measures.
 *
 *   node bench/reference.mjs EVAL_SET.csv PREDICTIONS.jsonl 5,10
 */
import { readFileSync } from 'node:fs'
import process from 'node:process'

const [evalSetPath, predictionsPath, kList = '5,10'] = process.argv.slice(2)
const ks = kList.split(',').map(Number)

/** RFC 4180 rows: quoted fields may hold commas, doubled quotes and newlines. */
function parseCsv(text) {
  const rows = []
  let row = []
  let field = ''
  let i = 0
  while (i < text.length) {
    const c = text[i]
    if (c === '"') {
      let j = i + 1
      for (;;) {
        const q = text.indexOf('"', j)
        field += text.slice(j, q)
        if (text[q + 1] === '"') {
          field += '"'
          j = q + 2
        } else {
          i = q + 1
          break
        }
      }
    } else if (c === ',') {
      row.push(field)
      field = ''
      i++
    } else if (c === '\n' || c === '\r') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1
    } else {
      const next = text.slice(i).search(/[",\r\n]/)
      const end = next === -1 ? text.length : i + next
      field += text.slice(i, end)
      i = end
    }
  }
  if (field !== '' || row.length > 0) rows.push([...row, field])
  return rows
}

const [header, ...records] = parseCsv(readFileSync(evalSetPath, 'utf8'))
const col = (name) => header.indexOf(name)
const [idCol, relevantCol, refuseCol] = [col('id'), col('relevant_doc_ids'), col('should_refuse')]
const questions = new Map()
for (const r of records) {
  const grades = new Map()
  for (const part of r[relevantCol].split('|')) {
    if (part === '') continue
    const m = /^(.*?)(?::([0-3]))?$/.exec(part.trim())
    const grade = m[2] === undefined ? 1 : Number(m[2])
    if (grade > 0) grades.set(m[1], grade)
  }
  questions.set(r[idCol], { grades, refuse: r[refuseCol] === 'true' })
}

const names = [...ks.flatMap((k) => [`precision@${k}`, `recall@${k}`, `hit@${k}`, `ndcg@${k}`]), 'mrr']
const sum = new Float64Array(names.length)
const n = new Float64Array(names.length)
const add = (j, v) => {
  sum[j] += v
  n[j]++
}
const gain = (grade, i) => (2 ** grade - 1) / Math.log2(i + 2)

for (const line of readFileSync(predictionsPath, 'utf8').split('\n')) {
  if (line === '') continue
  const p = JSON.parse(line)
  const q = questions.get(p.id)
  if (!q || (q.refuse && q.grades.size === 0)) continue
  const ranked = [...new Set(p.retrieved_ids)]
  const ideal = [...q.grades.values()].sort((a, b) => b - a)
  let j = 0
  for (const k of ks) {
    let hits = 0
    let dcg = 0
    let idcg = 0
    for (let i = 0; i < Math.min(k, ranked.length); i++) {
      const g = q.grades.get(ranked[i])
      if (g !== undefined) {
        hits++
        dcg += gain(g, i)
      }
    }
    for (let i = 0; i < Math.min(k, ideal.length); i++) idcg += gain(ideal[i], i)
    add(j++, hits / k)
    if (q.grades.size > 0) add(j, hits / q.grades.size)
    j++
    add(j++, hits > 0 ? 1 : 0)
    if (q.grades.size > 0) add(j, dcg / idcg)
    j++
  }
  const first = ranked.findIndex((id) => q.grades.has(id))
  add(j, first === -1 ? 0 : 1 / (first + 1))
}

const means = Object.fromEntries(names.map((name, j) => [name, n[j] === 0 ? null : sum[j] / n[j]]))
process.stdout.write(JSON.stringify(means) + '\n')
process.stderr.write(`${JSON.stringify({ code: 0, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`)
