/**
 * "Did you mean": the known name an unknown field or column was probably meant to be. A name
 * matches when it is the known one spelled differently (case, `_`/`-`/space, a plural s), a
 * typo of it (edit distance 1, or 2 for names of 8 letters and more), or one of its common
 * aliases (`response` for `answer`). Deliberately narrow: a pass-through column that merely
 * resembles a known one must not turn into an error by accident.
 */
export function similarName(name: string, known: readonly string[], aliases: Readonly<Record<string, readonly string[]>> = {}): string | null {
  const unknown = squash(name)
  if (unknown === '') return null
  for (const candidate of known) {
    const target = squash(candidate)
    if (unknown === target) return candidate
    if ((aliases[candidate] ?? []).some((alias) => squash(alias) === unknown)) return candidate
  }
  let best: { name: string; distance: number } | null = null
  for (const candidate of known) {
    const target = squash(candidate)
    const allowed = target.length >= 8 ? 2 : target.length >= 4 ? 1 : 0
    const distance = editDistance(unknown, target, allowed)
    if (distance <= allowed && (!best || distance < best.distance)) best = { name: candidate, distance }
  }
  return best?.name ?? null
}

/** Lower case without separators or a final plural s: `Relevant-Doc-IDs` and `relevant_doc_id` read alike. */
function squash(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_\-.]+/g, '')
    .replace(/s$/, '')
}

/** Levenshtein distance with adjacent transpositions, giving up (limit + 1) once it is over `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1
  let before: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let rowBest = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(cell(previous, j) + 1, cell(current, j - 1) + 1, cell(previous, j - 1) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, cell(before, j - 2) + 1)
      current.push(d)
      rowBest = Math.min(rowBest, d)
    }
    if (rowBest > limit) return limit + 1
    before = previous
    previous = current
  }
  return Math.min(cell(previous, b.length), limit + 1)
}

/** A cell of a row the loop above has filled up to this column: a miss is a bug here, not bad input. */
function cell(row: readonly number[], column: number): number {
  const value = row[column]
  if (value === undefined) throw new Error(`edit distance: no cell ${column} of ${row.length}`)
  return value
}
