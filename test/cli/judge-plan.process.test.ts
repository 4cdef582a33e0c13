/**
 * The judge plan before anything is paid (issue 10.8): stated before the candidate runs,
 * --plan-only (no candidate, no judge request, no preflight), --budget-calls / --budget-usd
 * over evalgate.yml's budget, and a token estimate within ±25% of what the fake reports.
 */
import { after, afterEach, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { FakeOpenAI } from '../../fakes/openai-server.ts'
import { installSimulatedJudge, simulatedReply } from '../../fakes/sim-judge.ts'
import { ROOT } from '../helpers/cli-process.ts'
import { cleanupTempDirs, fixture, makeTempDir, readResults, runCli, sh, writeText } from './harness.ts'

const KEY_ENV = 'EVALGATE_PLAN_TEST_KEY'

let fake: FakeOpenAI
before(async () => {
  fake = installSimulatedJudge(await new FakeOpenAI().start())
  process.env[KEY_ENV] = 'sk-plan-not-a-real-key'
})
after(async () => {
  await fake.stop()
  delete process.env[KEY_ENV]
  cleanupTempDirs()
})
afterEach(() => {
  fake.reset()
  installSimulatedJudge(fake)
})

function judgeYml(extra = ''): string {
  return `judge:\n  provider: openai\n  base_url: ${fake.url}\n  model: judge-model\n  embeddings_model: embed-model\n  api_key_env: ${KEY_ENV}\n${extra}`
}

/** A run whose candidate leaves a marker file when it is ever started, and answers every question with contexts. */
function setup(yml: string) {
  const t = makeTempDir()
  const marker = t.path('candidate-started')
  const config = writeText(t.path('evalgate.yml'), `${judgeYml()}  cache_dir: ${t.path('cache')}\n${yml}`)
  const script = writeText(
    t.path('candidate.mjs'),
    [
      `import { writeFileSync } from 'node:fs'`,
      `writeFileSync(${JSON.stringify(marker)}, 'started')`,
      `let input = ''`,
      `process.stdin.on('data', (d) => (input += d)).on('end', () => {`,
      `  for (const line of input.split('\\n').filter(Boolean)) {`,
      `    const { id, question } = JSON.parse(line)`,
      `    console.log(JSON.stringify({ id, answer: question + '的答案[文档1]。', contexts: ['答案在这里。', question], retrieved_ids: ['D1'] }))`,
      `  }`,
      `})`,
    ].join('\n'),
  )
  const argv = ['run', '--config', config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--candidate-cmd', `node ${sh(script)}`]
  return { ...t, marker, argv }
}

const requests = () => fake.requests.length + fake.preflights.length
const wellFormedTokens = (stderr: string, when: RegExp) => {
  const line = stderr.split('\n').find((l) => when.test(l)) ?? ''
  return Number(/if every reply is well-formed \(~([\d,]+) tokens/.exec(line)?.[1]?.replace(/,/g, '') ?? NaN)
}
const upToCalls = (stderr: string, when: RegExp) => {
  const line = stderr.split('\n').find((l) => when.test(l)) ?? ''
  const m = /up to (\d+) chat \+ (\d+) embedding calls/.exec(line)
  return m ? Number(m[1]) + Number(m[2]) : NaN
}
const BEFORE = /judge plan before the candidate runs \(an estimate/
const FROM_ANSWERS = /^judge plan: /

describe('the judge plan before the candidate runs', () => {
  it('is printed before the candidate starts, as an upper bound of the calls the run makes', async () => {
    const s = setup('')
    const r = await runCli([...s.argv, '--out', join(s.dir, 'results.json')])
    assert.equal(r.code, 0, r.stderr)
    const before = r.stderr.search(BEFORE)
    const after = r.stderr.search(/judge plan: /)
    assert.ok(before >= 0 && after > before, `the estimate comes first, the plan from the answers after it:\n${r.stderr}`)
    assert.match(r.stderr, /the answers do not exist yet; every question is counted as answered with contexts, an upper bound of the calls/)
    const usage = readResults(join(s.dir, 'results.json')).run.usage
    assert.ok(upToCalls(r.stderr, BEFORE) >= usage.llm_calls + usage.embedding_calls)
    assert.match(r.stderr, /cache .* answers 0 of them/)
  })

  it('prices the plan when judge.prices is set', async () => {
    const s = setup('')
    writeText(join(s.dir, 'evalgate.yml'), `${judgeYml('  prices: { prompt_per_million: 2.5, completion_per_million: 10, embedding_per_million: 0.02 }\n')}  cache: false\n`)
    const r = await runCli([...s.argv, '--plan-only'])
    assert.equal(r.code, 0, r.stderr)
    const line = r.stderr.split('\n').find((l) => BEFORE.test(l))!
    assert.match(line, /tokens ≈ \$\d+\.\d{4}\) at concurrency/)
    assert.match(line, /if every reply is well-formed \(~[\d,]+ tokens ≈ \$\d+\.\d{4}, at 4 characters a token\)/)
  })
})

describe('--plan-only', () => {
  it('prints the plan and exits 0 without the candidate, the judge or the preflight: no request at all', async () => {
    const s = setup('')
    const r = await runCli([...s.argv, '--plan-only'])
    assert.equal(r.code, 0, r.stderr)
    assert.match(r.stderr, BEFORE)
    assert.equal(existsSync(s.marker), false, 'the candidate never started')
    assert.equal(requests(), 0, 'no HTTP request reached the judge endpoint')
    assert.equal(existsSync(join(s.dir, 'results.json')), false)
  })

  it('with stored answers (a predictions file) states the exact plan and what the cache already answers', async () => {
    const t = makeTempDir()
    const config = writeText(t.path('evalgate.yml'), `${judgeYml()}  cache_dir: ${t.path('cache')}\n`)
    const argv = ['run', '--config', config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--predictions', fixture('good.jsonl')]
    const first = await runCli([...argv, '--plan-only'])
    assert.equal(first.code, 0, first.stderr)
    assert.match(first.stderr, /^judge plan: .*answers 0 of them/m)
    assert.equal(requests(), 0)
    const scored = await runCli([...argv, '--out', t.path('results.json')])
    assert.equal(scored.code, 0, scored.stderr)
    const usage = readResults(t.path('results.json')).run.usage
    const made = usage.llm_calls + usage.embedding_calls
    assert.ok(made > 0)
    fake.reset()
    installSimulatedJudge(fake)
    const again = await runCli([...argv, '--plan-only'])
    assert.equal(again.code, 0, again.stderr)
    assert.match(again.stderr, new RegExp(`^judge plan: .*answers ${made} of them`, 'm'))
    assert.equal(requests(), 0)
  })

  it('says there are no judge calls for an offline judge', async () => {
    const t = makeTempDir()
    const r = await runCli(['run', '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--predictions', fixture('good.jsonl'), '--judge', 'lexical', '--plan-only'])
    assert.equal(r.code, 0, r.stderr)
    assert.match(r.stderr, /judge plan: no judge calls \(judge lexical/)
    assert.equal(existsSync(t.path('results.json')), false)
  })
})

describe('--budget-calls and --budget-usd', () => {
  it('--budget-calls overrides budget.calls and stops before the candidate runs, with no request', async () => {
    const s = setup('budget:\n  calls: 100000\n')
    const r = await runCli([...s.argv, '--budget-calls', '5'])
    assert.equal(r.code, 2, r.stderr)
    assert.match(r.stderr, /even if every reply is well-formed, over budget\.calls 5; no call was made and the candidate was not run/)
    assert.match(r.stderr, /--budget-calls/)
    assert.equal(existsSync(s.marker), false, 'the candidate never started')
    assert.equal(requests(), 0)
  })

  it('--budget-usd without judge.prices is exit 2 naming the setting and the fix, before anything runs', async () => {
    const s = setup('')
    const r = await runCli([...s.argv, '--budget-usd', '1'])
    assert.equal(r.code, 2, r.stderr)
    assert.match(r.stderr, /budget\.usd \(--budget-usd, Action input budget-usd\) is 1 but judge\.prices is not set/)
    assert.match(r.stderr, /fix: set judge\.prices in evalgate\.yml/)
    assert.equal(existsSync(s.marker), false)
    assert.equal(requests(), 0)
  })

  it('--budget-usd over the priced plan stops before the candidate runs; under it the run goes', async () => {
    const s = setup('')
    writeText(join(s.dir, 'evalgate.yml'), `${judgeYml('  prices: { prompt_per_million: 1000, completion_per_million: 1000 }\n')}  cache: false\n`)
    const stopped = await runCli([...s.argv, '--budget-usd', '0.01'])
    assert.equal(stopped.code, 2, stopped.stderr)
    assert.match(stopped.stderr, /the judge plan costs about \$\d+\.\d{4} \(estimated before the answers exist\) at judge\.prices even if every reply is well-formed, over budget\.usd 0\.01/)
    assert.equal(existsSync(s.marker), false)
    assert.equal(requests(), 0)
    const ran = await runCli([...s.argv, '--budget-usd', '1000', '--out', join(s.dir, 'results.json')])
    assert.equal(ran.code, 0, ran.stderr)
    assert.ok(readResults(join(s.dir, 'results.json')).run.usage.cost_usd! > 0)
  })

  it('budget.usd stops the calls while the run goes once the reported tokens cost it', async () => {
    const s = setup('')
    writeText(join(s.dir, 'evalgate.yml'), `${judgeYml('  prices: { prompt_per_million: 1000, completion_per_million: 1000 }\n')}  cache: false\n`)
    const plan = await runCli([...s.argv, '--plan-only'])
    const estimate = Number(/if every reply is well-formed \(~[\d,]+ tokens ≈ \$([\d.]+)/.exec(plan.stderr)?.[1])
    assert.ok(estimate > 0, plan.stderr)
    // the plan fits the budget, but every reply is padded with 40,000 characters: 10,000 more tokens ($10) per call
    fake.onChat((call) => simulatedReply(call) + ' '.repeat(40_000))
    // as the run prints it: 41.7, not 41.70
    const budget = String(Number((estimate * 1.5).toFixed(2)))
    const r = await runCli([...s.argv, '--budget-usd', budget, '--out', join(s.dir, 'results.json')])
    assert.match(r.stderr, new RegExp(`budget spent: \\d+ judge calls? (was|were) not made \\(budget\\.usd ${budget.replace('.', '\\.')}\\)`))
    const results = readResults(join(s.dir, 'results.json'))
    const errors = Object.values(results.questions).flatMap((q) => Object.values(q.errors))
    assert.ok(errors.some((e) => e.includes(`budget spent (budget.usd ${budget})`)))
    // calls already let through finish past it (as with budget.tokens); the calls after them are not made
    assert.ok(results.run.usage.cost_usd! > Number(budget))
  })
})

describe('the token estimate', () => {
  it('lies within ±25% of the tokens the fake reports for examples/hr-kb answered by its RAG', async () => {
    const t = makeTempDir()
    const config = writeText(t.path('evalgate.yml'), `${judgeYml()}  cache: false\n`)
    const rag = [process.execPath, '--import', 'tsx', join(ROOT, 'examples', 'hr-kb', 'rag.ts'), '--chunking', 'heading'].map(sh).join(' ')
    const out = t.path('results.json')
    const r = await runCli(['run', '--config', config, '--eval-set', join(ROOT, 'examples', 'hr-kb', 'eval_set_v1.csv'), '--eval-set-version', 'v1', '--candidate-cmd', rag, '--out', out])
    assert.equal(r.code, 0, r.stderr)
    const usage = readResults(out).run.usage
    const spent = usage.prompt_tokens + usage.completion_tokens
    const estimated = wellFormedTokens(r.stderr, FROM_ANSWERS)
    const ratio = estimated / spent
    assert.ok(ratio >= 0.75 && ratio <= 1.25, `estimated ${estimated}, spent ${spent}, ratio ${ratio.toFixed(2)}`)
    assert.ok(upToCalls(r.stderr, BEFORE) >= usage.llm_calls + usage.embedding_calls, 'the estimate before the candidate is still an upper bound of the calls')
  })
})
