/**
 * lint-set on English eval sets (issue 29): English boundary names, near-duplicates a
 * mistyped letter hides from word shingles, and --corpus (knowledge-base documents no question
 * covers). The near-duplicate cases run on 300 real, unrelated questions (TREC-10, see
 * test/fixtures/lintset/README.md) with copies planted among them.
 */
import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DEFAULT_LINT_OPTIONS, lintEvalSetFile, type Finding } from '../../src/analysis/lintSet/lint.ts'
import { kindsOfLabel } from '../../src/analysis/lintSet/boundary.ts'
import { GateError } from '../../src/io/errors.ts'
import { cleanupTempDirs, makeTempDir, runCli, writeText } from '../cli/harness.ts'
import { ROOT } from '../helpers/cli-process.ts'

after(cleanupTempDirs)
const t = makeTempDir()
const TREC = readFileSync(new URL('../fixtures/lintset/trec-questions.txt', import.meta.url), 'utf8')
  .trim()
  .split('\n')

function csvCell(text: string): string {
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** The questions as an eval set (id, question, category), linted with the default options and more. */
function lintQuestions(questions: readonly string[], extra: Partial<typeof DEFAULT_LINT_OPTIONS> = {}, relevant: readonly string[] = []): ReturnType<typeof lintEvalSetFile> {
  const rows = questions.map((q, i) => [`t${i + 1}`, csvCell(q), 'general', relevant[i] ?? ''].join(','))
  const file = writeText(t.path(`set-${Math.random().toString(36).slice(2)}.csv`), ['id,question,category,relevant_doc_ids', ...rows].join('\n') + '\n')
  return lintEvalSetFile(file, { ...DEFAULT_LINT_OPTIONS, ...extra })
}

const duplicates = (findings: readonly Finding[]) => findings.filter((f) => f.kind === 'near_duplicate' || f.kind === 'exact_duplicate')

describe('English boundary names', () => {
  for (const label of ['out_of_scope', 'out of scope', 'Out-Of-Scope', 'unanswerable', 'not_in_kb', 'not in the knowledge base', '知识库没有', '知识库外']) {
    it(`"${label}" marks a not-in-the-knowledge-base question`, () => assert.deepEqual(kindsOfLabel(label), ['not_in_kb']))
  }
  it('the bundled English example has every boundary kind', async () => {
    const report = await lintEvalSetFile(join(ROOT, 'examples/saas-kb/eval_set_v1.csv'), DEFAULT_LINT_OPTIONS)
    assert.deepEqual(
      report.findings.filter((f) => f.kind === 'boundary'),
      [],
    )
  })
})

describe('near-duplicates on character shingles as well as word shingles', () => {
  const original = 'What American composer wrote the music for West Side Story ?'
  const copies: [kind: string, copy: string][] = [
    ['a substituted letter', 'What American composer wrote the music for West Side Stary ?'],
    ['an inserted letter', 'What American composer wrote the music for West Side Storry ?'],
    ['a dropped letter', 'What American composr wrote the music for West Side Story ?'],
    ['a substituted letter early on', 'What Amerikan composer wrote the music for West Side Story ?'],
    ['another case', 'what american composer wrote the music for west side story?'],
    ['other spacing', 'What American composer wrote the music for WestSide  Story?'],
  ]

  it('finds no pair among 300 real, unrelated questions (at most 3 allowed)', async () => {
    const found = duplicates((await lintQuestions(TREC)).findings)
    assert.ok(found.length <= 3, found.map((f) => f.message).join('\n'))
    assert.equal(found.length, 0, found.map((f) => f.message).join('\n'))
  })

  for (const [kind, copy] of copies) {
    it(`finds a copy of a 10-word question with ${kind} among them`, async () => {
      const others = TREC.filter((q) => !q.startsWith('What American composer'))
      const found = duplicates((await lintQuestions([...others, original, copy])).findings)
      assert.equal(found.length, 1, found.map((f) => f.message).join('\n'))
      assert.deepEqual(found[0]!.ids, [`t${others.length + 1}`, `t${others.length + 2}`])
      if (found[0]!.kind === 'near_duplicate') assert.match(found[0]!.message, /\(Jaccard 0\.\d\d on characters\)/)
    })
  }

  it('the word shingles alone miss a mistyped letter (Jaccard of word bigrams 0.6), which is why characters are compared too', async () => {
    const found = duplicates((await lintQuestions([original, copies[0]![1]])).findings)
    assert.match(found[0]!.message, /on characters/)
    assert.doesNotMatch(found[0]!.message, /on words/)
  })
})

describe('--corpus: knowledge-base documents no question covers', () => {
  const questions = ['How do I export my data?', 'Can I change my plan mid-cycle?', 'Which cards do you accept?']

  function corpusFolder(): string {
    const dir = t.path(`docs-${Math.random().toString(36).slice(2)}`)
    mkdirSync(join(dir, 'billing'), { recursive: true })
    for (const name of ['export.md', 'billing/plans.md', 'billing/cards.md', 'sso.md', 'api_limits.txt', '.DS_Store']) writeFileSync(join(dir, name), 'text')
    return dir
  }

  it('a folder: one document per file, id = path without the extension; lists the uncovered ones and relevant ids that are no document', async () => {
    const report = await lintQuestions(questions, { corpus: corpusFolder() }, ['export', 'billing/plans', 'billing/card:2'])
    assert.deepEqual(report.corpus?.uncovered, ['api_limits', 'billing/cards', 'sso'])
    assert.deepEqual(report.corpus?.unknown, [{ id: 'billing/card', questions: ['t3'] }])
    assert.equal(report.corpus?.documents, 5)
    const messages = report.findings.filter((f) => f.kind === 'coverage' && /corpus|documents of|no document/.test(f.message)).map((f) => f.message)
    assert.match(messages[0]!, /^3 of the 5 documents of .* are relevant to no question .*: “api_limits”, “billing\/cards”, “sso”$/)
    assert.match(messages[1]!, /relevant_doc_ids names “billing\/card”, which is no document of .* \(t3 \(line 4\)\)/)
  })

  it('a JSONL or CSV of documents with ids; a document judged not relevant (doc:0) covers nothing', async () => {
    const jsonl = writeText(t.path('kb.jsonl'), ['{"id": "export", "text": "…"}', '{"id": "plans", "title": "Plans"}', '{"id": 7}'].join('\n') + '\n')
    assert.deepEqual((await lintQuestions(questions, { corpus: jsonl }, ['export', 'plans:0', '7'])).corpus?.uncovered, ['plans'])
    const csv = writeText(t.path('kb.csv'), 'id,title\nexport,Export\nplans,Plans\n')
    assert.deepEqual((await lintQuestions(questions, { corpus: csv }, ['export', 'plans'])).corpus?.uncovered, [])
  })

  it('a corpus that names a document twice, or lacks ids, is bad input naming the place', async () => {
    const twice = writeText(t.path('twice.jsonl'), '{"id": "a"}\n{"id": "b"}\n{"id": "a"}\n')
    await assert.rejects(
      () => lintQuestions(questions, { corpus: twice }),
      (e: unknown) => e instanceof GateError && /twice\.jsonl:3: document id "a" again \(first at .*twice\.jsonl:1\)/.test(e.message),
    )
    const noId = writeText(t.path('noid.csv'), 'name\nexport\n')
    await assert.rejects(
      () => lintQuestions(questions, { corpus: noId }),
      (e: unknown) => e instanceof GateError && /noid\.csv/.test(e.message) && /"id"/.test(e.message),
    )
    await assert.rejects(
      () => lintQuestions(questions, { corpus: t.path('nope') }),
      (e: unknown) => e instanceof GateError && /--corpus not found/.test(e.message),
    )
  })

  it('the CLI: --corpus prints the count and the findings; --json carries the corpus summary', async () => {
    const set = writeText(t.path('cli.csv'), 'id,question,category,relevant_doc_ids\nq1,How do I export my data?,data,export\n')
    const folder = corpusFolder()
    const text = await runCli(['lint-set', set, '--config', t.config, '--corpus', folder])
    assert.equal(text.code, 0, text.stderr)
    assert.match(text.stdout, /corpus: .*, 5 documents: 1 relevant to some question, 4 to none/)
    const json = await runCli(['lint-set', set, '--config', t.config, '--corpus', folder, '--json'])
    const parsed = JSON.parse(json.stdout) as { corpus: { uncovered: string[] } }
    assert.deepEqual(parsed.corpus.uncovered, ['api_limits', 'billing/cards', 'billing/plans', 'sso'])
  })
})
