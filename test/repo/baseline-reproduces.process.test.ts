import { strict as assert } from 'node:assert'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, describe, it } from 'node:test'
import { cleanupTempDirs, makeTempDir } from '../cli/harness.ts'
import { ROOT } from '../helpers/cli-process.ts'
import { GENERATORS, REGENERATE_COMMAND, REGENERATE_HINT } from '../helpers/regenerate.ts'

after(cleanupTempDirs)

/** Every committed baseline and the package.json script that writes it. */
const BASELINES: { file: string; script: (typeof GENERATORS)[number] }[] = [
  { file: 'baselines/baseline.json', script: 'example:baseline' },
  { file: 'baselines/saas-kb.json', script: 'example:baseline:en' },
]

/** created_at is the only field a fresh run may change; everything else is byte for byte. */
const withoutCreatedAt = (text: string) => text.replace(/"created_at": "[^"]*"/, '"created_at": "…"')

describe(`${REGENERATE_COMMAND}: one command rewrites every generated file`, () => {
  it('runs every generator, each once, the baselines before the fixtures compared against them', () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
    assert.equal(scripts.regenerate, GENERATORS.map((g) => `npm run ${g}`).join(' && '))
    for (const generator of GENERATORS) assert.ok(scripts[generator], `package.json has no script ${generator}`)
    for (const file of BASELINES.map((b) => b.script)) assert.ok(GENERATORS.indexOf(file) < GENERATORS.indexOf('fixtures'), `${file} runs before fixtures`)
  })
})

describe('the committed baselines are what their scripts write today', () => {
  for (const { file, script } of BASELINES) {
    it(`npm run ${script} reproduces ${file} byte for byte apart from created_at`, () => {
      const t = makeTempDir()
      const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
      const command = scripts[script]!
      assert.ok(command.includes(file), `${script} writes ${file}`)
      // the same commands, writing into a temp dir instead of the working tree
      const redirected = command.replaceAll('out/', `${t.dir}/`).replaceAll(file, t.path('baseline.json'))
      execFileSync('bash', ['-c', redirected], { cwd: ROOT, stdio: 'pipe' })
      const fresh = readFileSync(t.path('baseline.json'), 'utf8')
      const committed = readFileSync(join(ROOT, file), 'utf8')
      assert.equal(withoutCreatedAt(fresh), withoutCreatedAt(committed), `${file} is stale. ${REGENERATE_HINT}`)
    })
  }
})
