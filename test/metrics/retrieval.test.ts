import { mulberry32 } from '../../src/stats/bootstrap.ts'
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { scoreRetrieval } from './factories.ts'
import type { Score, Scores } from '../../src/metrics/types.ts'
import type { RelevantDoc } from '../../src/schemas/evalSet.ts'

/** `['D3', 'D1:3', 'D7:0']` → judgements, the same notation as the eval set's relevant_doc_ids. */
function docs(...entries: string[]): RelevantDoc[] {
  return entries.map((entry) => {
    const [id, grade] = entry.split(':')
    return { id: id!, grade: grade === undefined ? 1 : Number(grade) }
  })
}

/** A score by a name built at run time (`precision@${k}`). */
const at = (scores: Scores, name: string): Score | undefined => (scores as Record<string, Score | undefined>)[name]

function valueOf(scores: Scores, name: string): number | null {
  const s = at(scores, name)
  assert.ok(s, `metric ${name} is missing; got ${Object.keys(scores).join(', ')}`)
  return s.value
}

function assertClose(actual: number | null, expected: number, tolerance: number, what: string): void {
  assert.equal(typeof actual, 'number', `${what}: expected a number, got ${String(actual)}`)
  assert.ok(Math.abs((actual as number) - expected) <= tolerance, `${what}: expected ${expected}, got ${String(actual)}`)
}

test('SPEC worked example: relevant {D3}, retrieved [D1,D5,D3,D8,D9] gives P@5 0.20, R@5 1.00, MRR 1/3, NDCG@5 0.50, hit@5 1', () => {
  const scores = scoreRetrieval(['D1', 'D5', 'D3', 'D8', 'D9'], docs('D3'), [5])
  assertClose(valueOf(scores, 'precision@5'), 0.2, 1e-12, 'precision@5')
  assertClose(valueOf(scores, 'recall@5'), 1, 1e-12, 'recall@5')
  assertClose(valueOf(scores, 'mrr'), 1 / 3, 1e-12, 'mrr')
  assertClose(valueOf(scores, 'ndcg@5'), 0.5, 1e-12, 'ndcg@5')
  assert.equal(valueOf(scores, 'hit@5'), 1)
})

test('precision@k divides by k even when fewer ids were returned', () => {
  const scores = scoreRetrieval(['D3'], docs('D3'), [5])
  assertClose(valueOf(scores, 'precision@5'), 0.2, 1e-12, 'precision@5')
  assertClose(valueOf(scores, 'recall@5'), 1, 1e-12, 'recall@5')
})

test('a later duplicate of a retrieved id is dropped before ranking, so the ids behind it move up', () => {
  // Deduplicated ranking is [D1, D3]: D3 is at rank 2, not 3.
  const scores = scoreRetrieval(['D1', 'D1', 'D3'], docs('D3'), [2])
  assertClose(valueOf(scores, 'precision@2'), 0.5, 1e-12, 'precision@2')
  assert.equal(valueOf(scores, 'hit@2'), 1)
  assertClose(valueOf(scores, 'mrr'), 0.5, 1e-12, 'mrr')
  assertClose(valueOf(scores, 'ndcg@2'), 1 / Math.log2(3), 1e-12, 'ndcg@2')
})

test('a relevant id returned twice counts once in precision', () => {
  const scores = scoreRetrieval(['D3', 'D3', 'D3'], docs('D3', 'D4'), [3])
  assertClose(valueOf(scores, 'precision@3'), 1 / 3, 1e-12, 'precision@3')
  assertClose(valueOf(scores, 'recall@3'), 0.5, 1e-12, 'recall@3')
})

test('a doc graded 0 (doc:0) is judged not relevant: it neither scores nor counts in the recall denominator', () => {
  const scores = scoreRetrieval(['D1', 'D3'], docs('D1:0', 'D3'), [2])
  assertClose(valueOf(scores, 'precision@2'), 0.5, 1e-12, 'precision@2')
  assertClose(valueOf(scores, 'recall@2'), 1, 1e-12, 'recall@2')
  assertClose(valueOf(scores, 'mrr'), 0.5, 1e-12, 'mrr')
  assertClose(valueOf(scores, 'ndcg@2'), 1 / Math.log2(3), 1e-12, 'ndcg@2')
})

