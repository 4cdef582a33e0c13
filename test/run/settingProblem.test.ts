import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { parseConfig } from '../../src/run/config/config.ts'
import { GateError } from '../../src/io/errors.ts'

/** The error evalgate.yml's settings `data` get, as the user reads it. */
function refusal(data: Record<string, unknown>): { message: string; hint: string } {
  try {
    parseConfig(data, 'evalgate.yml')
  } catch (error) {
    if (error instanceof GateError) return { message: error.message, hint: error.hint ?? '' }
    throw error
  }
  assert.fail('expected a GateError')
}

describe('a setting of the wrong kind is explained in YAML terms, with the fix written out', () => {
  const cases: { name: string; data: Record<string, unknown>; message: string; hint: string }[] = [
    {
      name: 'a quoted number',
      data: { gate: { max_drop: '0.05' } },
      message: 'setting "gate.max_drop": expected a number, got the text "0.05"',
      hint: 'write the number without quotes: max_drop: 0.05',
    },
    { name: 'a quoted yes', data: { rules: { require_citation: 'yes' } }, message: 'expected true or false, got the text "yes"', hint: 'write true or false without quotes: require_citation: true' },
    { name: 'one cut-off, not a list', data: { k: 5 }, message: 'setting "k": expected a list, got the number 5', hint: 'write a YAML list: k: [5]' },
    { name: 'a list written as text', data: { k: '3, 5' }, message: 'expected a list, got the text "3, 5"', hint: 'write a YAML list: k: [3, 5] (the value "3, 5" is one piece of text to YAML)' },
    { name: 'one forbidden word, not a list', data: { rules: { forbidden: 'Monday.com' } }, message: 'expected a list, got the text "Monday.com"', hint: 'write a YAML list: forbidden: [Monday.com]' },
    {
      name: 'a fraction where a count goes',
      data: { judge: { concurrency: 2.5 } },
      message: 'setting "judge.concurrency": expected a whole number, got the number 2.5',
      hint: 'write a whole number, e.g. concurrency: 3',
    },
    {
      name: 'a provider where the judge block goes',
      data: { judge: 'openai' },
      message: 'setting "judge": expected settings of their own (a mapping), got the text "openai"',
      hint: 'write the settings of judge on indented lines below it',
    },
    {
      name: 'a misspelt choice',
      data: { gate: { gate_mode: 'signifcant' } },
      message: 'expected one of strict, significant, got the text "signifcant"',
      hint: 'did you mean significant? gate_mode: significant',
    },
    { name: 'an unknown choice', data: { gate: { gate_mode: 'lenient' } }, message: 'expected one of strict, significant, got the text "lenient"', hint: 'write one of them, e.g. gate_mode: strict' },
    // inside a record keyed by name (idRecordSchema), the issue keeps its kind
    {
      name: 'a floor where a category’s floors go',
      data: { gate: { by_category: { billing: 0.5 } } },
      message: 'setting "gate.by_category.billing": expected a mapping of names to values, got the number 0.5',
      hint: 'write the settings of billing on indented lines below it',
    },
  ]
  for (const c of cases) {
    it(c.name, () => {
      const { message, hint } = refusal(c.data)
      assert.ok(message.startsWith('evalgate.yml: setting "'), message)
      assert.ok(message.includes(c.message), message)
      assert.ok(hint.startsWith(c.hint), hint)
      assert.doesNotMatch(`${message} ${hint}`, /Invalid input|received|fix the value/)
    })
  }

  it('leaves a message the schema words itself as it is', () => {
    const { message, hint } = refusal({ gate: { max_drop: 5 } })
    assert.match(message, /setting "gate\.max_drop": must be between 0 and 1/)
    assert.match(hint, /fix the value/)
  })
})
