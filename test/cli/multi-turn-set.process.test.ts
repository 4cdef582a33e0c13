import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { after, describe, it } from 'node:test'
import { cleanupTempDirs, makeTempDir, runCli, sh, writeText } from './harness.ts'

after(cleanupTempDirs)

interface BadSetCase {
  name: string
  file: string
  text: string
  /** every pattern must be in the one error; `@` stands for the eval-set file's path */
  expect: (string | RegExp)[]
}

const HEADER = 'id,conversation_id,turn,question\n'

const cases: BadSetCase[] = [
  {
    name: 'a gap in the turns of a conversation',
    file: 'gap.csv',
    text: HEADER + 'a1,c1,1,What is the leave policy?\na3,c1,3,And for part-timers?\n',
    expect: ['@:2: column "turn"', /conversation "c1" has no turn 2 \(it has turns 1, 3\)/, /fix: .*without gaps/],
  },
  {
    name: 'turns that do not start at 1',
    file: 'late.csv',
    text: HEADER + 'a2,c1,2,And after that?\n',
    expect: ['@:2: column "turn"', /conversation "c1" has no turn 1/],
  },
  {
    name: 'the same turn twice',
    file: 'dup.csv',
    text: HEADER + 'a1,c1,1,What is the leave policy?\na2,c1,1,How many days?\n',
    expect: ['@:3: column "turn"', /conversation "c1" has turn 1 twice \(first on line 2\)/, /fix: one question per turn/],
  },
  {
    name: 'a conversation_id without a turn',
    file: 'noturn.csv',
    text: HEADER + 'a1,c1,,What is the leave policy?\n',
    expect: ['@:2: column "turn"', /empty, but this row has a conversation_id/, /fix: give a row of a conversation both/],
  },
  {
    name: 'a turn without a conversation_id',
    file: 'noconv.csv',
    text: HEADER + 'a1,,1,What is the leave policy?\n',
    expect: ['@:2: column "conversation_id"', /empty, but this row has a turn/],
  },
  {
    name: 'a turn that is not a whole number from 1',
    file: 'zero.jsonl',
    text: '{"id":"a1","conversation_id":"c1","turn":0,"question":"What is the leave policy?"}\n',
    expect: ['@:1: column "turn"', /expected a turn number 1, 2, 3, …, got "0"/, /fix: number the turns/],
  },
  {
    name: 'a history cell that is not JSON',
    file: 'notjson.csv',
    text: 'id,question,history\nh1,And for part-timers?,user: hi\n',
    expect: ['@:2: column "history"', /is not JSON/, /fix: give the earlier messages as a JSON array/],
  },
  {
    name: 'a history message with a role other than user/assistant',
    file: 'role.jsonl',
    text: '{"id":"h1","question":"And then?","history":[{"role":"system","content":"be nice"},{"role":"assistant","content":"ok"}]}\n',
    expect: ['@:1: column "history"', /message 1 is not \{"role": "user" \| "assistant"/],
  },
  {
    name: 'a history whose roles do not take turns',
    file: 'order.jsonl',
    text: '{"id":"h1","question":"And then?","history":[{"role":"user","content":"hi"},{"role":"user","content":"hello?"}]}\n',
    expect: ['@:1: column "history"', /message 2 has role "user" where "assistant" is expected/],
  },
  {
    name: 'a history that ends with a user message',
    file: 'lastuser.jsonl',
    text: '{"id":"h1","question":"And then?","history":[{"role":"user","content":"hi"}]}\n',
    expect: ['@:1: column "history"', /the last message is a user message/],
  },
  {
    name: 'a history on a conversation row',
    file: 'both.jsonl',
    text: '{"id":"a1","conversation_id":"c1","turn":1,"question":"Hi?","history":[{"role":"user","content":"hi"},{"role":"assistant","content":"hello"}]}\n',
    expect: ['@:1: column "history"', /takes its history from the earlier turns/],
  },
]

function setup() {
  const t = makeTempDir()
  const marker = t.path('MARKER')
  return { ...t, marker, candidate: `touch ${sh(marker)}; cat >/dev/null` }
}

describe('multi-turn eval sets: bad conversations are rejected before the candidate runs (exit 2, located, with a fix)', () => {
  for (const c of cases) {
    it(`rejects ${c.name}`, async () => {
      const s = setup()
      const file = writeText(s.path(c.file), c.text)
      const result = await runCli(['run', '--config', s.config, '--eval-set', file, '--eval-set-version', 'v1', '--candidate-cmd', s.candidate])
      assert.equal(result.code, 2, `exit code; stderr:\n${result.stderr}`)
      for (const pattern of c.expect) {
        if (typeof pattern === 'string') {
          const wanted = pattern.replace('@', file)
          assert.ok(result.stderr.includes(wanted), `stderr should contain ${JSON.stringify(wanted)}:\n${result.stderr}`)
        } else assert.match(result.stderr, pattern)
      }
      assert.equal(existsSync(s.marker), false, 'the candidate command must never start')
    })
  }

  it('accepts well-formed conversations (rows in any order) and a well-formed history, and runs the candidate', async () => {
    const s = setup()
    const csv = writeText(
      s.path('good.csv'),
      'id,conversation_id,turn,question,history\n' +
        'a2,c1,2,And for part-timers?,\n' +
        'a1,c1,1,How many days of annual leave?,\n' +
        'b1,c2,1,Who approves expenses?,\n' +
        'solo,,,What is the office address?,\n' +
        'h1,,,And on Sundays?,"[{""role"":""user"",""content"":""When is the office open?""},{""role"":""assistant"",""content"":""Mon-Fri 9-18.""}]"\n',
    )
    const result = await runCli(['run', '--config', s.config, '--eval-set', csv, '--eval-set-version', 'v1', '--candidate-cmd', s.candidate, '--out', s.path('results.json')])
    assert.equal(existsSync(s.marker), true, `the candidate ran; stderr:\n${result.stderr}`)
    assert.notEqual(result.code, 2, result.stderr)
  })
})
