import assert from 'node:assert/strict'
import { existsSync, writeFileSync } from 'node:fs'
import { after, describe, it } from 'node:test'
import { cleanupTempDirs, fixture, makeTempDir, runCli, sh, writeJson, writeText, type CliRun } from './harness.ts'

after(cleanupTempDirs)

const GOOD_EVAL_SET = 'id,question,category\nq1,年假有几天？,leave\nq2,病假需要什么材料？,leave\n'

interface Setup {
  dir: string
  config: string
  path: (name: string) => string
  /** a candidate command that leaves MARKER behind when it is ever started */
  candidate: string
  marker: string
}

interface BadInputCase {
  name: string
  /** writes the files and returns the argv */
  argv: (s: Setup) => string[]
  /** every pattern must match the one error message */
  expect: (s: Setup) => (string | RegExp)[]
  /** files that must not exist afterwards (results, report) */
  notWritten?: (s: Setup) => string[]
}

function writeBytes(file: string, bytes: Buffer): string {
  writeFileSync(file, bytes)
  return file
}

function setup(): Setup {
  const t = makeTempDir()
  const marker = t.path('MARKER')
  return { ...t, marker, candidate: `touch ${sh(marker)}; cat >/dev/null` }
}

/** `run` with a valid eval set and the marker candidate, plus extra flags. */
function runArgs(s: Setup, extra: string[], evalSet = writeText(s.path('eval.csv'), GOOD_EVAL_SET)): string[] {
  return ['run', '--config', s.config, '--eval-set', evalSet, '--eval-set-version', 'v1', '--candidate-cmd', s.candidate, ...extra]
}

