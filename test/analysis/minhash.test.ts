import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { banding, jaccard, shingleSet, shingleTokens, similarPairs, similarPairsBruteForce } from '../../src/analysis/lintSet/minhash.ts'
import { mulberry32 } from '../../src/stats/bootstrap.ts'

/** Questions from a shared vocabulary, with some copies edited by a character or two (the pairs LSH must find). */
function questions(n: number, seed: number): string[] {
  const random = mulberry32(seed)
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!
  const subjects = ['差旅', '年假', '病假', '加班', '餐补', '打车', '住宿', '团建', '社保', '公积金', '远程办公', '试用期', '离职', '入职', '报销']
  const asks = ['标准是多少', '怎么申请', '需要什么材料', '谁来审批', '有上限吗', '能不能报销', '多久能到账', '怎么计算']
  const english = ['how many days of annual leave do new staff get', 'who approves a remote work request', 'can taxi fares be claimed after nine pm', 'what documents does onboarding need']
  const out: string[] = []
  for (let i = 0; i < n; i++) {
    if (i > 0 && random() < 0.2) {
      const base = out[Math.floor(random() * out.length)]!
      const chars = [...base]
      chars.splice(Math.floor(random() * chars.length), 1, pick(['的', '呢', '啊', 'x']))
      out.push(chars.join(''))
    } else if (random() < 0.15) out.push(`${pick(english)} ${pick(['in beijing', 'in shanghai', 'for contractors', 'this year'])}`)
    else out.push(`${pick(subjects)}${pick(['的', ''])}${pick(asks)}？${pick(['', '在北京', '对外包员工', '第' + Math.floor(random() * 9) + '季度'])}`)
  }
  return out
}

describe('shingles', () => {
  it('are CJK characters and Latin words, lower-cased and NFKC-normalised', () => {
    assert.deepEqual(shingleTokens('年假ＡＢＣ Days, 5天'), ['年', '假', 'abc', 'days', '5', '天'])
  })

  it('give Jaccard 1 to texts that differ only in punctuation, case and width, and less to a changed word', () => {
    assert.equal(jaccard(shingleSet('What is the leave policy?'), shingleSet('what is the LEAVE policy')), 1)
    assert.equal(jaccard(shingleSet('年假怎么申请？'), shingleSet('年假怎么申请')), 1)
    assert.ok(jaccard(shingleSet('年假怎么申请'), shingleSet('病假怎么申请')) < 1)
  })

  it('make a text with one token one shingle, and a text without tokens none', () => {
    assert.equal(shingleSet('yes').length, 1)
    assert.equal(shingleSet('？！…').length, 0)
  })
})

describe('LSH banding', () => {
  it('is chosen so that a pair at the threshold is found with probability at least 0.999', () => {
    for (const threshold of [0.5, 0.7, 0.8, 0.9]) {
      const { bands, rows } = banding(threshold)
      assert.ok(bands * rows <= 128)
      assert.ok(1 - (1 - threshold ** rows) ** bands >= 0.999, `threshold ${threshold}: ${bands}×${rows}`)
    }
    assert.deepEqual(banding(0.8), { bands: 25, rows: 5 })
  })

  for (const threshold of [0.6, 0.8]) {
    it(`finds every pair brute force finds at Jaccard ≥ ${threshold} (600 questions, and nothing below it)`, () => {
      const sets = questions(600, 3).map((q) => shingleSet(q))
      const exact = similarPairsBruteForce(sets, threshold)
      const found = similarPairs(sets, threshold)
      assert.ok(exact.length > 50, `the set has near-duplicates to find (${exact.length})`)
      const key = (p: { a: number; b: number }) => `${p.a}-${p.b}`
      const foundKeys = new Set(found.map(key))
      const recall = exact.filter((p) => foundKeys.has(key(p))).length / exact.length
      assert.ok(recall >= 0.99, `recall ${recall}`)
      for (const p of found) assert.ok(p.jaccard >= threshold && p.a < p.b)
      assert.deepEqual(new Set(found.map(key)).size, found.length, 'each pair once')
    })
  }

  it('gives the same pairs on every run (seeded hash functions)', () => {
    const sets = questions(200, 5).map((q) => shingleSet(q))
    assert.deepEqual(similarPairs(sets, 0.8), similarPairs(sets, 0.8))
  })

  it('never pairs texts without shingles', () => {
    assert.deepEqual(similarPairs([shingleSet('？'), shingleSet('！'), shingleSet('年假')], 0.5), [])
  })
})