test('an empty retrieved list scores 0 on every metric when the question has relevant docs', () => {
  const scores = scoreRetrieval([], docs('D3', 'D4:2'), [5])
  for (const name of ['precision@5', 'recall@5', 'hit@5', 'mrr', 'ndcg@5']) {
    assert.equal(valueOf(scores, name), 0, name)
  }
})

test('a question without relevant docs gets null recall and ndcg with a reason, and 0 precision, hit and mrr', () => {
  for (const judgements of [docs(), docs('D1:0', 'D2:0')]) {
    const scores = scoreRetrieval(['D1', 'D2'], judgements, [5])
    for (const name of ['recall@5', 'ndcg@5'] as const) {
      assert.equal(valueOf(scores, name), null, name)
      assert.ok(scores[name]?.reason && scores[name].reason.length > 0, `${name} needs a reason`)
    }
    assert.equal(valueOf(scores, 'precision@5'), 0)
    assert.equal(valueOf(scores, 'hit@5'), 0)
    assert.equal(valueOf(scores, 'mrr'), 0)
  }
})

test('ndcg@k uses gain 2^grade − 1 and discount log2(i + 1) for graded relevance', () => {
  // grades D1:3, D2:2, D3:1; ranking [D3, D9, D1, D2], k = 3
  // DCG@3  = (2^1−1)/log2(2) + 0/log2(3) + (2^3−1)/log2(4) = 1 + 0 + 3.5 = 4.5
  // IDCG@3 = (2^3−1)/log2(2) + (2^2−1)/log2(3) + (2^1−1)/log2(4) = 7 + 1.892789 + 0.5 = 9.392789
  // NDCG@3 = 4.5 / 9.392789 = 0.479091
  const scores = scoreRetrieval(['D3', 'D9', 'D1', 'D2'], docs('D1:3', 'D2:2', 'D3:1'), [3])
  assertClose(valueOf(scores, 'ndcg@3'), 0.479091, 1e-6, 'ndcg@3')
})

test('ndcg@k is 1 when the ranking is already ideal, even if fewer than k ids are relevant', () => {
  const scores = scoreRetrieval(['D1', 'D2', 'D8', 'D9'], docs('D1:3', 'D2:1'), [10])
  assertClose(valueOf(scores, 'ndcg@10'), 1, 1e-12, 'ndcg@10')
})

test('several k values are scored in one call, each with its own cut-off', () => {
  const scores = scoreRetrieval(['D1', 'D3', 'D5', 'D8', 'D9'], docs('D3', 'D8'), [1, 3, 5])
  assert.deepEqual(Object.keys(scores).sort(), ['hit@1', 'hit@3', 'hit@5', 'mrr', 'ndcg@1', 'ndcg@3', 'ndcg@5', 'precision@1', 'precision@3', 'precision@5', 'recall@1', 'recall@3', 'recall@5'])
  const expected: Record<string, number> = {
    'precision@1': 0,
    'precision@3': 1 / 3,
    'precision@5': 2 / 5,
    'recall@1': 0,
    'recall@3': 1 / 2,
    'recall@5': 1,
    'hit@1': 0,
    'hit@3': 1,
    'hit@5': 1,
    mrr: 1 / 2,
  }
  for (const [name, value] of Object.entries(expected)) assertClose(valueOf(scores, name), value, 1e-12, name)
})

// ---------------------------------------------------------------------------------------
// Property test: an independent implementation written from the SPEC §2 text, compared
// with src on 500 seeded random cases.

interface ReferenceScores {
  precision: number
  recall: number | null
  hit: number
  ndcg: number | null
  mrr: number
}

