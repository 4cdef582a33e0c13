import assert from 'node:assert/strict'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { ACTION_MODES } from '../../src/run/options/actionOptions.ts'

test("each value of the Action's mode input is one module of src/action/modes/ (main.ts's MODES is typed by them)", () => {
  const modules = readdirSync(join(import.meta.dirname, '../../src/action/modes'))
    .filter((f) => f !== 'mode.ts')
    .map((f) => f.replace(/\.ts$/, ''))
    .sort()
  assert.deepEqual(modules, [...ACTION_MODES].sort())
})
