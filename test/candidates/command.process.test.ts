import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { setTimeout as sleep } from 'node:timers/promises'
import { after, describe, it } from 'node:test'
import { runCommandCandidate } from '../../src/candidates/command.ts'
import { GateError } from '../../src/io/errors.ts'
import { failureDetail, failureSentence, failuresOf } from '../../src/report/failures.ts'
import type { EvalRow } from '../../src/schemas/evalSet.ts'
import { makeRow as makeEvalRow } from '../metrics/factories.ts'
import { cleanupTempDirs, fixture, makeTempDir, nodeCommand, readResults, runCli, sh, writeText } from '../cli/harness.ts'

after(cleanupTempDirs)

const ECHO_CANDIDATE = fixture('echo-candidate.mjs')

function makeRow(id: string, question: string, extra: Record<string, unknown> = {}): EvalRow {
  return makeEvalRow({ id, question, extra })
}

const QUESTIONS: [string, string][] = [
  ['q01', '年假有几天？'],
  ['q02', '病假需要什么材料？'],
  ['q03', '加班费怎么计算？'],
  ['q04', '报销流程是什么？'],
  ['q05', '试用期多长？'],
  ['q06', '婚假有几天？'],
  ['q07', '产假有多少天？'],
  ['q08', '公积金缴纳比例是多少？'],
  ['q09', '离职需要提前多久申请？'],
  ['q10', '出差补贴标准是什么？'],
]
const ROWS = QUESTIONS.map(([id, q]) => makeRow(id, q))

/** A 10-question eval set, so that 1 unanswered question is exactly max_error_rate (10%). */
function writeEvalSet(path: string): string {
  return writeText(path, 'id,question,category\n' + QUESTIONS.map(([id, q]) => `${id},${q},hr`).join('\n') + '\n')
}

async function rejection(promise: Promise<unknown>): Promise<GateError> {
  try {
    await promise
  } catch (error) {
    assert.ok(error instanceof GateError, `expected a GateError, got ${String(error)}`)
    return error
  }
  assert.fail('expected the candidate to fail')
}

