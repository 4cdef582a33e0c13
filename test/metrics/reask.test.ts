import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { misnumbered } from '../../src/metrics/reask.ts'

describe('misnumbered', () => {
  const cases: [string, number[], number, string | null][] = [
    ['lines up in order', [1, 2, 3], 3, null],
    ['lines up in any order', [3, 1, 2], 3, null],
    ['one left out', [1, 2], 3, 'none for chunk 3'],
    ['one twice, one left out (the count matches)', [1, 1, 2], 3, 'none for chunk 3; more than one for chunk 1'],
    ['a duplicate on top of a full list', [1, 2, 2], 2, 'more than one for chunk 2'],
    ['numbered from 0', [0, 1], 2, 'none for chunk 2; there is no chunk 0'],
    ['nothing at all', [], 2, 'none for chunk 1, 2'],
    ['a long list is cut', [], 8, 'none for chunk 1, 2, 3, 4, 5 and 3 more'],
  ]
  for (const [name, numbers, n, expected] of cases) it(name, () => assert.equal(misnumbered(numbers, n, 'chunk'), expected))
})
