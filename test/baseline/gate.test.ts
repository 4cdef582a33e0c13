import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { gateStack, GateStack } from '../../src/baseline/gate.ts'
import { defaultGate, GATE_KEYS } from '../../src/schemas/gate.ts'

describe("GateStack: defaults < baseline < evalgate.yml < flags, with each setting's source", () => {
  const baseline = { settings: { max_drop: 0.2, question_drop: 0.3, thresholds: { rules_pass: 0.8, mrr: 0.5 } }, source: 'baselines/baseline.json', prefix: '' }
  const yml = { settings: { max_drop: 0.05, thresholds: { rules_pass: 0.9 } }, source: 'evalgate.yml', prefix: 'gate.' }
  const flags = { settings: { gate_mode: 'significant' as const }, source: 'flags', prefix: 'gate.' }

  it('gives every setting its default, named "default", when no layer sets it', () => {
    const { settings, sources } = new GateStack([]).effective
    assert.deepEqual(settings, defaultGate())
    assert.deepEqual(Object.keys(sources), [...GATE_KEYS])
    assert.ok(Object.values(sources).every((s) => s === 'default'))
  })

  it('lets a later layer win and names it as the source', () => {
    const { settings, sources } = new GateStack([baseline, yml, flags]).effective
    assert.equal(settings.max_drop, 0.05)
    assert.equal(sources.max_drop, 'evalgate.yml')
    assert.equal(settings.question_drop, 0.3)
    assert.equal(sources.question_drop, 'baselines/baseline.json')
    assert.equal(settings.gate_mode, 'significant')
    assert.equal(sources.gate_mode, 'flags')
    assert.equal(sources.max_error_rate, 'default')
  })

  it('replaces a per-metric setting as a whole rather than merging it', () => {
    const { settings, sources } = new GateStack([baseline, yml]).effective
    assert.deepEqual(settings.thresholds, { rules_pass: 0.9 })
    assert.equal(sources.thresholds, 'evalgate.yml')
  })

  it('leaves a layer without settings (no baseline) out', () => {
    const { settings, sources } = new GateStack([{ settings: undefined, source: 'baseline', prefix: '' }, yml]).effective
    assert.equal(settings.max_drop, 0.05)
    assert.equal(settings.question_drop, defaultGate().question_drop)
    assert.equal(sources.question_drop, 'default')
  })

  it('names the layer in force for one key, with its value and where it is written', () => {
    const stack = new GateStack([baseline, yml, flags])
    assert.deepEqual(stack.inForce('max_drop'), { ...yml, value: 0.05 })
    assert.equal(stack.inForce('question_drop')?.source, 'baselines/baseline.json')
    assert.equal(stack.inForce('question_drop')?.prefix, '')
    assert.equal(stack.inForce('max_error_rate'), undefined)
    // a null is a value set (latency_rise: null turns the latency gate off), not an absent key
    assert.deepEqual(
      new GateStack([
        { ...flags, settings: { latency_rise: 0.5 } },
        { ...yml, settings: { latency_rise: null } },
      ]).inForce('latency_rise')?.value,
      null,
    )
  })

  it("puts a baseline's committed settings under the layers above, named by its path", () => {
    const stack = gateStack({ settings: { max_drop: 0.3, question_drop: 0.4 }, path: 'baselines/main.json' }, [yml])
    assert.deepEqual(
      stack.layers.map((l) => [l.source, l.prefix]),
      [
        ['baselines/main.json', ''],
        ['evalgate.yml', 'gate.'],
      ],
    )
    assert.equal(stack.effective.sources.question_drop, 'baselines/main.json')
    assert.equal(stack.effective.sources.max_drop, 'evalgate.yml')
    assert.deepEqual(gateStack(null, [yml]).layers, [yml])
  })
})
