/**
 * The lint rule that keeps src/ cleared (issue 30, point 5): a non-null assertion (`x!`) is an
 * error in every folder of src/. Checked on the configuration eslint resolves for a file of each
 * folder, so a folder added to src/, or one an `ignores` leaves out, is caught without a change here.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readdirSync } from 'node:fs'
import { ESLint } from 'eslint'

const ROOT = new URL('../../', import.meta.url).pathname
const RULE = '@typescript-eslint/no-non-null-assertion'

async function severity(eslint: ESLint, file: string): Promise<unknown> {
  const config = (await eslint.calculateConfigForFile(file)) as { rules?: Record<string, unknown> }
  const setting = config.rules?.[RULE]
  return Array.isArray(setting) ? setting[0] : setting
}

describe('no non-null assertions in src/', () => {
  it('is an error in every folder of src/, and in src/index.ts', async () => {
    const eslint = new ESLint({ cwd: ROOT })
    const folders = readdirSync(`${ROOT}src`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
    assert.ok(folders.includes('compare') && folders.includes('io'), `src/ has its folders: ${folders.join(', ')}`)
    for (const folder of folders) {
      assert.equal(await severity(eslint, `src/${folder}/any.ts`), 2, `${RULE} is not an error in src/${folder}/`)
    }
    assert.equal(await severity(eslint, 'src/index.ts'), 2)
  })
})