function referenceRetrieval(retrieved: string[], judgements: RelevantDoc[], k: number): ReferenceScores {
  // "later duplicates are removed before ranking"
  const ranked: string[] = []
  for (const id of retrieved) {
    if (!ranked.includes(id)) ranked.push(id)
  }
  const gradeOf = (id: string): number => {
    for (const j of judgements) {
      if (j.id === id) return j.grade
    }
    return 0
  }
  const relevantGrades: number[] = []
  for (const j of judgements) {
    if (j.grade > 0) relevantGrades.push(j.grade)
  }

  let hits = 0
  let dcg = 0
  for (let i = 0; i < k && i < ranked.length; i++) {
    const g = gradeOf(ranked[i]!)
    if (g > 0) hits += 1
    dcg += (Math.pow(2, g) - 1) / Math.log2(i + 2) // rank r = i + 1, discount log2(r + 1)
  }

  const ideal = [...relevantGrades].sort((a, b) => b - a)
  let idcg = 0
  for (let i = 0; i < k && i < ideal.length; i++) {
    idcg += (Math.pow(2, ideal[i]!) - 1) / Math.log2(i + 2)
  }

  let mrr = 0
  for (let i = 0; i < ranked.length; i++) {
    if (gradeOf(ranked[i]!) > 0) {
      mrr = 1 / (i + 1)
      break
    }
  }

  const noRelevant = relevantGrades.length === 0
  return {
    precision: hits / k,
    recall: noRelevant ? null : hits / relevantGrades.length,
    hit: hits > 0 ? 1 : 0,
    ndcg: noRelevant ? null : dcg / idcg,
    mrr,
  }
}

test('every retrieval metric matches an independent implementation of the SPEC on 500 random cases', () => {
  const random = mulberry32(20240601)
  const pool = Array.from({ length: 12 }, (_, i) => `D${i + 1}`)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
  const allKs = [1, 3, 5, 10]
  let nullExpectations = 0
  let withDuplicates = 0

  for (let c = 0; c < 500; c++) {
    const judged = pool.filter(() => random() < 0.3)
    const judgements = judged.map((id) => ({ id, grade: Math.floor(random() * 4) }))
    const length = Math.floor(random() * 13)
    const retrieved: string[] = []
    for (let i = 0; i < length; i++) {
      // about one in five positions repeats an id already returned
      retrieved.push(retrieved.length > 0 && random() < 0.2 ? pick(retrieved) : pick(pool))
    }
    if (new Set(retrieved).size < retrieved.length) withDuplicates += 1
    const ks = allKs.filter(() => random() < 0.5)
    if (ks.length === 0) ks.push(pick(allKs))

    const actual = scoreRetrieval(retrieved, judgements, ks)
    const label = `case ${c}: retrieved ${JSON.stringify(retrieved)}, judgements ${JSON.stringify(judgements)}`
    for (const k of ks) {
      const expected = referenceRetrieval(retrieved, judgements, k)
      const pairs: [string, number | null][] = [
        [`precision@${k}`, expected.precision],
        [`recall@${k}`, expected.recall],
        [`hit@${k}`, expected.hit],
        [`ndcg@${k}`, expected.ndcg],
        ['mrr', expected.mrr],
      ]
      for (const [name, want] of pairs) {
        const got = valueOf(actual, name)
        if (want === null) {
          nullExpectations += 1
          assert.equal(got, null, `${label}: ${name} should be null`)
        } else {
          assertClose(got, want, 1e-9, `${label}: ${name}`)
        }
      }
    }
  }
  // The generator must actually exercise the edge cases it is meant to.
  assert.ok(nullExpectations > 0, 'no case without relevant docs was generated')
  assert.ok(withDuplicates > 50, `only ${withDuplicates} cases with duplicates were generated`)
})

test('a should-refuse question with no relevant docs is not a retrieval question: every metric is null with the reason', () => {
  for (const judgements of [docs(), docs('D1:0')]) {
    const scores = scoreRetrieval(['D1', 'D2'], judgements, [3, 5], true)
    for (const name of ['precision@3', 'recall@3', 'hit@3', 'ndcg@3', 'precision@5', 'recall@5', 'hit@5', 'ndcg@5', 'mrr']) {
      assert.equal(valueOf(scores, name), null, name)
      assert.match(at(scores, name)?.reason ?? '', /should-refuse question with no relevant docs: not a retrieval question/, name)
    }
  }
})

test('a should-refuse question that lists relevant docs is still scored on retrieval', () => {
  const scores = scoreRetrieval(['D1', 'D3'], docs('D3'), [5], true)
  assert.equal(valueOf(scores, 'hit@5'), 1)
  assertClose(valueOf(scores, 'mrr'), 0.5, 1e-12, 'mrr')
})

