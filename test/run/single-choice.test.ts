/**
 * A scoring provider and a candidate kind are chosen in one place each (run/scorers/factory.ts,
 * candidates/factory.ts), so adding one touches its file, its factory line and the schema.
 * These read src/ for the ways the choice used to leak out: string switches on the provider,
 * if/else over which candidate setting is present, the list of names typed out again.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { CANDIDATE_KINDS } from '../../src/schemas/config.ts'
import { CHAT_PROVIDERS } from '../../src/schemas/judgeConfig.ts'

const SRC = fileURLToPath(new URL('../../src/', import.meta.url))

function sources(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []))
}

interface Leak {
  what: string
  pattern: RegExp
  /** the one file allowed to say it */
  home: string
}

// the names as the schemas list them, so that an API or a kind added there is looked for too
const APIS = CHAT_PROVIDERS.join('|')
const KINDS = CANDIDATE_KINDS.join('|')

const LEAKS: Leak[] = [
  { what: 'string switch on judge.provider', pattern: /judge\.provider\s*[!=]==?|provider\s*[!=]==?\s*['"](lexical|openai)['"]/, home: 'run/scorers/factory.ts' },
  // what an API is or offers is a property of its definition (judge/transports/), never a name compared
  { what: 'string switch on a chat API', pattern: new RegExp(`[!=]==?\\s*['"](${APIS})['"]|['"](${APIS})['"]\\s*[!=]==?`), home: 'judge/transports/registry.ts' },
  { what: 'typed-out list of provider names', pattern: /['"]lexical['"],\s*['"]openai['"]/, home: 'schemas/config.ts' },
  { what: 'string switch on a candidate kind', pattern: new RegExp(`kind\\s*[!=]==?\\s*['"](${KINDS})['"]`), home: 'candidates/factory.ts' },
  { what: 'candidate chosen by which of its settings is present', pattern: new RegExp(`config\\.candidate\\??\\.(${KINDS})\\b`), home: 'candidates/factory.ts' },
  { what: 'typed-out list of candidate kinds', pattern: new RegExp(CANDIDATE_KINDS.map((kind) => `['"]${kind}['"]`).join(',\\s*')), home: 'schemas/config.ts' },
]

describe('a provider or a candidate kind is chosen in one place', () => {
  const files = sources().map((file) => ({ name: relative(SRC, file), lines: readFileSync(file, 'utf8').split('\n') }))

  it('reads the whole of src/', () => assert.ok(files.length > 50 && files.some((f) => f.name === 'run/pipeline/pipeline.ts')))

  for (const leak of LEAKS) {
    it(`finds no ${leak.what} outside ${leak.home}`, () => {
      const found = files.flatMap((f) => (f.name === leak.home ? [] : f.lines.flatMap((line, i) => (leak.pattern.test(line) ? [`src/${f.name}:${i + 1}: ${line.trim()}`] : []))))
      assert.deepEqual(found, [])
    })
  }
})