/** Alive and not a zombie (a killed child may stay a zombie until something reaps it). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z'
  } catch {
    return existsSync(`/proc/${pid}`)
  }
}

describe('runCommandCandidate', () => {
  it('sends one JSONL {id, question} line per question on stdin to a single process', async () => {
    const t = makeTempDir()
    const starts = t.path('starts.log')
    const outputs = await runCommandCandidate(ROWS, { env: process.env, command: `echo started >> ${sh(starts)}; ${nodeCommand(ECHO_CANDIDATE, '--raw')}`, timeoutMs: 10_000 })
    assert.equal(readFileSync(starts, 'utf8'), 'started\n', 'one process for the whole set')
    assert.deepEqual(
      [...outputs.keys()],
      QUESTIONS.map(([id]) => id),
    )
    for (const [id, question] of QUESTIONS) {
      assert.deepEqual(JSON.parse(outputs.get(id)!.answer), { id, question })
    }
  })

  it('passes unknown eval-set columns through to the candidate', async () => {
    const rows = [makeRow('q1', '年假有几天？', { department: '人事部', tenant: 7 })]
    const outputs = await runCommandCandidate(rows, { env: process.env, command: nodeCommand(ECHO_CANDIDATE, '--raw'), timeoutMs: 10_000 })
    assert.deepEqual(JSON.parse(outputs.get('q1')!.answer), { department: '人事部', tenant: 7, id: 'q1', question: '年假有几天？' })
  })

  it('keeps Chinese text intact in both directions, also across pipe chunk boundaries', async () => {
    // ~3000 answers of multi-byte text make stdout far larger than one 64 KiB pipe chunk
    const rows = Array.from({ length: 3000 }, (_, i) => makeRow(`q${i}`, `第${i}个问题：员工年假、病假和婚假各有几天？`))
    const outputs = await runCommandCandidate(rows, { env: process.env, command: nodeCommand(ECHO_CANDIDATE), timeoutMs: 20_000 })
    assert.equal(outputs.size, 3000)
    for (const row of rows) {
      const output = outputs.get(row.id)!
      assert.equal(output.answer, `关于「${row.question}」：请以制度文件为准[文档1]。`)
      assert.deepEqual(output.contexts, [`制度文件：${row.question}`])
    }
  })

  it('returns only the questions the candidate answered (the pipeline turns the rest into error rows)', async () => {
    const outputs = await runCommandCandidate(ROWS, { env: process.env, command: nodeCommand(ECHO_CANDIDATE, '--skip', 'q03,q07'), timeoutMs: 10_000 })
    assert.equal(outputs.size, 8)
    assert.equal(outputs.has('q03'), false)
    assert.equal(outputs.has('q07'), false)
  })

  it('runs the command in the given working directory', async () => {
    const t = makeTempDir()
    writeText(t.path('answers.jsonl'), '{"id":"q01","answer":"五天[文档1]"}\n')
    const outputs = await runCommandCandidate(ROWS, { env: process.env, command: 'cat >/dev/null; cat answers.jsonl', timeoutMs: 10_000, cwd: t.dir })
    assert.equal(outputs.get('q01')?.answer, '五天[文档1]')
  })

  it('copes with a command that exits without reading its input', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => makeRow(`q${i}`, `问题${i}：${'很长的问题文本'.repeat(20)}`))
    const outputs = await runCommandCandidate(rows, { env: process.env, command: `echo '{"id":"q0","answer":"好"}'`, timeoutMs: 10_000 })
    assert.deepEqual([...outputs.keys()], ['q0'])
  })

  it('fails with the exit code, and puts the end of stderr in the log, never in the message (which reaches the PR comment)', async () => {
    const logged: string[] = []
    const command = 'cat >/dev/null; printf "%s %s\\n" boom: "index missing" >&2; exit 3'
    const error = await rejection(runCommandCandidate(ROWS, { env: process.env, command, timeoutMs: 10_000, log: (m) => logged.push(m) }))
    assert.equal(error.code, 'candidate_failed')
    assert.match(error.message, /exit code 3/)
    assert.doesNotMatch(error.message, /boom: index missing/)
    assert.match(error.message, /its stderr \(last lines\) is in the log above this error/)
    assert.match(logged.join('\n'), /boom: index missing/)
    assert.ok(error.hint && error.hint.length > 0, 'gives a hint')
  })

  it('kills a command that runs past timeoutMs, with everything it started', async () => {
    const t = makeTempDir()
    const pidFile = t.path('sleep.pid')
    const started = performance.now()
    // the timeout counts from the launcher's start (a Node process: tens of ms, more on a busy machine)
    const error = await rejection(runCommandCandidate(ROWS, { env: process.env, command: `sleep 60 & echo $! > ${sh(pidFile)}; wait`, timeoutMs: 2_000 }))
    const elapsed = performance.now() - started
    assert.ok(elapsed < 30_000, `failed after ${Math.round(elapsed)} ms: it waited for the command instead of killing it`)
    assert.ok(elapsed >= 1_950, `failed after only ${Math.round(elapsed)} ms`)
    assert.equal(error.code, 'candidate_failed')
    assert.match(error.message, /timed out after 2000 ms/)
    const pid = Number(readFileSync(pidFile, 'utf8').trim())
    assert.ok(pid > 0)
    for (let i = 0; i < 50 && isRunning(pid); i++) await sleep(10)
    assert.equal(isRunning(pid), false, `the sleep (pid ${pid}) is still running`)
  })

  it('names candidate command stdout and the line of a line that is not JSON', async () => {
    const command = `cat >/dev/null; printf '%s\\n' '{"id":"q01","answer":"五天"}' 'Loading index...' '{"id":"q02","answer":"证明"}'`
    const error = await rejection(runCommandCandidate(ROWS, { env: process.env, command, timeoutMs: 10_000 }))
    assert.equal(error.code, 'bad_input')
    assert.match(error.message, /^candidate command stdout:2: not valid JSON/)
    assert.match(error.hint ?? '', /print only its answers on stdout, one JSON object per line .*; print logs and progress on stderr/)
  })

  it('rejects an answer for an id the eval set does not have', async () => {
    const command = `cat >/dev/null; echo '{"id":"q99","answer":"五天"}'`
    const error = await rejection(runCommandCandidate(ROWS, { env: process.env, command, timeoutMs: 10_000 }))
    assert.match(error.message, /^candidate command stdout:1: column "id": output for unknown id "q99"/)
  })
})

describe('evalgate run --candidate-cmd', () => {
  it('scores what the command answered for the questions it received', async () => {
    const t = makeTempDir()
    const out = t.path('results.json')
    const result = await runCli(['run', '--config', t.config, '--eval-set', writeEvalSet(t.path('eval.csv')), '--eval-set-version', 'v1', '--candidate-cmd', nodeCommand(ECHO_CANDIDATE), '--out', out])
    assert.equal(result.code, 0, result.stderr)
    const results = readResults(out)
    assert.match(results.run.candidate, /^command /)
    assert.equal(results.questions.q08?.answer, '关于「公积金缴纳比例是多少？」：请以制度文件为准[文档1]。')
    assert.equal(results.questions.q08?.scores.citation_ok, 1)
    assert.equal(results.metrics.latency_ms?.mean, 5)
  })

  it('turns an unanswered question into an error row that is counted and reported, never dropped', async () => {
    const t = makeTempDir()
    const out = t.path('results.json')
    const report = t.path('report.md')
    const result = await runCli([
      'run',
      '--config',
      t.config,
      '--eval-set',
      writeEvalSet(t.path('eval.csv')),
      '--eval-set-version',
      'v1',
      '--candidate-cmd',
      nodeCommand(ECHO_CANDIDATE, '--skip', 'q07'),
      '--out',
      out,
      '--report',
      report,
    ])
    // 1 of 10 is exactly max_error_rate (0.10): reported, not failing
    assert.equal(result.code, 0, result.stderr)
    assert.match(result.stderr, /1 question\(s\) got no answer/)
    const results = readResults(out)
    assert.equal(Object.keys(results.questions).length, 10)
    const missing = results.questions.q07!
    assert.match(missing.errors.candidate ?? '', /no output from the candidate command/)
    assert.ok(Object.keys(missing.scores).length > 0)
    for (const [metric, value] of Object.entries(missing.scores)) assert.equal(value, null, `${metric} of an unanswered question`)
    for (const [metric, summary] of Object.entries(results.metrics)) {
      assert.equal(summary.errors, 1, `${metric} counts the error`)
      assert.ok(summary.nan >= 1, `${metric} counts the null`)
    }
    assert.equal(results.metrics.rules_pass?.n, 9)
    const md = readFileSync(report, 'utf8')
    assert.match(md, /Errors \(1 questions?\)/)
    assert.match(md, /^\| q07 \| candidate \| no output from the candidate command/m)
  })

  it('fails the gate on max_error_rate when more than 10% of questions are unanswered, and scores them as failing', async () => {
    const t = makeTempDir()
    const evalSet = writeEvalSet(t.path('eval.csv'))
    const full = t.path('full.json')
    const baseline = t.path('baseline.json')
    const common = ['run', '--config', t.config, '--eval-set', evalSet, '--eval-set-version', 'v1']
    assert.equal((await runCli([...common, '--candidate-cmd', nodeCommand(ECHO_CANDIDATE), '--out', full])).code, 0)
    assert.equal((await runCli(['baseline', '--results', full, '--out', baseline])).code, 0)

    const out = t.path('results.json')
    const result = await runCli([...common, '--candidate-cmd', nodeCommand(ECHO_CANDIDATE, '--skip', 'q03,q07'), '--baseline', baseline, '--out', out])
    assert.equal(result.code, 1, result.stderr)
    const c = readResults(out).comparison!
    assert.equal(c.verdict, 'fail')
    assert.deepEqual([...new Set(c.regressions.map((r) => r.id))].sort(), ['q03', 'q07'], 'only the unanswered questions got worse')
    assert.ok(
      c.regressions.every((r) => r.change === -1 && r.reason === 'no output from the candidate command for this question'),
      JSON.stringify(c.regressions),
    )
    const rulesPass = c.metrics.find((m) => m.metric === 'rules_pass')!
    assert.ok(Math.abs(rulesPass.candidate! - 0.8) < 1e-12, 'the unanswered questions count as failing: the mean cannot stay where it was')
    const failures = failuresOf(c, 'rules_pass').filter((f) => f.kind === 'error_rate')
    assert.deepEqual(failures, [{ kind: 'error_rate', metric: 'rules_pass', value: 0.2, limit: 0.1, unit: 'fraction', errors: 2, questions: 10 }])
    assert.match(failureDetail(failures[0]!), /2 of 10 questions errored \(20(\.0)?%\), more than max_error_rate 10(\.0)?%/)
    assert.ok(
      c.failures.map(failureSentence).some((r) => r.startsWith('rules_pass: 2 of 10 questions errored')),
      JSON.stringify(c.failures),
    )
    assert.match(result.stdout, /error/)

    // the same holds without a baseline: silent NaNs must never make a run look better
    const alone = await runCli([...common, '--candidate-cmd', nodeCommand(ECHO_CANDIDATE, '--skip', 'q03,q07')])
    assert.equal(alone.code, 1)
    assert.match(alone.stdout, /more than max_error_rate/)
  })

  it('exits 2 with the exit code and stderr of a failing command, without a stack trace', async () => {
    const t = makeTempDir()
    const out = t.path('results.json')
    const result = await runCli([
      'run',
      '--config',
      t.config,
      '--eval-set',
      writeEvalSet(t.path('eval.csv')),
      '--eval-set-version',
      'v1',
      '--candidate-cmd',
      'cat >/dev/null; echo "boom: index missing" >&2; exit 3',
      '--out',
      out,
    ])
    assert.equal(result.code, 2)
    assert.match(result.stderr, /^evalgate run: candidate command failed \(exit code 3\)/m)
    assert.match(result.stderr, /boom: index missing/)
    assert.match(result.stderr, /fix: /)
    assert.doesNotMatch(result.stderr, /^ {4}at /m)
    assert.equal(existsSync(out), false)
  })

  it('exits 2 when the command runs past --candidate-timeout, without waiting for it', async () => {
    const t = makeTempDir()
    const started = performance.now()
    const result = await runCli(['run', '--config', t.config, '--eval-set', writeEvalSet(t.path('eval.csv')), '--eval-set-version', 'v1', '--candidate-cmd', 'sleep 60', '--candidate-timeout', '300'])
    const elapsed = performance.now() - started
    assert.equal(result.code, 2)
    assert.ok(elapsed < 30_000, `took ${Math.round(elapsed)} ms: it waited for the command instead of killing it`)
    assert.match(result.stderr, /timed out after 300 ms/)
    assert.match(result.stderr, /fix: .*timeout/)
  })

  it('exits 2 naming candidate command stdout and the line when stdout has a non-JSON line', async () => {
    const t = makeTempDir()
    const command = `cat >/dev/null; printf '%s\\n' '{"id":"q01","answer":"五天"}' 'Loading index...'`
    const result = await runCli(['run', '--config', t.config, '--eval-set', writeEvalSet(t.path('eval.csv')), '--eval-set-version', 'v1', '--candidate-cmd', command])
    assert.equal(result.code, 2)
    assert.match(result.stderr, /candidate command stdout:2: not valid JSON/)
    assert.doesNotMatch(result.stderr, /^ {4}at /m)
  })
})

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)))
const ANSWER_Q01 = `echo '{"id":"q01","answer":"五天[文档1]"}'`

/**
 * A sleep started in a new session (setsid), so it has left the candidate's process group;
 * the command goes on once it has written its pid (at most 5 s), so the escape is not racing
 * the kill of the group.
 */
