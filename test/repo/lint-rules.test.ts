/**
 * The lint rules that keep a cleared folder cleared (issue 30, point 5): a non-null assertion
 * (`x!`) is an error in every folder of src/ but metrics/, whose files still have theirs.
 * Checked on the configuration eslint resolves for a file of each folder, so a folder added to
 * src/ is covered without a change here.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readdirSync } from 'node:fs'
import { ESLint } from 'eslint'

const ROOT = new URL('../../', import.meta.url).pathname
const NOT_YET = new Set(['metrics'])
const RULE = '@typescript-eslint/no-non-null-assertion'

async function severity(eslint: ESLint, file: string): Promise<unknown> {
  const config = (await eslint.calculateConfigForFile(file)) as { rules?: Record<string, unknown> }
  const setting = config.rules?.[RULE]
  return Array.isArray(setting) ? setting[0] : setting
}

describe('no non-null assertions in src/', () => {
  it('is an error in every folder but metrics/, and in src/index.ts', async () => {
    const eslint = new ESLint({ cwd: ROOT })
    const folders = readdirSync(`${ROOT}src`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
    assert.ok(folders.includes('compare') && folders.includes('io'), `src/ has its folders: ${folders.join(', ')}`)
    for (const folder of folders) {
      if (NOT_YET.has(folder)) continue
      assert.equal(await severity(eslint, `src/${folder}/any.ts`), 2, `${RULE} is not an error in src/${folder}/`)
    }
    assert.equal(await severity(eslint, 'src/index.ts'), 2)
  })
})
