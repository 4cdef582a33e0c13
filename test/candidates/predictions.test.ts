import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, it } from 'node:test'
import { loadPredictions } from '../../src/candidates/predictions.ts'
import { GateError } from '../../src/io/errors.ts'

const dir = mkdtempSync(join(tmpdir(), 'evalgate-predictions-'))
after(() => rmSync(dir, { recursive: true, force: true }))

function jsonl(name: string, records: unknown[]): string {
  const file = join(dir, name)
  writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n') + '\n')
  return file
}

describe('predictions through the candidate schema', () => {
  it('rejects contexts that are numbers: a context is a passage of text', async () => {
    const file = jsonl('numeric-contexts.jsonl', [
      { id: 'q1', answer: 'a', contexts: ['c1'] },
      { id: 'q2', answer: 'b', contexts: [1, 2] },
    ])
    await assert.rejects(loadPredictions(file, new Set(['q1', 'q2'])), (error: unknown) => {
      assert.ok(error instanceof GateError)
      assert.equal(error.code, 'bad_input')
      assert.match(error.message, /numeric-contexts\.jsonl:2: column "contexts": /)
      assert.match(error.hint ?? '', /array of strings/)
      return true
    })
  })

  it('still takes retrieved ids that are numbers, as strings', async () => {
    const file = jsonl('numeric-ids.jsonl', [{ id: 'q1', answer: 'a', contexts: ['c1', 'c2'], retrieved_ids: [12, 'D7'] }])
    const outputs = await loadPredictions(file, new Set(['q1']))
    assert.deepEqual(outputs.get('q1'), { id: 'q1', answer: 'a', contexts: ['c1', 'c2'], retrieved_ids: ['12', 'D7'], latency_ms: null, error: null })
  })
})

describe('an output field that looks like a known one is an error with "did you mean", not a missing value', () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['response instead of answer', { id: 'q1', response: '5天' }, /:1: column "response": unknown field; did you mean "answer"\?/],
    ['text instead of answer', { id: 'q1', text: '5天' }, /column "text".*did you mean "answer"/],
    ['context instead of contexts', { id: 'q1', answer: '5天', context: ['c1'] }, /column "context".*did you mean "contexts"/],
    ['retrieved_docs instead of retrieved_ids', { id: 'q1', answer: '5天', retrieved_docs: ['D1'] }, /column "retrieved_docs".*did you mean "retrieved_ids"/],
    ['latency instead of latency_ms', { id: 'q1', answer: '5天', latency: 120 }, /column "latency".*did you mean "latency_ms"/],
  ]
  for (const [name, record, pattern] of cases) {
    it(`rejects ${name}`, async () => {
      const file = jsonl(`${name.replace(/\W+/g, '-')}.jsonl`, [record])
      await assert.rejects(loadPredictions(file, new Set(['q1'])), (error: unknown) => {
        assert.ok(error instanceof GateError)
        assert.equal(error.code, 'bad_input')
        assert.match(error.message, pattern)
        assert.match(error.hint ?? '', /^name it /)
        return true
      })
    })
  }

  it('rejects a CSV predictions file whose header says response', async () => {
    const file = join(dir, 'response.csv')
    writeFileSync(file, 'id,response\nq1,5天\n')
    await assert.rejects(loadPredictions(file, new Set(['q1'])), /response\.csv:2: column "response": unknown field; did you mean "answer"/)
  })

  it('keeps ignoring fields that look like no known one, and a look-alike beside the known field', async () => {
    const file = jsonl('extra-fields.jsonl', [{ id: 'q1', answer: '5天', response: 'raw', model: 'gpt', score: 0.9 }])
    const outputs = await loadPredictions(file, new Set(['q1']))
    assert.equal(outputs.get('q1')?.answer, '5天')
  })
})

describe("a shard's predictions: only its own lines are parsed", () => {
  const ids = new Set(['q1', 'q2', 'q3', 'café'])
  const raw = (name: string, lines: string[]) => {
    const file = join(dir, name)
    writeFileSync(file, lines.join('\n') + '\n')
    return file
  }

  it("leaves another shard's line unparsed, and reports it in the shard it belongs to", async () => {
    const file = raw('broken-other.jsonl', ['{"id":"q1","answer":"a"}', '{"id": "q2", "answer": oops}', '{"id":"q3","answer":"c"}'])
    const own = await loadPredictions(file, ids, new Set(['q1', 'q3']))
    assert.deepEqual([...own.keys()], ['q1', 'q3'])
    await assert.rejects(loadPredictions(file, ids, new Set(['q2'])), /broken-other\.jsonl:2: not valid JSON/)
  })

  it("still refuses an unknown or repeated id on another shard's line, naming its line", async () => {
    const unknown = raw('unknown-other.jsonl', ['{"id":"q1","answer":"a"}', '{"id":"q9","answer":"b"}'])
    await assert.rejects(loadPredictions(unknown, ids, new Set(['q1'])), /unknown-other\.jsonl:2: column "id": output for unknown id "q9"/)
    const twice = raw('twice-other.jsonl', ['{"id":"q2","answer":"a"}', '{"id":"q1","answer":"x"}', '{"id":"q2","answer":"b"}'])
    await assert.rejects(loadPredictions(twice, ids, new Set(['q1'])), /twice-other\.jsonl:3: column "id": second output for id "q2" \(first on line 1\)/)
  })

  it("still refuses bytes that are not UTF-8 on another shard's line, naming its line and offset", async () => {
    const file = join(dir, 'gbk-other.jsonl')
    const head = Buffer.from('{"id":"q1","answer":"a"}\n{"id":"q2","answer":"')
    // 年假 in GBK
    writeFileSync(file, Buffer.concat([head, Buffer.from([0xc4, 0xea, 0xbc, 0xd9]), Buffer.from('"}\n{"id":"q3","answer":"c"}\n')]))
    await assert.rejects(loadPredictions(file, ids, new Set(['q1', 'q3'])), new RegExp(`gbk-other\\.jsonl:2: not valid UTF-8: byte 0xC4 at byte offset ${head.length}`))
  })

  it('parses a line whose id is escaped or given twice, so the id JSON.parse reads decides', async () => {
    const file = raw('tricky-ids.jsonl', ['{"id":"q2","answer":"x","id":"q1"}', '{"id":"q\\u0033","answer":"y"}'])
    const own = await loadPredictions(file, ids, new Set(['q1', 'q3']))
    assert.equal(own.get('q1')?.answer, 'x')
    assert.equal(own.get('q3')?.answer, 'y')
    // a raw tab inside a JSON string is not JSON: the line is parsed, and refused as such
    const tab = raw('tab-id.jsonl', ['{"id":"q1","answer":"a"}', '{"id":"q\t2","answer":"b"}'])
    await assert.rejects(loadPredictions(tab, ids, new Set(['q1'])), /tab-id\.jsonl:2: not valid JSON/)
  })

  it('keeps an answer whose id is the same text in another Unicode form (NFD)', async () => {
    const file = raw('nfd.jsonl', [JSON.stringify({ id: 'café'.normalize('NFD'), answer: 'a' }), JSON.stringify({ id: 'q1', answer: 'b', extra: { id: 1 } })])
    const own = await loadPredictions(file, ids, new Set(['café']))
    assert.deepEqual([...own.keys()], ['café'])
  })
})
