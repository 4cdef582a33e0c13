/**
 * npm run bench:lint-set: evalgate lint-set on 100,000 questions (target: under 10 s on a
 * 2-core machine), and the near-duplicate search (MinHash + LSH, then exact Jaccard) on word
 * and on character shingles against the brute-force reference (every pair compared) on a
 * smaller set, with the recall of LSH; then, on 300 real questions, the false pairs and the
 * one-character typo copies found.
 *
 * The questions are synthetic: Chinese questions built from a few hundred words, a fifth in
 * English, and 2% edited copies of earlier questions (the near-duplicates to find).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { nearDuplicatePairs } from '../src/analysis/lintSet/duplicates.ts'
import { CHARACTER_MINHASH_FUNCTIONS, characterShingleSet, shingleSet, similarPairs, similarPairsBruteForce, type SimilarPairsOptions } from '../src/analysis/lintSet/minhash.ts'
import { mulberry32 } from '../src/stats/bootstrap.ts'

const N = Number(process.env.BENCH_LINT_QUESTIONS ?? 100_000)
const N_REFERENCE = Number(process.env.BENCH_LINT_REFERENCE ?? 4_000)
const THRESHOLD = 0.8

const CHARS =
  '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处队南给色光门即保治北造百规热领七海口东导器压志世金增争济阶油思术极交受联什认六共权收证改清己美再采转更单风切打白教速花带安场身车例真务具万每目至达走积示议声报斗完类八离华名确才科张信马节话米整空元况今集温传土许步群广石记需段研界拉林律叫且究观越织装影算低持音众书布复容儿须际商非验连断深难近矿千周委素技备半办青省列习响约支般史感劳便团往酸历市克何除消构府称太准精值号率族维划选标写存候毛亲快效斯院查江型眼王按格养易置派层片始却专状育厂京识适属圆包火住调满县局照参红细引听该铁价严'

function generate(n: number, seed: number): string[] {
  const random = mulberry32(seed)
  const chars = [...CHARS]
  const words = Array.from({ length: 400 }, () => chars[Math.floor(random() * chars.length)]! + chars[Math.floor(random() * chars.length)]!)
  const english = 'leave annual sick travel claim taxi hotel meal overtime remote approval manager contract salary bonus insurance holiday weekend training laptop badge office parking visa'.split(' ')
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!
  const out: string[] = []
  for (let i = 0; i < n; i++) {
    if (i > 10 && random() < 0.02) {
      const chars2 = [...out[Math.floor(random() * out.length)]!]
      chars2.splice(Math.floor(random() * chars2.length), 0, '呢')
      out.push(chars2.join(''))
    } else if (random() < 0.2) out.push(`how do I ${Array.from({ length: 6 + Math.floor(random() * 4) }, () => pick(english)).join(' ')}?`)
    else out.push(Array.from({ length: 5 + Math.floor(random() * 5) }, () => pick(words)).join('') + '？')
  }
  return out
}

function csvCell(text: string): string {
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** LSH against the exact search on the same sets: its time and its recall. */
function compareWithBruteForce(what: string, sets: Uint32Array[], options: SimilarPairsOptions): void {
  const lsh = time(() => similarPairs(sets, THRESHOLD, options))
  const brute = time(() => similarPairsBruteForce(sets, THRESHOLD))
  const found = new Set(lsh.value.map((p) => `${p.a}-${p.b}`))
  const recall = brute.value.length === 0 ? 1 : brute.value.filter((p) => found.has(`${p.a}-${p.b}`)).length / brute.value.length
  console.log(`near-duplicates on ${what} at Jaccard ≥ ${THRESHOLD}, ${sets.length.toLocaleString('en')} questions:`)
  console.log(`  MinHash + LSH      ${lsh.ms.toFixed(0).padStart(7)} ms   ${lsh.value.length} pairs`)
  console.log(`  brute force        ${brute.ms.toFixed(0).padStart(7)} ms   ${brute.value.length} pairs   (every pair: ${((sets.length * (sets.length - 1)) / 2).toLocaleString('en')})`)
  console.log(`  LSH recall ${(recall * 100).toFixed(2)}%, ${(brute.ms / lsh.ms).toFixed(1)}× faster`)
}

