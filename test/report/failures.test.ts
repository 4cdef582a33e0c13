import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { annotation } from '../../src/action/publish.ts'
import { failureMarkdown, failureSentence } from '../../src/report/failures.ts'
import type { DropEvidence, GateFailure } from '../../src/schemas/failures.ts'

const noise: DropEvidence = {
  interval: { low: -0.08, high: 0, level: 0.95 },
  flips: { worse: 2, better: 0 },
  p: 0.5,
  p_holm: 0.5,
  reason: 'interval_includes_zero',
  test: 'mcnemar_mid_p',
  clusters: null,
}
const demoNoise: DropEvidence = {
  interval: { low: -0.152, high: -0.015, level: 0.95 },
  flips: { worse: 9, better: 3 },
  p: 0.011,
  p_holm: 0.152,
  reason: 'holm_correction',
  test: 'sign_flip_exact',
  clusters: null,
}
const smallNoise: DropEvidence = { interval: { low: -0.75, high: -0.75, level: 0.95 }, flips: { worse: 3, better: 0 }, p: 0.25, p_holm: 0.25, reason: null, test: null, clusters: null }

/** Each kind of failure and the words every renderer gives it (the sentences of schema_version 1, unchanged). */
const cases: { failure: GateFailure; sentence: string; markdown: string; annotation: { message: string; title: string } }[] = [
  {
    failure: { kind: 'max_drop', metric: 'rules_pass', baseline: 0.9, candidate: 0.86, value: 0.04, limit: 0.02, unit: 'score', noise },
    sentence:
      'rules_pass: fell 0.040, more than max_drop 0.02; the data cannot tell it from noise (the paired-bootstrap 95% CI of Δ -0.080 to ±0.000 includes 0, 2 questions worse / 0 better; its McNemar mid-p test gives p = 0.500, Holm p = 0.500): strict mode fails it',
    markdown:
      '`rules_pass`: fell 0.040, more than max\\_drop 0.02; the data cannot tell it from noise (the paired-bootstrap 95% CI of Δ -0.080 to ±0.000 includes 0, 2 questions worse / 0 better; its McNemar mid-p test gives p = 0.500, Holm p = 0.500): strict mode fails it',
    annotation: {
      message:
        'rules_pass: fell 0.040, more than max_drop 0.02; the data cannot tell it from noise (the paired-bootstrap 95% CI of Δ -0.080 to ±0.000 includes 0, 2 questions worse / 0 better; its McNemar mid-p test gives p = 0.500, Holm p = 0.500): strict mode fails it',
      title: 'evalgate: rules_pass failed the gate',
    },
  },
  {
    // the demo's case: an interval entirely below 0 is noise only because of Holm's correction, and says so
    failure: { kind: 'max_drop', metric: 'completeness_norm', baseline: 0.648, candidate: 0.572, value: 0.076, limit: 0.02, unit: 'score', noise: demoNoise },
    sentence:
      "completeness_norm: fell 0.076, more than max_drop 0.02; the data cannot tell it from noise (the 95% CI of Δ -0.152 to -0.015 excludes 0 and its permutation test gives p = 0.011 on 9 questions worse / 3 better, but not after Holm's correction across the metrics that changed: Holm p = 0.152): strict mode fails it",
    markdown:
      "`completeness_norm`: fell 0.076, more than max\\_drop 0.02; the data cannot tell it from noise (the 95% CI of Δ -0.152 to -0.015 excludes 0 and its permutation test gives p = 0.011 on 9 questions worse / 3 better, but not after Holm's correction across the metrics that changed: Holm p = 0.152): strict mode fails it",
    annotation: {
      message:
        "completeness_norm: fell 0.076, more than max_drop 0.02; the data cannot tell it from noise (the 95% CI of Δ -0.152 to -0.015 excludes 0 and its permutation test gives p = 0.011 on 9 questions worse / 3 better, but not after Holm's correction across the metrics that changed: Holm p = 0.152): strict mode fails it",
      title: 'evalgate: completeness_norm failed the gate',
    },
  },
  {
    // a file written before the reason was recorded: the same rule, applied to its numbers
    failure: { kind: 'max_drop', metric: 'accuracy_norm', baseline: 1, candidate: 0.25, value: 0.75, limit: 0.02, unit: 'score', noise: smallNoise },
    sentence:
      'accuracy_norm: fell 0.750, more than max_drop 0.02; the data cannot tell it from noise (the 95% CI of Δ -0.750 to -0.750 excludes 0, but its paired test does not on 3 questions worse / 0 better: p = 0.250): strict mode fails it',
    markdown:
      '`accuracy_norm`: fell 0.750, more than max\\_drop 0.02; the data cannot tell it from noise (the 95% CI of Δ -0.750 to -0.750 excludes 0, but its paired test does not on 3 questions worse / 0 better: p = 0.250): strict mode fails it',
    annotation: {
      message:
        'accuracy_norm: fell 0.750, more than max_drop 0.02; the data cannot tell it from noise (the 95% CI of Δ -0.750 to -0.750 excludes 0, but its paired test does not on 3 questions worse / 0 better: p = 0.250): strict mode fails it',
      title: 'evalgate: accuracy_norm failed the gate',
    },
  },
  {
    failure: { kind: 'max_drop', metric: 'accuracy_norm', baseline: 0.88, candidate: 0.75, value: 0.13, limit: 0.02, unit: 'score', noise: null },
    sentence: 'accuracy_norm: fell 0.130, more than max_drop 0.02',
    markdown: '`accuracy_norm`: fell 0.130, more than max\\_drop 0.02',
    annotation: { message: 'accuracy_norm: fell 0.130, more than max_drop 0.02', title: 'evalgate: accuracy_norm failed the gate' },
  },
  {
    // a results.json written before the gate held percentiles: the mean's rise
    failure: { kind: 'latency', metric: 'latency_ms', baseline: 1000, candidate: 1600, value: 0.6, limit: 0.5, unit: 'fraction', noise: null, percentile: null, min_ms: null },
    sentence: 'latency_ms: rose 60.0%, more than the allowed 50.0%',
    markdown: '`latency_ms`: rose 60.0%, more than the allowed 50.0%',
    annotation: { message: 'latency_ms: rose 60.0%, more than the allowed 50.0%', title: 'evalgate: latency_ms failed the gate' },
  },
  {
    failure: { kind: 'latency', metric: 'latency_ms', baseline: 30, candidate: 300, value: 9, limit: 0.5, unit: 'fraction', noise: null, percentile: 'p95', min_ms: 50 },
    sentence: 'latency_ms: p95 rose from 30 to 300 ms (+270 ms, +900.0%), more than latency_rise 50.0% and latency_min_ms 50 ms',
    markdown: '`latency_ms`: p95 rose from 30 to 300 ms (+270 ms, +900.0%), more than latency\\_rise 50.0% and latency\\_min\\_ms 50 ms',
    annotation: {
      message: 'latency_ms: p95 rose from 30 to 300 ms (+270 ms, +900.0%), more than latency_rise 50.0% and latency_min_ms 50 ms',
      title: 'evalgate: latency_ms failed the gate',
    },
  },
  {
    failure: { kind: 'significant', metric: 'recall@5', baseline: 0.9, candidate: 0.75, value: 0.15, limit: 0.05, unit: 'score', evidence: { ...noise, p_holm: 0.001 } },
    sentence: 'recall@5: fell 0.150, more than max_drop 0.05',
    markdown: '`recall@5`: fell 0.150, more than max\\_drop 0.05',
    annotation: { message: 'recall@5: fell 0.150, more than max_drop 0.05', title: 'evalgate: recall@5 failed the gate' },
  },
  {
    failure: { kind: 'significant', metric: 'latency_ms', baseline: 1000, candidate: 2000, value: 1, limit: 0.5, unit: 'fraction', evidence: noise },
    sentence: 'latency_ms: rose 100.0%, more than the allowed 50.0%',
    markdown: '`latency_ms`: rose 100.0%, more than the allowed 50.0%',
    annotation: { message: 'latency_ms: rose 100.0%, more than the allowed 50.0%', title: 'evalgate: latency_ms failed the gate' },
  },
  {
    failure: { kind: 'threshold', metric: 'faithfulness', value: 0.8, limit: 0.85, unit: 'score', bound: 'floor' },
    sentence: 'faithfulness: 0.800 is below the threshold 0.85',
    markdown: '`faithfulness`: 0.800 is below the threshold 0.85',
    annotation: { message: 'faithfulness: 0.800 is below the threshold 0.85', title: 'evalgate: faithfulness failed the gate' },
  },
  {
    failure: { kind: 'threshold', metric: 'hallucination_rate', value: 0.2, limit: 0.1, unit: 'score', bound: 'ceiling' },
    sentence: 'hallucination_rate: 0.200 is above the threshold 0.1',
    markdown: '`hallucination_rate`: 0.200 is above the threshold 0.1',
    annotation: { message: 'hallucination_rate: 0.200 is above the threshold 0.1', title: 'evalgate: hallucination_rate failed the gate' },
  },
  {
    failure: { kind: 'threshold', metric: 'faithfulness', value: null, limit: 0.85, unit: 'score', bound: 'floor' },
    sentence: 'faithfulness: no value to check against the threshold 0.85',
    markdown: '`faithfulness`: no value to check against the threshold 0.85',
    annotation: { message: 'faithfulness: no value to check against the threshold 0.85', title: 'evalgate: faithfulness failed the gate' },
  },
  {
    failure: { kind: 'error_rate', metric: 'faithfulness', value: 0.2, limit: 0.1, unit: 'fraction', errors: 2, questions: 10 },
    sentence: 'faithfulness: 2 of 10 questions errored (20.0%), more than max_error_rate 10.0%',
    markdown: '`faithfulness`: 2 of 10 questions errored (20.0%), more than max\\_error\\_rate 10.0%',
    annotation: { message: 'faithfulness: 2 of 10 questions errored (20.0%), more than max_error_rate 10.0%', title: 'evalgate: faithfulness failed the gate' },
  },
  {
    failure: { kind: 'category_floor', category: '考勤加班', metric: 'accuracy_norm', value: 0.625, limit: 0.82, unit: 'score', bound: 'floor' },
    sentence: 'category 考勤加班: accuracy_norm 0.625 is below its floor 0.82',
    markdown: 'category 考勤加班: `accuracy_norm` 0.625 is below its floor 0.82',
    annotation: { message: 'category 考勤加班: accuracy_norm 0.625 is below its floor 0.82', title: 'evalgate: category floor' },
  },
  {
    failure: { kind: 'category_floor', category: 'pay', metric: 'rules_pass', value: null, limit: 0.5, unit: 'score', bound: 'floor' },
    sentence: 'category pay: rules_pass has no value to check against its floor 0.5',
    markdown: 'category pay: `rules_pass` has no value to check against its floor 0.5',
    annotation: { message: 'category pay: rules_pass has no value to check against its floor 0.5', title: 'evalgate: category floor' },
  },
  {
    failure: { kind: 'category_missing', category: '报销', metrics: ['accuracy_norm', 'faithfulness'] },
    sentence: 'category 报销: by_category sets floors for accuracy_norm, faithfulness, but no question has this category',
    markdown: 'category 报销: by\\_category sets floors for `accuracy_norm`, `faithfulness`, but no question has this category',
    annotation: { message: 'category 报销: by_category sets floors for accuracy_norm, faithfulness, but no question has this category', title: 'evalgate: category floor' },
  },
]

