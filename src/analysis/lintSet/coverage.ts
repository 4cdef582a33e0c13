import { idRecord, ownValue } from '../../text/ids.ts'
import { wilsonHalfWidth } from '../../stats/proportions.ts'
import { BOUNDARY_KINDS, BOUNDARY_LABELS, boundaryKinds } from './boundary.ts'
import { finding, quote, type Finding, type LintInput } from './finding.ts'
import { knownAt, knownField } from '../../io/known.ts'

/** A category's 95% Wilson half-width (at p = 0.5) above this is too few questions to judge it (seed 003, 2.1). */
export const MAX_CATEGORY_HALF_WIDTH = 0.1
/** A difficulty share this many percentage points from its target is a finding. */
export const DIFFICULTY_TOLERANCE_PP = 10
/** The seed's mix: easy 40% (the basic bar), medium 40% (the real level), hard 20% (where versions differ). */
export const DEFAULT_DIFFICULTY_MIX: Readonly<Record<string, number>> = { easy: 40, medium: 40, hard: 20 }

const DIFFICULTY_SYNONYMS: Record<string, readonly string[]> = {
  easy: ['easy', 'simple', 'low', '简单', '容易', '易', '低'],
  medium: ['medium', 'moderate', 'normal', 'mid', '中等', '中', '一般'],
  hard: ['hard', 'difficult', 'high', '困难', '难', '高'],
}

export interface CoverageSummary {
  rows: number
  categories: Record<string, { n: number; half_width: number }>
  difficulties: Record<string, number>
}

const NO_LABEL = '(none)'

export function coverageSummary(input: LintInput): CoverageSummary {
  // keyed by the eval set's own labels: `__proto__` or `constructor` is a category like any other
  const categories: CoverageSummary['categories'] = idRecord()
  const difficulties: Record<string, number> = idRecord()
  for (const row of input.rows) {
    const category = row.category ?? NO_LABEL
    categories[category] = { n: (categories[category]?.n ?? 0) + 1, half_width: 0 }
    const difficulty = row.difficulty ?? NO_LABEL
    difficulties[difficulty] = (difficulties[difficulty] ?? 0) + 1
  }
  for (const c of Object.values(categories)) c.half_width = Math.round(wilsonHalfWidth(c.n) * 1e4) / 1e4
  return { rows: input.rows.length, categories, difficulties }
}

/** Categories too small to judge, rows without a category, and the boundary kinds the set lacks. */
export function coverageFindings(input: LintInput, summary: CoverageSummary): Finding[] {
  const findings: Finding[] = []
  const uncategorised = input.rows.filter((r) => r.category === null).map((r) => r.id)
  if (uncategorised.length === input.rows.length) {
    findings.push(finding(input, 'coverage', 'warning', [], 'no row has a category: scores cannot be read per category, and one category can hide behind the others'))
  } else if (uncategorised.length > 0) {
    findings.push(
      finding(input, 'coverage', 'warning', uncategorised, `${uncategorised.length} rows have no category: ${uncategorised.slice(0, 10).join(', ')}${uncategorised.length > 10 ? ', …' : ''}`),
    )
  }
  // a category of boundary questions only (should-refuse, not in the knowledge base, confusable) is there to be present, not to be scored on its own
  const ordinary = new Set(input.rows.flatMap((r) => (r.category !== null && boundaryKinds(r).size === 0 ? [r.category] : [])))
  for (const [category, { n, half_width }] of Object.entries(summary.categories)) {
    if (category === NO_LABEL || half_width <= MAX_CATEGORY_HALF_WIDTH || !ordinary.has(category)) continue
    findings.push(
      finding(
        input,
        'coverage',
        'warning',
        [],
        `category ${quote(category)} has ${n} question${n === 1 ? '' : 's'}: its pass rate is known only to ±${(half_width * 100).toFixed(1)} pp (95% Wilson), above ±${MAX_CATEGORY_HALF_WIDTH * 100} pp; about 93 questions get it there`,
      ),
    )
  }
  const present = new Set(input.rows.flatMap((r) => [...boundaryKinds(r)]))
  for (const kind of BOUNDARY_KINDS) {
    if (!present.has(kind)) findings.push(finding(input, 'boundary', 'warning', [], `no boundary question of the kind ${BOUNDARY_LABELS[kind]}: the set never tests this boundary`))
  }
  return findings
}

