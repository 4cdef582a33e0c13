import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { GateStack } from '../../src/baseline/gate.ts'
import { gateSettingLines, gateSettingsDetails, gateSettingsText } from '../../src/report/gateSettings.ts'

describe('the gate settings block of the report and of --verbose', () => {
  const resolved = new GateStack([{ settings: { max_drop: 0.05, by_category: { '<b>|leave': { 'recall@5': 0.9 } }, thresholds: { rules_pass: 0.6 } }, source: 'ci/evalgate.yml', prefix: '' }])
    .effective
  const c = { gate: resolved.settings, gate_sources: resolved.sources }

  it('shows each value and where it came from, per-metric maps flattened', () => {
    const lines = gateSettingLines(c)
    assert.deepEqual(
      lines.find((l) => l.key === 'max_drop'),
      { key: 'max_drop', value: '0.05', source: 'ci/evalgate.yml' },
    )
    assert.deepEqual(
      lines.find((l) => l.key === 'thresholds'),
      { key: 'thresholds', value: 'rules_pass 0.6', source: 'ci/evalgate.yml' },
    )
    assert.deepEqual(
      lines.find((l) => l.key === 'max_drop_overrides'),
      { key: 'max_drop_overrides', value: 'none', source: 'default' },
    )
    assert.equal(lines.find((l) => l.key === 'by_category')?.value, '<b>|leave.recall@5 0.9')
  })

  it('escapes a category label from the eval set in Markdown, inside a folded block', () => {
    const md = gateSettingsDetails(c).join('\n')
    assert.match(md, /^<details><summary>Gate settings<\/summary>/)
    assert.ok(md.includes('- `by_category` &lt;b&gt;\\|leave.recall@5 0.9 (ci/evalgate.yml)'), md)
    assert.doesNotMatch(md, /<b>/)
  })

  it('shows control characters of a label as codes in the terminal', () => {
    const text = gateSettingsText({ ...c, gate: { ...c.gate, by_category: { 'a\u001b[31mb': { mrr: 1 } } } }).join('\n')
    assert.ok(text.includes('by_category a\\x1b[31mb.mrr 1'), text)
  })

  it('says when a results.json from an older evalgate did not record the sources', () => {
    assert.match(gateSettingsText({ gate: c.gate }).join('\n'), /max_drop 0\.05 \(source not recorded\)/)
  })
})
