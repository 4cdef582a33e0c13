import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { resolveGate } from '../../src/baseline/gate.ts'
import { defaultGate, GATE_KEYS } from '../../src/schemas/gate.ts'

describe("resolveGate: defaults < baseline < evalgate.yml < flags, with each setting's source", () => {
  const baseline = { settings: { max_drop: 0.2, question_drop: 0.3, thresholds: { rules_pass: 0.8, mrr: 0.5 } }, source: 'baselines/baseline.json' }
  const yml = { settings: { max_drop: 0.05, thresholds: { rules_pass: 0.9 } }, source: 'evalgate.yml' }
  const flags = { settings: { gate_mode: 'significant' as const }, source: 'flags' }

  it('gives every setting its default, named "default", when no layer sets it', () => {
    const { settings, sources } = resolveGate([])
    assert.deepEqual(settings, defaultGate())
    assert.deepEqual(Object.keys(sources), [...GATE_KEYS])
    assert.ok(Object.values(sources).every((s) => s === 'default'))
  })

  it('lets a later layer win and names it as the source', () => {
    const { settings, sources } = resolveGate([baseline, yml, flags])
    assert.equal(settings.max_drop, 0.05)
    assert.equal(sources.max_drop, 'evalgate.yml')
    assert.equal(settings.question_drop, 0.3)
    assert.equal(sources.question_drop, 'baselines/baseline.json')
    assert.equal(settings.gate_mode, 'significant')
    assert.equal(sources.gate_mode, 'flags')
    assert.equal(sources.max_error_rate, 'default')
  })

  it('replaces a per-metric setting as a whole rather than merging it', () => {
    const { settings, sources } = resolveGate([baseline, yml])
    assert.deepEqual(settings.thresholds, { rules_pass: 0.9 })
    assert.equal(sources.thresholds, 'evalgate.yml')
  })

  it('leaves a layer without settings (no baseline) out', () => {
    const { settings, sources } = resolveGate([{ settings: undefined, source: 'baseline' }, yml])
    assert.equal(settings.max_drop, 0.05)
    assert.equal(settings.question_drop, defaultGate().question_drop)
    assert.equal(sources.question_drop, 'default')
  })
})