test('a retrieval score below 1 says which relevant ids were missed and what came back instead', () => {
  const scores = scoreRetrieval(['doc-2', 'doc-9', 'doc-4', 'doc-7'], docs('doc-7', 'doc-1:3'), [3])
  const why = 'missed doc-1, doc-7; retrieved doc-2, doc-9, doc-4'
  for (const name of ['precision@3', 'recall@3', 'hit@3', 'ndcg@3']) assert.equal(at(scores, name)?.reason, why, name)
  // a perfect score needs no reason; precision with every relevant id found names the others
  const found = scoreRetrieval(['doc-7', 'doc-2'], docs('doc-7'), [2])
  assert.equal(found['recall@2']!.reason, undefined)
  assert.equal(found['precision@2']!.reason, 'retrieved doc-2 (not relevant)')
  assert.equal(scoreRetrieval([], docs('doc-7'), [5])['recall@5']!.reason, 'missed doc-7; nothing retrieved')
})

test('the reason is capped: at most five ids per list, each id clipped, the rest counted', () => {
  const retrieved = Array.from({ length: 8 }, (_, i) => `x${i}`)
  const long = 'd'.repeat(200)
  const reason = scoreRetrieval(retrieved, docs(long), [8])['recall@8']!.reason!
  assert.match(reason, /^missed d{39}…; retrieved x0, x1, x2, x3, x4 \(\+3 more\)$/)
})

test('an id is clipped by characters, not UTF-16 units: 40 emoji stay whole, 41 are cut to 39 and an ellipsis', () => {
  const whole = '😀'.repeat(40)
  assert.equal(scoreRetrieval([], docs(whole), [5])['recall@5']!.reason, `missed ${whole}; nothing retrieved`)
  assert.equal(scoreRetrieval([], docs('😀'.repeat(41)), [5])['recall@5']!.reason, `missed ${'😀'.repeat(39)}…; nothing retrieved`)
})

test('a doc judged twice keeps its last positive grade, and a later grade 0 does not unjudge it', () => {
  // D1 ends at grade 3, so it is named first among the missed; D2's later :0 is ignored
  const scores = scoreRetrieval(['D9'], docs('D2:2', 'D1:1', 'D2:0', 'D1:3'), [1])
  assert.equal(scores['recall@1']!.reason, 'missed D1, D2; retrieved D9')
  assert.equal(valueOf(scoreRetrieval(['D2'], docs('D2:2', 'D2:0'), [1]), 'hit@1'), 1)
})

test('scores are listed per cut-off (precision, recall, hit, ndcg), then mrr, in the order of k given', () => {
  assert.deepEqual(Object.keys(scoreRetrieval(['D1'], docs('D1'), [10, 5])), ['precision@10', 'recall@10', 'hit@10', 'ndcg@10', 'precision@5', 'recall@5', 'hit@5', 'ndcg@5', 'mrr'])
})

test('missed ids are named highest grade first, ties in the order the eval set lists them, for short and long lists alike', () => {
  for (const count of [3, 7, 16, 17, 40]) {
    const entries = Array.from({ length: count }, (_, i) => `m${i}:${((i * 7) % 3) + 1}`)
    const expected = entries
      .map((e, i) => ({ id: e.split(':')[0]!, grade: Number(e.split(':')[1]), i }))
      .sort((a, b) => b.grade - a.grade || a.i - b.i)
      .map((e) => e.id)
    const shown = expected.slice(0, 5).join(', ') + (count > 5 ? ` (+${count - 5} more)` : '')
    assert.equal(scoreRetrieval(['x'], docs(...entries), [1])['recall@1']!.reason, `missed ${shown}; retrieved x`, String(count))
  }
  // nDCG's ideal order is by grade too: the same value whatever order the judgements are listed in
  const a = scoreRetrieval(['g1', 'g3', 'g2'], docs('g1:1', 'g2:2', 'g3:3'), [3])['ndcg@3']!.value
  const b = scoreRetrieval(['g1', 'g3', 'g2'], docs('g3:3', 'g1:1', 'g2:2'), [3])['ndcg@3']!.value
  assert.equal(a, b)
})