describe('renderers turn a gate failure into words', () => {
  for (const c of cases) {
    const name = `${c.failure.kind}${'metric' in c.failure ? ` ${c.failure.metric}` : ''}`
    it(`words ${name} for the terminal and the check`, () => assert.equal(failureSentence(c.failure), c.sentence))
    it(`words ${name} for Markdown, escaped`, () => assert.equal(failureMarkdown(c.failure), c.markdown))
    it(`words ${name} for an annotation`, () => assert.deepEqual(annotation(c.failure), c.annotation))
  }
})

describe('nothing in src/ reads a failure back from its words', () => {
  const SRC = fileURLToPath(new URL('../../src/', import.meta.url))
  const files = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : name.endsWith('.ts') ? [join(dir, name)] : []))

  it('has no string search on a failure or a reason (they are data, or words only on the way out)', () => {
    const offending: string[] = []
    for (const file of files(SRC)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          // string literals are not identifiers: `c !== 'reason'` names a column, it does not read one
          const code = line.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, "''")
          if (
            /\b(failures?|reasons?|failureSentence|failureDetail|failureMarkdown|annotation)\b/i.test(code) &&
            /\.(includes|startsWith|endsWith|match|matchAll|search|indexOf|split|replace)\(|\.test\(/.test(code)
          ) {
            offending.push(`${file.slice(SRC.length)}:${i + 1}: ${line.trim()}`)
          }
        })
    }
    assert.deepEqual(offending, [])
  })
})
