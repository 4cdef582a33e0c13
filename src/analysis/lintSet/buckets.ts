/**
 * One band's buckets: texts grouped by their band key in an open-addressed table of typed
 * arrays, each bucket a chain through `next`. O(n) per band, where sorting the keys was
 * O(n log n) and most of the search's time at 100,000 texts.
 */
export class Buckets {
  private readonly mask: number
  private readonly key: Uint32Array
  private readonly head: Int32Array
  private readonly next: Int32Array
  /** the table slots in use, in order of first use */
  private readonly used: Int32Array
  count = 0

  constructor(n: number) {
    let size = 2
    while (size < 2 * n) size *= 2
    this.mask = size - 1
    this.key = new Uint32Array(size)
    this.head = new Int32Array(size).fill(-1)
    this.next = new Int32Array(Math.max(1, n))
    this.used = new Int32Array(Math.max(1, n))
  }

  // the reads below check their index themselves: these loops run once per text and band
  clear(): void {
    for (let i = 0; i < this.count; i++) this.head[this.slot(i)] = -1
    this.count = 0
  }

  add(key: number, t: number): void {
    let slot = key & this.mask
    while (this.head[slot] !== -1 && this.key[slot] !== key) slot = (slot + 1) & this.mask
    if (this.head[slot] === -1) {
      this.key[slot] = key
      this.used[this.count++] = slot
    }
    const head = this.head[slot]
    if (head === undefined) throw outside('slot', slot)
    this.next[t] = head
    this.head[slot] = t
  }

  /** The texts of the b-th bucket into `out`; false for a bucket of one (nothing to pair). */
  collect(b: number, out: number[]): boolean {
    const slot = this.slot(b)
    const first = this.head[slot]
    if (first === undefined) throw outside('slot', slot)
    if (this.next[first] === -1) return false
    out.length = 0
    for (let t: number | undefined = first; t !== -1; t = this.next[t]) {
      if (t === undefined) throw outside('text', first)
      out.push(t)
    }
    return true
  }

  /** The table slot of the b-th bucket. */
  private slot(b: number): number {
    const slot = this.used[b]
    if (slot === undefined) throw outside('bucket', b)
    return slot
  }
}

function outside(what: string, i: number): RangeError {
  return new RangeError(`Buckets: ${what} ${i} is outside the table`)
}