const cases: BadInputCase[] = [
  {
    name: 'an eval set without the required question column',
    argv: (s) => runArgs(s, [], writeText(s.path('missing.csv'), 'id,ground_truth\nq1,5天\n')),
    expect: (s) => [`${s.path('missing.csv')}:1`, /missing required column "question"/, /header has: id, ground_truth/],
  },
  {
    name: 'a duplicate id, naming both lines',
    argv: (s) => runArgs(s, [], writeText(s.path('dup.csv'), 'id,question\nq1,年假有几天？\nq2,病假？\nq1,婚假有几天？\n')),
    expect: (s) => [`${s.path('dup.csv')}:4: column "id"`, /duplicate id "q1"/, /line 2\b/],
  },
  {
    name: 'an empty question',
    argv: (s) => runArgs(s, [], writeText(s.path('empty.csv'), 'id,question\nq1,年假有几天？\nq2,   \n')),
    expect: (s) => [`${s.path('empty.csv')}:3: column "question"`, /empty/],
  },
  {
    name: 'an unparseable line in a .jsonl eval set',
    argv: (s) => runArgs(s, [], writeText(s.path('eval.jsonl'), '{"id":"q1","question":"年假有几天？"}\n\n{"id":"q2","question":"病假？"\n{"id":"q3","question":"婚假？"}\n')),
    expect: (s) => [`${s.path('eval.jsonl')}:3:`, /not valid JSON/],
  },
  {
    name: 'a .jsonl eval set line without a question key',
    argv: (s) => runArgs(s, [], writeText(s.path('nokey.jsonl'), '{"id":"q1","question":"年假有几天？"}\n{"id":"q2","ground_truth":"3天"}\n')),
    expect: (s) => [`${s.path('nokey.jsonl')}:2: column "question"`],
  },
  {
    name: 'a GBK eval set (as Excel saves "CSV" on Chinese Windows), naming the first bad byte',
    argv: (s) => runArgs(s, [], writeBytes(s.path('gbk.csv'), Buffer.concat([Buffer.from('id,question\nq1,'), Buffer.from([0xc4, 0xea, 0xbc, 0xd9]), Buffer.from('\n')]))),
    expect: (s) => [`${s.path('gbk.csv')}:2: not valid UTF-8: byte 0xC4 at byte offset 15`, /fix: save the file as UTF-8/],
  },
  {
    name: 'a UTF-16 predictions file',
    argv: (s) => [
      'run',
      '--config',
      s.config,
      '--eval-set',
      writeText(s.path('eval.csv'), GOOD_EVAL_SET),
      '--eval-set-version',
      'v1',
      '--predictions',
      writeBytes(s.path('pred.jsonl'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"id":"q1","answer":"5天[文档1]"}\n', 'utf16le')])),
      '--out',
      s.path('results.json'),
    ],
    expect: (s) => [s.path('pred.jsonl'), /not UTF-8: it is UTF-16/, /fix: save the file as UTF-8/],
    notWritten: (s) => [s.path('results.json')],
  },
  {
    name: 'an eval-set column relevant_docs (a typo of relevant_doc_ids that would drop the retrieval metrics)',
    argv: (s) => runArgs(s, [], writeText(s.path('typo.csv'), 'id,question,relevant_docs\nq1,年假有几天？,D1\nq2,病假需要什么材料？,D2\n')),
    expect: (s) => [`${s.path('typo.csv')}:1: column "relevant_docs": unknown column; did you mean "relevant_doc_ids"?`, /fix: rename the column to relevant_doc_ids/],
  },
  {
    name: 'should_refuse = maybe',
    argv: (s) => runArgs(s, [], writeText(s.path('maybe.csv'), 'id,question,should_refuse\nq1,年假有几天？,false\nq2,明天股价多少？,maybe\n')),
    expect: (s) => [`${s.path('maybe.csv')}:3: column "should_refuse"`, /"maybe"/, /true|false/],
  },
  {
    name: 'a predictions file with an output for an id the eval set does not have',
    argv: (s) => [
      'run',
      '--config',
      s.config,
      '--eval-set',
      writeText(s.path('eval.csv'), GOOD_EVAL_SET),
      '--eval-set-version',
      'v1',
      '--predictions',
      writeText(s.path('pred.jsonl'), '{"id":"q1","answer":"5天[文档1]"}\n{"id":"q9","answer":"不知道"}\n'),
      '--out',
      s.path('results.json'),
      '--report',
      s.path('report.md'),
    ],
    expect: (s) => [`${s.path('pred.jsonl')}:2: column "id"`, /unknown id "q9"/],
    notWritten: (s) => [s.path('results.json'), s.path('report.md')],
  },
  {
    name: 'a predictions file answering in a response field (it would be scored as empty answers)',
    argv: (s) => [
      'run',
      '--config',
      s.config,
      '--eval-set',
      writeText(s.path('eval.csv'), GOOD_EVAL_SET),
      '--eval-set-version',
      'v1',
      '--predictions',
      writeText(s.path('pred.jsonl'), '{"id":"q1","response":"5天[文档1]"}\n{"id":"q2","response":"诊断证明[文档1]"}\n'),
      '--out',
      s.path('results.json'),
    ],
    expect: (s) => [`${s.path('pred.jsonl')}:1: column "response": unknown field; did you mean "answer"?`, /fix: name it answer/],
    notWritten: (s) => [s.path('results.json')],
  },
  {
    name: 'evalgate.yml thresholds naming an unknown metric',
    argv: (s) => {
      const config = writeText(s.path('evalgate.yml'), 'gate:\n  thresholds:\n    faithfulnes: 0.8\n')
      return ['run', '--config', config, '--eval-set', writeText(s.path('eval.csv'), GOOD_EVAL_SET), '--eval-set-version', 'v1', '--candidate-cmd', s.candidate]
    },
    expect: (s) => [s.path('evalgate.yml'), /thresholds/, /"faithfulnes"/, /fix: .*\bfaithfulness\b/],
  },
  {
    name: "a baseline.json's thresholds naming an unknown metric",
    argv: (s) => runArgs(s, ['--baseline', writeJson(s.path('baseline.json'), { version: 'v2', eval_set_version: 'v1', metrics: { rules_pass: 0.9 }, thresholds: { faithfulnes: 0.8 } })]),
    expect: (s) => [s.path('baseline.json'), /thresholds/, /"faithfulnes"/, /fix: .*\bfaithfulness\b/],
  },
  {
    name: 'evalgate.yml thresholds on recall@10 when k is [3, 5] (a metric this run never computes)',
    argv: (s) => {
      const config = writeText(s.path('evalgate.yml'), 'k: [3, 5]\ngate:\n  thresholds:\n    recall@10: 0.8\n')
      const evalSet = writeText(s.path('eval.csv'), 'id,question,relevant_doc_ids\nq1,年假有几天？,D1\nq2,病假需要什么材料？,D2|D3\n')
      return ['run', '--config', config, '--eval-set', evalSet, '--eval-set-version', 'v1', '--candidate-cmd', s.candidate]
    },
    expect: (s) => [`${s.path('evalgate.yml')}: gate.thresholds.recall@10: this run does not compute recall@10`, /k is \[3, 5\]/, /fix: remove the setting, .*this run computes .*recall@5/],
  },
  {
    name: "a baseline.json's category floor on an LLM metric with the lexical judge",
    argv: (s) =>
      runArgs(s, ['--baseline', writeJson(s.path('baseline.json'), { version: 'v2', eval_set_version: 'v1', metrics: { rules_pass: 0.9 }, by_category: { leave: { accuracy_norm: 0.7 } } })]),
    expect: (s) => [`${s.path('baseline.json')}: by_category.leave.accuracy_norm: this run does not compute accuracy_norm`, /judge\.provider is lexical/, /fix: remove the setting/],
  },
  {
    name: 'evalgate.yml max_drop 5 (a drop no score can make: every drop would pass)',
    argv: (s) => runArgs({ ...s, config: writeText(s.path('evalgate.yml'), 'gate:\n  max_drop: 5\n') }, []),
    // located where the file gives it: line 2, column 13
    expect: (s) => [`${s.path('evalgate.yml')}:2:13: setting "gate.max_drop": must be between 0 and 1: it is a drop on the 0-1 score scale`],
  },
  {
    name: 'evalgate.yml max_drop_overrides of 2 on a score metric',
    argv: (s) => runArgs({ ...s, config: writeText(s.path('evalgate.yml'), 'gate:\n  max_drop_overrides:\n    rules_pass: 2\n') }, []),
    expect: (s) => [`${s.path('evalgate.yml')} + flags: max_drop_overrides.rules_pass is 2`, /fix: write the drop as a fraction of the scale/],
  },
  {
    name: "a baseline.json's max_drop above 1",
    argv: (s) => runArgs(s, ['--baseline', writeJson(s.path('baseline.json'), { version: 'v2', eval_set_version: 'v1', metrics: { rules_pass: 0.9 }, max_drop: 1.5 })]),
    expect: (s) => [`${s.path('baseline.json')}: not a valid baseline: field "max_drop": must be between 0 and 1`],
  },
  {
    name: 'a --max-drop of 5 (percent meant as a fraction)',
    argv: (s) => runArgs(s, ['--max-drop', '5']),
    // named by the flag that gives it
    expect: () => [/evalgate run: --max-drop: setting "gate\.max_drop": must be between 0 and 1/],
  },
  {
    name: 'evalgate.yml eval_set_version: 1.10 (YAML would read the label as 1.1)',
    argv: (s) => {
      const config = writeText(s.path('evalgate.yml'), `eval_set: ${JSON.stringify(writeText(s.path('eval.csv'), GOOD_EVAL_SET))}\neval_set_version: 1.10\n`)
      return ['run', '--config', config, '--candidate-cmd', s.candidate]
    },
    expect: (s) => [`${s.path('evalgate.yml')}:2:19: eval_set_version: 1.10 is a number to YAML (it reads as 1.1)`, 'fix: quote it: eval_set_version: "1.10"'],
  },
  {
    name: 'evalgate.yml with a typo in a nested key (judge.provder): "did you mean" the key of that level',
    argv: (s) => runArgs({ ...s, config: writeText(s.path('evalgate.yml'), 'judge:\n  provder: lexical\n') }, []),
    expect: (s) => [
      `${s.path('evalgate.yml')}:2:12: setting "judge.provder": unknown setting; did you mean "judge.provider"?`,
      /fix: rename it to provider \(known settings under judge: provider, base_url, /,
    ],
  },
  {
    name: 'evalgate.yml with a typo two levels down (gate.thresholds is free-form, candidate.timeout_mss is not)',
    argv: (s) => runArgs({ ...s, config: writeText(s.path('evalgate.yml'), 'candidate:\n  timeout_mss: 1000\n') }, []),
    expect: () => [/setting "candidate.timeout_mss": unknown setting; did you mean "candidate.timeout_ms"\?/],
  },
  {
    name: 'evalgate.yml k: 3,5 (one piece of text to YAML): the list it was meant to be',
    argv: (s) => runArgs({ ...s, config: writeText(s.path('evalgate.yml'), 'k: 3,5\n') }, []),
    expect: (s) => [`${s.path('evalgate.yml')}:1:4: setting "k"`, 'fix: write a YAML list: k: [3, 5]'],
  },
  {
    name: 'evalgate.yml rules.forbidden as comma-separated text: the list, quoted where YAML needs it',
    argv: (s) => runArgs({ ...s, config: writeText(s.path('evalgate.yml'), "rules:\n  forbidden: Monday.com, can't say\n") }, []),
    expect: () => [/setting "rules.forbidden"/, `fix: write a YAML list: forbidden: [Monday.com, "can't say"]`],
  },
  {
    name: 'a truncated baseline.json',
    argv: (s) => runArgs(s, ['--baseline', writeText(s.path('baseline.json'), '{"version": "v2", "eval_set_version": "v1", "metr')]),
    expect: (s) => [s.path('baseline.json'), /not valid JSON/, /position \d+|:\d+:\d+|line \d+/],
  },
  {
    name: 'an unknown flag',
    argv: (s) => runArgs(s, ['--max-dorp', '0.1']),
    expect: () => [/--max-dorp/, /fix: .*--help/],
  },
  {
    name: 'a mistyped flag, with the flag it was probably meant to be',
    argv: (s) => runArgs(s, ['--max_dorp', '0.1', '--eval-sett=x.csv']),
    expect: () => ['evalgate run: unknown option --max_dorp; did you mean --max-drop?', 'fix: write --max-drop; see "evalgate run --help"'],
  },
  {
    name: 'a missing --eval-set-version',
    argv: (s) => ['run', '--config', s.config, '--eval-set', writeText(s.path('eval.csv'), GOOD_EVAL_SET), '--candidate-cmd', s.candidate],
    expect: () => [/eval_set_version/, /fix: .*--eval-set-version/],
  },
  {
    name: 'an unknown --judge provider, naming the choices',
    argv: (s) => runArgs(s, ['--judge', 'gpt']),
    expect: () => [/--judge expects lexical, openai, azure, anthropic or none, got "gpt"/, /fix: lexical: offline/],
  },
  {
    name: 'an LLM judge without its model',
    argv: (s) => runArgs(s, ['--judge', 'openai']),
    expect: () => [/judge\.provider is openai but no judge\.model is set/, /fix: set judge\.model/],
  },
  {
    name: 'an Azure judge without its api_version',
    argv: (s) => runArgs(s, ['--judge', 'azure', '--judge-model', 'judge-deploy', '--embeddings-model', 'embed-deploy', '--judge-base-url', 'https://res.openai.azure.com']),
    expect: () => [/judge\.provider is azure but no judge\.api_version is set/, /fix: set judge\.api_version \(flag --judge-api-version, Action input judge-api-version\)/],
  },
  {
    name: 'an Azure judge without its resource endpoint (judge.base_url has no default for azure)',
    argv: (s) => runArgs(s, ['--judge', 'azure', '--judge-model', 'judge-deploy', '--embeddings-model', 'embed-deploy', '--judge-api-version', '2024-10-21']),
    expect: () => [/judge\.provider is azure but no judge\.base_url is set/, /fix: set judge\.base_url .* to your resource endpoint/],
  },
  {
    name: 'an api_version for a judge that is not azure',
    argv: (s) => runArgs(s, ['--judge', 'openai', '--judge-model', 'm', '--embeddings-model', 'e', '--judge-api-version', '2024-10-21']),
    expect: () => [/judge\.api_version is set \(2024-10-21\) but judge\.provider is openai/, /fix: set judge\.provider: azure/],
  },
  {
    name: 'a judge temperature outside 0..2',
    argv: (s) => {
      writeText(s.config, 'judge:\n  provider: openai\n  model: m\n  embeddings_model: e\n  temperature: 3\n')
      return runArgs(s, [])
    },
    expect: (s) => [`${s.config}:5:16: judge.temperature is 3, outside 0..2`, /fix: set judge\.temperature to a number from 0 to 2, or default/],
  },
  {
    name: 'a judge header naming an unset environment variable',
    argv: (s) => {
      writeText(s.config, 'judge:\n  provider: openai\n  base_url: http://127.0.0.1:9/v1\n  model: m\n  embeddings_model: e\n  headers:\n    X-Gateway-Key: "${EVALGATE_TEST_UNSET_HEADER}"\n')
      return runArgs(s, [])
    },
    expect: () => [/judge\.headers\.X-Gateway-Key: environment variable EVALGATE_TEST_UNSET_HEADER is not set/, /fix: set EVALGATE_TEST_UNSET_HEADER/],
  },
  {
    name: 'two candidates at once',
    argv: (s) => runArgs(s, ['--predictions', writeText(s.path('pred.jsonl'), '')]),
    expect: () => [/more than one candidate given \(predictions, command\)/, /fix: use exactly one of/],
  },
  {
    name: 'evalgate.yml forbidding a refusal phrase',
    argv: (s) => runArgs({ ...s, config: writeText(s.path('evalgate.yml'), 'rules:\n  forbidden: ["不知道"]\n') }, []),
    expect: (s) => [`${s.path('evalgate.yml')}:2:14: rules.forbidden lists "不知道"`, /fix: a correct refusal must never count as a forbidden word/],
  },
  {
    name: 'a non-numeric --max-drop',
    argv: (s) => runArgs(s, ['--max-drop', 'two percent']),
    expect: () => [/--max-drop/, /"two percent"/],
  },
]

function assertOneCleanError(result: CliRun): void {
  assert.equal(result.code, 2, `exit code; stderr:\n${result.stderr}`)
  const messages = result.stderr.split('\n').filter((line) => /^evalgate\b/.test(line))
  assert.equal(messages.length, 1, `exactly one error message, got:\n${result.stderr}`)
  assert.match(result.stderr, /^evalgate run: /, 'the message names the command')
  assert.equal(result.stderr.match(/\bfix: \S/g)?.length, 1, `one "fix:" hint, got:\n${result.stderr}`)
  assert.doesNotMatch(result.stderr, /^ {4}at /m, 'no stack trace')
  assert.doesNotMatch(result.stderr, /internal error|warning:/, 'no other output on stderr')
}

describe('run rejects bad input before the candidate is called (exit 2, one located error with a fix)', () => {
  for (const c of cases) {
    it(`rejects ${c.name}`, async () => {
      const s = setup()
      const result = await runCli(c.argv(s))
      assertOneCleanError(result)
      for (const pattern of c.expect(s)) {
        if (typeof pattern === 'string') assert.ok(result.stderr.includes(pattern), `stderr should contain ${JSON.stringify(pattern)}:\n${result.stderr}`)
        else assert.match(result.stderr, pattern)
      }
      assert.equal(existsSync(s.marker), false, 'the candidate command must never start')
      for (const file of c.notWritten?.(s) ?? []) assert.equal(existsSync(file), false, `${file} must not be written`)
    })
  }

  it('starts the marker candidate on valid input (so the marker check above can fail)', async () => {
    const s = setup()
    const result = await runCli(runArgs(s, ['--out', s.path('results.json')]))
    assert.equal(existsSync(s.marker), true, `the candidate ran; stderr:\n${result.stderr}`)
    // it answered nothing: two unanswered questions out of two fail the error-rate gate
    assert.equal(result.code, 1)
  })
})

describe('usage', () => {
  it('rejects an unknown command with exit 2 and the command list', async () => {
    const result = await runCli(['rn', '--eval-set', 'x.csv'])
    assert.equal(result.code, 2)
    assert.match(result.stderr, /unknown command "rn"/)
    assert.match(result.stderr, /run +score a candidate/)
  })

  it('names the command a mistyped one was probably meant to be', async () => {
    const result = await runCli(['compre', '--baseline', 'b.json'])
    assert.equal(result.code, 2)
    assert.match(result.stderr, /^evalgate: unknown command "compre"; did you mean "compare"\?/)
    assert.doesNotMatch((await runCli(['rn'])).stderr, /did you mean/)
  })

  it('prints the usage with exit 2 when no command is given', async () => {
    const result = await runCli([])
    assert.equal(result.code, 2)
    assert.match(result.stdout, /Usage: evalgate <command>/)
  })

  it('rejects compare without --candidate with a hint', async () => {
    const s = setup()
    const result = await runCli(['compare', '--config', s.config, '--baseline', s.path('baseline.json')])
    assert.equal(result.code, 2)
    assert.match(result.stderr, /^evalgate compare: .*--candidate/)
    assert.match(result.stderr, /fix: e\.g\. evalgate compare --baseline/)
  })

  it('rejects compare against a truncated baseline, naming the file', async () => {
    const s = setup()
    const results = s.path('results.json')
    const run = await runCli(['run', '--config', s.config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--predictions', fixture('good.jsonl'), '--out', results])
    assert.equal(run.code, 0, run.stderr)
    const baseline = writeText(s.path('baseline.json'), '{"version": "v2", "eval_')
    const result = await runCli(['compare', '--config', s.config, '--baseline', baseline, '--candidate', results, '--out', s.path('compared.json')])
    assert.equal(result.code, 2)
    assert.ok(result.stderr.startsWith(`evalgate compare: ${baseline}:1:`), result.stderr)
    assert.match(result.stderr, /not valid JSON/)
    assert.match(result.stderr, /fix: /)
    assert.doesNotMatch(result.stderr, /^ {4}at /m)
    assert.equal(existsSync(s.path('compared.json')), false)
  })

  it('rejects an explicitly named config file that does not exist', async () => {
    const s = setup()
    const result = await runCli(runArgs({ ...s, config: s.path('nope.yml') }, []))
    assert.equal(result.code, 2)
    assert.ok(result.stderr.includes(`${s.path('nope.yml')}: config file not found`), result.stderr)
    assert.equal(existsSync(s.marker), false)
  })
})
