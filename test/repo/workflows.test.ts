import { strict as assert } from 'node:assert'
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { parse } from 'yaml'

const root = new URL('../../', import.meta.url)
const read = (path: string) => readFileSync(new URL(path, root), 'utf8')

/** The first major of each action whose action.yml declares `runs.using: node24` (checked in their release notes). */
const NODE24_MAJOR: Record<string, number> = {
  'actions/checkout': 5,
  'actions/setup-node': 5,
  'actions/cache': 5,
  'actions/setup-python': 6,
  'actions/upload-artifact': 6,
  'actions/download-artifact': 7,
}

const documents = [
  ...readdirSync(new URL('.github/workflows/', root)).map((f) => `.github/workflows/${f}`),
  'README.md',
  ...readdirSync(new URL('docs/', root))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
]

describe('workflows and the snippets users copy', () => {
  it('use the actions on their Node 24 majors, so runners print no deprecation notice', () => {
    const stale: string[] = []
    let seen = 0
    for (const path of documents) {
      for (const match of read(path).matchAll(/uses:\s*(actions\/[\w-]+)@v(\d+)/g)) {
        seen++
        const wanted = NODE24_MAJOR[match[1]!]
        assert.ok(wanted, `${path}: ${match[1]} is not in the table of Node 24 majors; look its major up and add it`)
        if (Number(match[2]) < wanted) stale.push(`${path}: ${match[1]}@v${match[2]} (node24 from v${wanted})`)
      }
    }
    assert.ok(seen > 5, 'the workflows use actions')
    assert.deepEqual(stale, [])
  })

  it("keeps action.yml's description under the Marketplace's 125 characters", () => {
    const action = parse(read('action.yml')) as { description: string; outputs: Record<string, { description: string }> }
    assert.ok(action.description.length < 125, `${action.description.length} characters`)
    assert.match(action.outputs.regressions!.description, /questions/)
  })

  it('opens no refresh pull request for a baseline that changed only in created_at or latency', () => {
    const workflow = read('.github/workflows/baseline-refresh.yml')
    const strip = /strip='([^']+)'/.exec(workflow)?.[1]
    assert.ok(strip, 'the workflow names its jq filter')
    const canonical = (baseline: unknown) => execFileSync('jq', ['-S', strip], { input: JSON.stringify(baseline), encoding: 'utf8' })
    const old = { created_at: 'a', metrics: { latency_ms: { mean: 10 }, mrr: { mean: 0.5 } }, questions: { q1: { scores: { mrr: 1, latency_ms: 12 } } } }
    const latencyOnly = { created_at: 'b', metrics: { latency_ms: { mean: 11 }, mrr: { mean: 0.5 } }, questions: { q1: { scores: { mrr: 1, latency_ms: 40 } } } }
    const scoreChanged = { ...latencyOnly, questions: { q1: { scores: { mrr: 0.5, latency_ms: 40 } } } }
    assert.equal(canonical(latencyOnly), canonical(old))
    assert.notEqual(canonical(scoreChanged), canonical(old))
  })
})