function escapedSleep(pidFile: string): string {
  const escape = `setsid sh -c ${sh(`echo $$ > ${sh(pidFile)}.tmp && mv ${sh(pidFile)}.tmp ${sh(pidFile)}; exec sleep 1000`)} &`
  return `${escape} i=0; while [ ! -s ${sh(pidFile)} ] && [ $i -lt 500 ]; do sleep 0.01; i=$((i+1)); done;`
}

async function readPids(pidFile: string, count: number, waitMs = 15_000): Promise<number[]> {
  for (let waited = 0; waited < waitMs; waited += 20) {
    const pids = existsSync(pidFile)
      ? readFileSync(pidFile, 'utf8')
          .split('\n')
          .filter((l) => l.trim() !== '')
          .map(Number)
      : []
    if (pids.length >= count && pids.every((p) => p > 0)) return pids
    await sleep(20)
  }
  assert.fail(`${pidFile} never held ${count} pids`)
}

function describeProcess(pid: number): string {
  try {
    return `${readFileSync(`/proc/${pid}/stat`, 'utf8').trim()} | ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ')}`
  } catch (error) {
    return String(error)
  }
}

async function assertStopped(pid: number, context = ''): Promise<void> {
  for (let i = 0; i < 100 && isRunning(pid); i++) await sleep(20)
  assert.equal(isRunning(pid), false, `process ${pid} is still running: ${describeProcess(pid)}\n${context}`)
}

