import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, describe, it } from 'node:test'
import { cleanupTempDirs, makeTempDir, readResults, runCli, sh } from './harness.ts'

after(cleanupTempDirs)

const EVAL_SET = 'examples/saas-kb/multi-turn.csv'

describe('examples/saas-kb/multi-turn.csv end to end (offline, command candidate)', () => {
  it('asks turn by turn with the candidate’s own earlier answers and reports per conversation', async () => {
    const t = makeTempDir()
    const log = t.path('stdin.jsonl')
    const out = t.path('results.json')
    const report = t.path('report.md')
    // tee keeps what the candidate was sent
    const command = `tee -a ${sh(log)} | ${sh(process.execPath)} --import tsx examples/saas-kb/rag.ts --chunking heading --history`
    const r = await runCli(['run', '--config', t.config, '--eval-set', EVAL_SET, '--eval-set-version', 'mt1', '--candidate-cmd', command, '--judge', 'lexical', '--out', out, '--report', report])
    assert.equal(r.code, 0, r.stderr)
    const results = readResults(out)
    assert.equal(Object.keys(results.questions).length, 15)

    const sent = readFileSync(log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { id: string; question: string; history: { role: string; content: string }[] })
    assert.equal(sent.length, 15)
    // every turn 1 before any turn 2, every turn 2 before any turn 3
    assert.deepEqual(
      sent.map((s) => Number(s.id.slice(-1))),
      [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3],
    )
    const byId = new Map(sent.map((s) => [s.id, s]))
    assert.deepEqual(byId.get('mt-sso-1')!.history, [])
    assert.deepEqual(byId.get('mt-sso-3')!.history, [
      { role: 'user', content: 'Which plans include SAML single sign-on?' },
      { role: 'assistant', content: results.questions['mt-sso-1']!.answer },
      { role: 'user', content: 'How much does the Business one cost per seat?' },
      { role: 'assistant', content: results.questions['mt-sso-2']!.answer },
    ])
    assert.equal(results.questions['mt-sso-2']!.conversation?.turn, 2)
    for (const q of Object.values(results.questions)) assert.equal(q.notes.context_retention_norm, 'lexical cannot judge context retention')

    const md = readFileSync(report, 'utf8')
    assert.match(md, /#### Conversations\n\n5 conversations, 0 regressed/)
    for (const id of ['sso', 'export', 'api', 'team', 'enterprise']) assert.match(md, new RegExp(`\\| ${id} \\| 3 \\| `))
    assert.match(r.stdout, /5 conversations, 0 regressed/)
  })
})