/** `easy=40,medium=40,hard=20` → {easy: 40, …}; the shares must add up to 100. Null with the reason when it does not parse. */
export function parseDifficultyMix(text: string): { mix: Record<string, number> } | { error: string } {
  const mix: Record<string, number> = idRecord()
  for (const part of text.split(',')) {
    const match = /^\s*([^=\s][^=]*?)\s*=\s*(\d+(?:\.\d+)?)\s*$/.exec(part)
    if (!match) return { error: `"${part.trim()}" is not label=percent` }
    mix[knownAt(match, 1, 'the label').toLowerCase()] = Number(match[2])
  }
  const total = Object.values(mix).reduce((a, b) => a + b, 0)
  if (Math.abs(total - 100) > 1e-9) return { error: `the shares add up to ${total}, not 100` }
  return { mix }
}

/** The target label a row's difficulty is: itself, or easy / medium / hard by their usual Chinese and English names. */
function targetOf(difficulty: string, targets: readonly string[]): string | null {
  const label = difficulty.normalize('NFKC').toLowerCase().trim()
  if (targets.includes(label)) return label
  for (const target of targets) if (ownValue(DIFFICULTY_SYNONYMS, target)?.includes(label)) return target
  return null
}

/** The difficulty mix against the target: each share more than DIFFICULTY_TOLERANCE_PP away, labels outside the target, rows without one. */
export function difficultyFindings(input: LintInput, target: Readonly<Record<string, number>>): Finding[] {
  const targets = Object.keys(target)
  const counts = idRecord<number>(targets.map((t) => [t, 0]))
  const unknown = new Map<string, string[]>()
  const unlabelled: string[] = []
  for (const row of input.rows) {
    if (row.difficulty === null) {
      unlabelled.push(row.id)
      continue
    }
    const label = targetOf(row.difficulty, targets)
    if (label === null) unknown.set(row.difficulty, [...(unknown.get(row.difficulty) ?? []), row.id])
    else counts[label] = knownField(counts, label, 'a difficulty count') + 1
  }
  const findings: Finding[] = []
  if (unlabelled.length === input.rows.length) return [finding(input, 'difficulty_mix', 'warning', [], 'no row has a difficulty: the mix of easy, medium and hard questions cannot be checked')]
  if (unlabelled.length > 0) findings.push(finding(input, 'difficulty_mix', 'warning', unlabelled, `${unlabelled.length} rows have no difficulty`))
  for (const [label, ids] of unknown) {
    findings.push(
      finding(input, 'difficulty_mix', 'warning', ids, `difficulty ${quote(label)} (${ids.length} rows) is none of ${targets.join(', ')}: name it as one of them, or give --difficulty-mix with it`),
    )
  }
  const labelled = Object.values(counts).reduce((a, b) => a + b, 0)
  if (labelled === 0) return findings
  const share = (label: string) => (100 * knownField(counts, label, 'a difficulty count')) / labelled
  const wanted = (label: string) => knownField(target, label, 'a target share')
  const off = targets.filter((t) => Math.abs(share(t) - wanted(t)) > DIFFICULTY_TOLERANCE_PP)
  if (off.length > 0) {
    const actual = targets.map((t) => `${t} ${share(t).toFixed(0)}%`).join(' / ')
    const targetText = targets.map((t) => `${t} ${target[t]}%`).join(' / ')
    const gaps = off.map((t) => `${t} ${share(t) > wanted(t) ? '+' : '−'}${Math.abs(share(t) - wanted(t)).toFixed(0)} pp`).join(', ')
    findings.push(
      finding(input, 'difficulty_mix', 'warning', [], `difficulty mix ${actual} over ${labelled} labelled rows, target ${targetText}: ${gaps} (more than ${DIFFICULTY_TOLERANCE_PP} pp off)`),
    )
  }
  return findings
}