/** Stops a process this test started on purpose outside the candidate's group. */
function killStray(pidFile: string): void {
  if (!existsSync(pidFile)) return
  for (const pid of readFileSync(pidFile, 'utf8')
    .split('\n')
    .map(Number)
    .filter((p) => p > 0)) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
}

describe('runCommandCandidate bounds the command whatever its children do', () => {
  it('stops at the timeout although a process that left the group (setsid) holds stdout and stderr', { timeout: 30_000 }, async () => {
    const t = makeTempDir()
    const pidFile = t.path('escaped.pid')
    try {
      const started = performance.now()
      const error = await rejection(runCommandCandidate(ROWS, { env: process.env, command: `${escapedSleep(pidFile)} sleep 60`, timeoutMs: 1_000 }))
      const elapsed = performance.now() - started
      assert.match(error.message, /timed out after 1000 ms/)
      assert.equal((await readPids(pidFile, 1)).length, 1, 'the sleep escaped the group')
      // bounds only what proves the point: the escaped sleep would hold the pipes for 1000 s
      assert.ok(elapsed < 15_000, `gave up after ${Math.round(elapsed)} ms`)
    } finally {
      killStray(pidFile)
    }
  })

  it('takes the answers of a command whose background child holds stdout, and kills that child', { timeout: 30_000 }, async () => {
    const t = makeTempDir()
    const pidFile = t.path('child.pid')
    const command = `sleep 1000 & echo $! > ${sh(pidFile)}; cat >/dev/null; ${ANSWER_Q01}`
    const outputs = await runCommandCandidate(ROWS, { env: process.env, command, timeoutMs: 20_000 })
    assert.equal(outputs.get('q01')?.answer, '五天[文档1]')
    const [pid] = await readPids(pidFile, 1)
    await assertStopped(pid!)
  })

  it('takes the answers and goes on when a process outside the group still holds stdout, and says so', { timeout: 30_000 }, async () => {
    const t = makeTempDir()
    const pidFile = t.path('escaped.pid')
    const warnings: string[] = []
    try {
      const command = `${escapedSleep(pidFile)} cat >/dev/null; ${ANSWER_Q01}`
      const outputs = await runCommandCandidate(ROWS, { env: process.env, command, timeoutMs: 20_000, warn: (m) => warnings.push(m) })
      assert.equal(outputs.get('q01')?.answer, '五天[文档1]')
      assert.equal(warnings.length, 1)
      assert.match(warnings[0]!, /outside its process group still held its output open/)
      assert.equal((await readPids(pidFile, 1)).length, 1, 'the sleep escaped the group')
    } finally {
      killStray(pidFile)
    }
  })

  it('stops a command whose stdout passes the cap, naming the cap and the setting', { timeout: 30_000 }, async () => {
    const command = `cat >/dev/null; yes '{"id":"q01","answer":"五天"}' | head -c 3000000`
    const error = await rejection(runCommandCandidate(ROWS, { env: process.env, command, timeoutMs: 20_000, maxOutputBytes: 1024 * 1024 }))
    assert.equal(error.code, 'candidate_failed')
    assert.match(error.message, /^candidate command wrote more than 1 MB to stdout \(candidate\.max_output_mb\), so it was stopped/)
    assert.match(error.hint ?? '', /candidate\.max_output_mb/)
  })

  it('keeps only the end of a huge stderr (600 MB) and still takes the answers', { timeout: 120_000 }, async () => {
    const command = `cat >/dev/null; yes 'loading the index, please wait' | head -c 600000000 >&2; echo 'index loaded' >&2; ${ANSWER_Q01}`
    const outputs = await runCommandCandidate(ROWS, { env: process.env, command, timeoutMs: 100_000 })
    assert.equal(outputs.get('q01')?.answer, '五天[文档1]')
    const logged: string[] = []
    const failing = await rejection(
      runCommandCandidate(ROWS, {
        env: process.env,
        command: `cat >/dev/null; yes 'loading' | head -c 200000000 >&2; echo 'boom: index' missing >&2; exit 4`,
        timeoutMs: 100_000,
        log: (m) => logged.push(m),
      }),
    )
    assert.match(failing.message, /exit code 4/)
    assert.match(logged.join('\n'), /boom: index missing$/)
    assert.ok(logged.join('\n').length < 2_000, `the log holds ${logged.join('\n').length} characters of stderr`)
  })

  it("does not pass the runner's tokens, the Action's inputs or GITHUB_TOKEN, unless listed in env_passthrough", async () => {
    const t = makeTempDir()
    const envFile = t.path('env.json')
    const secrets: Record<string, string> = {
      ACTIONS_RUNTIME_TOKEN: 'runtime-token',
      ACTIONS_RUNTIME_URL: 'https://runtime.example/',
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc-token',
      ACTIONS_ID_TOKEN_REQUEST_URL: 'https://oidc.example/',
      INPUT_JUDGE_API_KEY: 'sk-judge',
      INPUT_MODE: 'gate',
      GITHUB_TOKEN: 'ghs_token',
      EVALGATE_TEST_OWN_SETTING: 'kept',
    }
    const saved = Object.fromEntries(Object.keys(secrets).map((k) => [k, process.env[k]]))
    Object.assign(process.env, secrets)
    try {
      const printEnv = `${sh(process.execPath)} -e ${sh("require('fs').writeFileSync(process.argv[1], JSON.stringify(process.env))")} ${sh(envFile)}`
      await runCommandCandidate(ROWS, { env: process.env, command: `cat >/dev/null; ${printEnv}`, timeoutMs: 10_000, envPassthrough: ['INPUT_MODE'] })
      const seen = JSON.parse(readFileSync(envFile, 'utf8')) as Record<string, string>
      for (const name of ['ACTIONS_RUNTIME_TOKEN', 'ACTIONS_RUNTIME_URL', 'ACTIONS_ID_TOKEN_REQUEST_TOKEN', 'ACTIONS_ID_TOKEN_REQUEST_URL', 'INPUT_JUDGE_API_KEY', 'GITHUB_TOKEN']) {
        assert.equal(seen[name], undefined, `${name} reached the candidate`)
      }
      assert.equal(seen.INPUT_MODE, 'gate', 'listed in env_passthrough')
      assert.equal(seen.EVALGATE_TEST_OWN_SETTING, 'kept')
      assert.equal(seen.PATH, process.env.PATH)
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k]
        else process.env[k] = v
      }
    }
  })
})

