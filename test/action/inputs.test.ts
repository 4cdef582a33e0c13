import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { INPUTS, readInputs } from '../../src/action/inputs.ts'
import { actionInputs } from '../../src/run/options/options.ts'
import { GateError } from '../../src/io/errors.ts'

const action = parse(readFileSync(new URL('../../action.yml', import.meta.url), 'utf8')) as { inputs: Record<string, unknown>; runs: { using: string; main: string } }

describe('action inputs', () => {
  it('reads exactly the inputs action.yml declares', () => {
    assert.deepEqual([...INPUTS].sort(), Object.keys(action.inputs).sort())
  })

  it('describes every input in action.yml as the option table does, with the same default', () => {
    for (const spec of actionInputs()) {
      const declared = action.inputs[spec.input!] as { description: string; required: boolean; default?: string }
      assert.ok(declared, `action.yml lacks input "${spec.input}"`)
      assert.equal(declared.description, spec.description, `description of "${spec.input}"`)
      assert.equal(declared.default, spec.actionDefault ?? spec.default, `default of "${spec.input}"`)
      assert.equal(declared.required, false, `"${spec.input}" is optional`)
    }
  })

  it('runs on node24 from the bundled dist/index.js', () => {
    assert.deepEqual(action.runs, { using: 'node24', main: 'dist/index.js' })
  })

  it('treats empty inputs as unset, so evalgate.yml decides', () => {
    const inputs = readInputs(() => '')
    assert.equal(inputs.mode, 'gate')
    assert.equal(inputs.comment, true)
    assert.equal(inputs.commentKey, 'default')
    assert.deepEqual(inputs.overrides, {})
    assert.equal(inputs.configFile, undefined)
  })

  it('maps inputs onto the config the CLI uses', () => {
    const values: Record<string, string> = { 'eval-set': 'e.csv', 'eval-set-version': 'v3', k: '3, 10', 'max-drop': '0.05', predictions: 'p.jsonl', comment: 'false' }
    const inputs = readInputs((name) => values[name] ?? '')
    assert.deepEqual(inputs.overrides.k, [3, 10])
    assert.equal((inputs.overrides.gate as { max_drop: number }).max_drop, 0.05)
    assert.equal((inputs.overrides.candidate as { predictions: string }).predictions, 'p.jsonl')
    assert.equal(inputs.comment, false)
  })

  for (const [name, value, message] of [
    ['max-drop', 'two', /input "max-drop": expected a number like 0\.02, got "two"/],
    ['k', '5,x', /input "k": expected whole numbers separated by commas/],
    ['comment', 'yes please', /input "comment": expected one of true, false/],
    ['mode', 'merge-all', /input "mode": expected one of gate, baseline/],
  ] as const) {
    it(`rejects ${name}: "${value}" naming the input and the fix`, () => {
      assert.throws(
        () => readInputs((n) => (n === name ? value : '')),
        (error: unknown) => error instanceof GateError && message.test(error.message) && /with:/.test(error.hint ?? ''),
      )
    })
  }
})