/**
 * Real questions (test/fixtures/lintset/trec-questions.txt, 300 unrelated TREC-10 questions):
 * the pairs found among them (false pairs), and how many one-character typo copies of their
 * questions of 10 words or more are found, by kind of typo.
 */
function realQuestions(): void {
  const questions = readFileSync(join(import.meta.dirname, '../test/fixtures/lintset/trec-questions.txt'), 'utf8')
    .trim()
    .split('\n')
  const falsePairs = nearDuplicatePairs(questions, THRESHOLD)
  console.log(`\n300 real, unrelated questions (TREC-10): ${falsePairs.length} near-duplicate pairs (false pairs)`)
  const random = mulberry32(29)
  const long = questions.filter((q) => q.split(/\s+/).filter((w) => /\w/.test(w)).length >= 10)
  const edits: Record<string, (chars: string[], i: number) => void> = {
    substitution: (c, i) => (c[i] = c[i] === 'e' ? 'a' : 'e'),
    insertion: (c, i) => c.splice(i, 0, 'x'),
    deletion: (c, i) => c.splice(i, 1),
    transposition: (c, i) => ([c[i], c[i + 1]] = [c[i + 1]!, c[i]!]),
  }
  for (const [kind, edit] of Object.entries(edits)) {
    let found = 0
    for (const q of long) {
      const chars = [...q]
      let i = 1 + Math.floor(random() * (chars.length - 4))
      while (!/[a-z]/i.test(chars[i]!)) i++
      edit(chars, i)
      if (nearDuplicatePairs([q, chars.join('')], THRESHOLD).length === 1) found++
    }
    console.log(`  a one-character ${kind.padEnd(13)} in each of its ${long.length} questions of 10+ words: ${found} found`)
  }
}

function time<T>(f: () => T): { value: T; ms: number } {
  const start = performance.now()
  const value = f()
  return { value, ms: performance.now() - start }
}

const dir = mkdtempSync(join(tmpdir(), 'evalgate-lint-bench-'))
try {
  const referenceQuestions = generate(N_REFERENCE, 2)
  compareWithBruteForce(
    'word shingles',
    referenceQuestions.map((q) => shingleSet(q)),
    {},
  )
  const characterSets = referenceQuestions.map((q) => characterShingleSet(q)).filter((s) => s.length > 0)
  compareWithBruteForce('character shingles', characterSets, { hashes: CHARACTER_MINHASH_FUNCTIONS, signatures: 'one-permutation' })
  realQuestions()

  const questions = generate(N, 1)
  const categories = ['报销政策', '假期', '考勤加班', '人事流程', '行政']
  const difficulties = ['简单', '简单', '中等', '中等', '困难']
  const lines = ['id,question,ground_truth,reference_points,category,difficulty,should_refuse']
  questions.forEach((q, i) => {
    const refuse = i % 50 === 0
    lines.push(
      [`q${i + 1}`, q, refuse ? '无法回答' : `标准答案第 ${i} 条，需主管审批后五个工作日内生效`, refuse ? '' : `第${i}条;主管审批`, categories[i % 5]!, difficulties[i % 5]!, String(refuse)]
        .map(csvCell)
        .join(','),
    )
  })
  const file = join(dir, 'eval_set.csv')
  writeFileSync(file, lines.join('\n') + '\n')
  writeFileSync(join(dir, 'none.yml'), '')
  const child = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'measure.ts'), 'lint-set', file, '--config', join(dir, 'none.yml'), '--json'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  })
  const measured = JSON.parse(child.stderr.trim().split('\n').pop() ?? '{}') as { code: number; ms: number; cpuMs: number; maxRssMb: number }
  if (measured.code === 2) throw new Error(`lint-set failed:\n${child.stderr}`)
  console.log(
    `\nevalgate lint-set, ${N.toLocaleString('en')} questions: ${(measured.ms / 1000).toFixed(2)} s wall (target < 10 s), ${(measured.cpuMs / 1000).toFixed(2)} s CPU, peak RSS ${measured.maxRssMb.toFixed(0)} MB, exit ${measured.code}`,
  )
  console.log(`  (measured inside the process around the CLI's main(); Node start-up is not included)`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
