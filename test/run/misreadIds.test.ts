import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { misreadWarnings } from '../../src/run/pipeline/misreadIds.ts'
import type { CandidateOutput } from '../../src/schemas/candidate.ts'
import type { RelevantDoc } from '../../src/schemas/evalSet.ts'
import { makeOutput, makeRow } from '../metrics/factories.ts'

/** The warnings for questions q1, q2, … with these relevant and retrieved ids, joined; null for none. */
function warn(relevant: RelevantDoc[][], retrieved: string[][], over: Partial<CandidateOutput> = {}): string | null {
  const rows = relevant.map((docs, i) => makeRow({ id: `q${i + 1}`, relevant_docs: docs }))
  const outputs = new Map(retrieved.map((ids, i) => [`q${i + 1}`, makeOutput({ id: `q${i + 1}`, retrieved_ids: ids, ...over })]))
  const warnings = misreadWarnings(rows, outputs)
  return warnings.length === 0 ? null : warnings.join('\n')
}

describe('a retrieved id that matches a relevant id only with its ":N" read as a grade is a warning naming the question', () => {
  it('warns for "page:2" retrieved when relevant_doc_ids "page:2" was read as page, grade 2', () => {
    const message = warn([[{ id: 'page', grade: 2 }]], [['page:2', 'other']])
    assert.match(message ?? '', /^1 question\(s\) retrieved an id .*: q1 \(retrieved "page:2", relevant "page"\)\. /)
    assert.match(message ?? '', /write it as page:2:1/)
  })

  it('warns for a candidate that appends chunk numbers (D1:3 against D1), naming five questions and counting the rest', () => {
    const relevant = Array.from({ length: 7 }, () => [{ id: 'D1', grade: 1 }])
    const message = warn(
      relevant,
      Array.from({ length: 7 }, () => ['D1:3']),
    )
    assert.match(message ?? '', /^7 question\(s\) .*q1 .*q5 \(retrieved "D1:3", relevant "D1"\) and 2 more\./)
  })

  const quiet: [string, RelevantDoc[][], string[][], Partial<CandidateOutput>?][] = [
    ['an exact match', [[{ id: 'page:2', grade: 1 }]], [['page:2']]],
    ['an id whose base is not relevant either', [[{ id: 'D1', grade: 1 }]], [['D9:2']]],
    ['ids without a suffix', [[{ id: 'D1', grade: 1 }]], [['D2', 'D1']]],
    ['a question without relevant docs', [[]], [['page:2']]],
    ['a candidate error row', [[{ id: 'page', grade: 2 }]], [['page:2']], { error: 'timeout' }],
  ]
  for (const [name, relevant, retrieved, over] of quiet) {
    it(`says nothing for ${name}`, () => assert.equal(warn(relevant, retrieved, over), null))
  }
})

describe('a retrieved id with "," inside that holds a relevant id is a warning naming the question (a retriever that joins ids with commas)', () => {
  it('warns for "D1,D2" retrieved when D1 is relevant, with the fix for JSONL and CSV', () => {
    const message = warn([[{ id: 'D1', grade: 1 }]], [['D1,D2']])
    assert.match(message ?? '', /^1 question\(s\) retrieved an id with "," inside that holds a relevant id, so it scores as a miss: q1 \(retrieved "D1,D2", relevant "D1"\)\. /)
    assert.match(message ?? '', /JSON array in JSONL \(\["D1", "D2"\]\) and separated by \| in CSV/)
  })

  it('finds the relevant id after a space ("D9, D2") and says each way apart', () => {
    const message = warn([[{ id: 'D2', grade: 1 }], [{ id: 'page', grade: 2 }]], [['D9, D2'], ['page:2']])
    const [grade, commas] = (message ?? '').split('\n')
    assert.match(grade ?? '', /^1 question\(s\) .*":N" is read as a grade.*q2 \(retrieved "page:2"/)
    assert.match(commas ?? '', /^1 question\(s\) .*"," inside.*q1 \(retrieved "D9, D2", relevant "D2"\)/)
  })

  const quiet: [string, RelevantDoc[][], string[][]][] = [
    ['an id with a comma that is itself relevant', [[{ id: 'a,b', grade: 1 }]], [['a,b']]],
    ['a comma-joined id holding no relevant id', [[{ id: 'D1', grade: 1 }]], [['D7,D8']]],
  ]
  for (const [name, relevant, retrieved] of quiet) {
    it(`says nothing for ${name}`, () => assert.equal(warn(relevant, retrieved), null))
  }
})
