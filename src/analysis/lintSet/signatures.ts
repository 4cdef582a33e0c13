/**
 * MinHash signatures for lint-set's near-duplicate search (minhash.ts): H values per set in one
 * flat array, two sets agreeing in a position with probability equal to their Jaccard
 * similarity. Two ways to make them, each the cheaper for its kind of set.
 */
import { mulberry32 } from '../../stats/bootstrap.ts'
import { knownAt } from '../../io/known.ts'

/** murmur3's finaliser: spreads every input bit over the output. */
export function mix(h: number): number {
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** MinHash signatures with H independent hash functions (multiply-add over the element): O(|set| · H) per set, the cheaper for small sets. */
export function minHashSignatures(sets: readonly Uint32Array[], hashes: number, seed: number): Uint32Array {
  const random = mulberry32(seed)
  const mul = Uint32Array.from({ length: hashes }, () => (Math.floor(random() * 0x100000000) | 1) >>> 0)
  const add = Uint32Array.from({ length: hashes }, () => Math.floor(random() * 0x100000000) >>> 0)
  const out = new Uint32Array(sets.length * hashes)
  sets.forEach((set, t) => {
    const base = t * hashes
    // one hash function at a time, its minimum kept in a local: one store per position
    for (let i = 0; i < hashes; i++) {
      const m = knownAt(mul, i, 'a multiplier')
      const a = knownAt(add, i, 'an addend')
      let best = 0xffffffff
      // checked here, not through knownAt: this loop runs for every element, hash function and set
      for (let s = 0; s < set.length; s++) {
        const element = set[s]
        if (element === undefined) throw new RangeError(`minHashSignatures: element ${s} of ${set.length}`)
        const v = (Math.imul(m, element) + a) >>> 0
        if (v < best) best = v
      }
      out[base + i] = best
    }
  })
  return out
}

/**
 * MinHash signatures, one row of H values per set, in one flat array, by one permutation hashing
 * with optimal densification (Shrivastava, ICML 2017). Each element is hashed once and falls
 * into one of H bins, each bin keeping its smallest hash; an empty bin takes the value of the
 * first non-empty bin along a probe sequence that depends on the bin alone, so two sets still
 * agree in a position with probability equal to their Jaccard similarity. O(|set| + H²/|set|) per
 * set: the cheaper for sets of dozens of elements (character shingles), not for a handful.
 */
export function onePermutationSignatures(sets: readonly Uint32Array[], hashes: number, seed: number): Uint32Array {
  const probes = probeSequences(hashes, seed)
  const out = new Uint32Array(sets.length * hashes)
  const row = new Uint32Array(hashes)
  const filled = new Uint8Array(hashes)
  const salt = Math.floor(mulberry32(seed ^ 0x9e3779b9)() * 0x100000000) >>> 0
  // the loops below check their reads themselves: they run for every element and bin of every set
  const outside = (what: string, i: number) => new RangeError(`onePermutationSignatures: ${what} ${i} is outside its array`)
  sets.forEach((set, t) => {
    if (set.length === 0) return
    filled.fill(0)
    for (let s = 0; s < set.length; s++) {
      const element = set[s]
      if (element === undefined) throw outside('element', s)
      const h = mix((element ^ salt) >>> 0)
      // the high bits pick the bin, the whole hash orders the elements within it
      const bin = Math.floor((h / 0x100000000) * hashes)
      const kept = row[bin]
      if (kept === undefined) throw outside('bin', bin)
      if (!filled[bin] || h < kept) {
        row[bin] = h
        filled[bin] = 1
      }
    }
    const base = t * hashes
    for (let i = 0; i < hashes; i++) {
      // an empty bin borrows from the first filled bin along its probes (the last run reaches every bin)
      let bin: number | undefined = i
      for (let k = i * PROBES; !filled[bin]; k++) {
        bin = probes[k]
        if (bin === undefined) throw outside('probe', k)
      }
      const value = row[bin]
      if (value === undefined) throw outside('bin', bin)
      out[base + i] = value
    }
  })
  return out
}

/**
 * For each bin, the bins an empty one borrows from, in order: PROBES pseudo-random bins, ending
 * with every bin in turn (so a non-empty set always finds one). The same for every set.
 */
const PROBES = 64
function probeSequences(hashes: number, seed: number): Uint16Array {
  const random = mulberry32(seed ^ 0x85ebca6b)
  const probes = new Uint16Array(hashes * PROBES + hashes)
  for (let i = 0; i < hashes * PROBES; i++) probes[i] = Math.floor(random() * hashes)
  // the last bin's run continues into every bin in turn: a guaranteed end for the walk
  for (let i = 0; i < hashes; i++) probes[hashes * PROBES + i] = i
  return probes
}