describe('evalgate run stops its candidate', () => {
  it('exits 2 naming candidate.max_output_mb when stdout passes the cap set in evalgate.yml, without a stack trace', async () => {
    const t = makeTempDir()
    const config = writeText(t.path('evalgate.yml'), 'candidate:\n  max_output_mb: 1\n')
    const result = await runCli([
      'run',
      '--config',
      config,
      '--eval-set',
      writeEvalSet(t.path('eval.csv')),
      '--eval-set-version',
      'v1',
      '--candidate-cmd',
      `cat >/dev/null; yes '{"id":"q01","answer":"五天"}' | head -c 3000000`,
    ])
    assert.equal(result.code, 2, result.stderr)
    assert.match(result.stderr, /^evalgate run: candidate command wrote more than 1 MB to stdout \(candidate\.max_output_mb\)/m)
    assert.match(result.stderr, /fix: .*candidate\.max_output_mb/)
    assert.doesNotMatch(result.stderr, /^ {4}at /m)
  })

  it('passes a scrubbed variable named in candidate.env_passthrough and no other', async () => {
    const t = makeTempDir()
    const envFile = t.path('env.json')
    const config = writeText(t.path('evalgate.yml'), 'candidate:\n  env_passthrough: [GITHUB_TOKEN]\n')
    const saved = { GITHUB_TOKEN: process.env.GITHUB_TOKEN, ACTIONS_RUNTIME_TOKEN: process.env.ACTIONS_RUNTIME_TOKEN }
    Object.assign(process.env, { GITHUB_TOKEN: 'ghs_passed', ACTIONS_RUNTIME_TOKEN: 'runtime-token' })
    try {
      const printEnv = `${sh(process.execPath)} -e ${sh("require('fs').writeFileSync(process.argv[1], JSON.stringify(process.env))")} ${sh(envFile)}`
      await runCli(['run', '--config', config, '--eval-set', writeEvalSet(t.path('eval.csv')), '--eval-set-version', 'v1', '--candidate-cmd', `cat >/dev/null; ${printEnv}`])
      const seen = JSON.parse(readFileSync(envFile, 'utf8')) as Record<string, string>
      assert.equal(seen.GITHUB_TOKEN, 'ghs_passed')
      assert.equal(seen.ACTIONS_RUNTIME_TOKEN, undefined)
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k]
        else process.env[k] = v
      }
    }
  })

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`on ${signal} to a real evalgate process, says so, leaves no candidate process running and dies by the signal`, { timeout: 60_000 }, async () => {
      const t = makeTempDir()
      const pidFile = t.path('candidate.pids')
      const command = `echo $$ > ${sh(pidFile)}; sleep 1000 & echo $! >> ${sh(pidFile)}; wait`
      const args = [
        '--import',
        'tsx',
        join(ROOT, 'src', 'cli', 'bin.ts'),
        'run',
        '--config',
        t.config,
        '--eval-set',
        writeEvalSet(t.path('eval.csv')),
        '--eval-set-version',
        'v1',
        '--candidate-cmd',
        command,
      ]
      const evalgate = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] })
      let stderr = ''
      evalgate.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => evalgate.on('exit', (code, sig) => done({ code, signal: sig })))
      try {
        const pids = await readPids(pidFile, 2, 30_000)
        evalgate.kill(signal)
        const { code, signal: died } = await exited
        assert.ok(died === signal || code === 128 + (signal === 'SIGINT' ? 2 : 15), `exit code ${code}, signal ${died}; stderr:\n${stderr}`)
        assert.match(stderr, new RegExp(`\\nevalgate: interrupted \\(${signal}\\); no file was left half-written\\n`))
        for (const pid of pids) await assertStopped(pid, `evalgate's stderr:\n${stderr}`)
      } finally {
        if (evalgate.exitCode === null && evalgate.signalCode === null) evalgate.kill('SIGKILL')
        killStray(pidFile)
      }
    })
  }
})
