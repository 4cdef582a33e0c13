/**
 * The lexical judge on technical text: 36 questions over this repository's own documentation
 * (the CLI's --help texts, generated here by running the CLI; the README and docs/; docs/ARCHITECTURE.md;
 * action.yml), each with a correct answer and a wrong one that names another flag, path,
 * identifier or version (test/fixtures/technical-docs/questions.jsonl). On every question the
 * correct answer covers more of the reference points (completeness_norm) than the wrong one,
 * and is at least as faithful to the documentation it came from.
 */
import { describe, it, before } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { scoreLexical } from '../../src/metrics/lexical.ts'
import { runCli } from '../cli/harness.ts'
import { ROOT } from '../helpers/cli-process.ts'
import { makeOutput, makeRow } from './factories.ts'

interface TechnicalQuestion {
  id: string
  /** `help CMD` (the CLI's --help for CMD) or a file of the repository */
  source: string
  /** for a file: a piece of the paragraph (blank-line separated) the answer comes from */
  context_from?: string
  question: string
  reference_points: string[]
  correct: string
  wrong: string
}

const QUESTIONS = readFileSync(join(ROOT, 'test/fixtures/technical-docs/questions.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as TechnicalQuestion)

const contexts = new Map<string, string>()

async function contextOf(q: TechnicalQuestion): Promise<string> {
  if (q.source.startsWith('help ')) {
    const run = await runCli([q.source.slice('help '.length), '--help'])
    assert.equal(run.code, 0, run.stderr)
    return run.stdout
  }
  const paragraph = readFileSync(join(ROOT, q.source), 'utf8')
    .split(/\n\s*\n/)
    .find((block) => block.includes(q.context_from!))
  assert.ok(paragraph, `${q.id}: ${q.source} has a paragraph with ${q.context_from}`)
  return paragraph
}

function scores(q: TechnicalQuestion, answer: string): { completeness: number; faithfulness: number } {
  const { scores } = scoreLexical(makeRow({ id: q.id, question: q.question, reference_points: q.reference_points }), makeOutput({ id: q.id, answer, contexts: [contexts.get(q.id)!] }), false)
  return { completeness: scores.completeness_norm!.value ?? 0, faithfulness: scores.faithfulness!.value ?? 0 }
}

describe('the lexical judge on technical documentation', () => {
  before(async () => {
    for (const q of QUESTIONS) contexts.set(q.id, await contextOf(q))
  })

  it('has at least 30 questions over real text of this repository, each naming a flag, path, identifier or version', () => {
    assert.ok(QUESTIONS.length >= 30, `${QUESTIONS.length} questions`)
    for (const q of QUESTIONS) assert.match(q.reference_points.join(' '), /(?:^|\s)-{1,2}[A-Za-z]|[\w.]+\/[\w.]|\w_\w|\w\.\w|\d/, q.id)
  })

  for (const q of QUESTIONS) {
    it(`${q.id}: the correct answer outscores the wrong one (${q.reference_points.join('; ')})`, () => {
      const right = scores(q, q.correct)
      const wrong = scores(q, q.wrong)
      assert.ok(right.completeness > wrong.completeness, `completeness ${right.completeness} vs ${wrong.completeness}: ${q.correct} / ${q.wrong}`)
      assert.ok(right.faithfulness >= wrong.faithfulness, `faithfulness ${right.faithfulness} vs ${wrong.faithfulness}`)
    })
  }
})
