/**
 * npm run screenshots without a browser: the page it renders and where it looks for Chromium.
 * Nothing here launches a browser (CI machines may have none).
 */
import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { commentPage, findBrowser, LOCAL_BROWSER } from '../../scripts/screenshotParts.ts'

const dirs: string[] = []
after(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))

/** A fresh directory with executable files at the given relative paths. */
function tree(executables: readonly string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'evalgate-browser-'))
  dirs.push(dir)
  for (const rel of executables) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true })
    writeFileSync(join(dir, rel), '#!/bin/sh\n')
    chmodSync(join(dir, rel), 0o755)
  }
  return dir
}

describe('commentPage: the comment as GitHub renders it', () => {
  const md = [
    '### ❌ evalgate: gate failed',
    '',
    '| metric | status |',
    '|---|---|',
    '| completeness_norm | ❌ regression |',
    '',
    '<details><summary>All metrics</summary>',
    '',
    '| metric | Δ |',
    '|---|--:|',
    '| mrr | +0.011 |',
    '',
    '</details>',
  ].join('\n')
  const page = commentPage(md, '.markdown-body{color:#1f2328}', 'report <a&b>.md')

  it('renders GitHub-flavoured tables and keeps <details> folded as raw HTML', () => {
    assert.match(page, /<table>\s*<thead>\s*<tr>\s*<th>metric<\/th>\s*<th>status<\/th>/)
    assert.match(page, /<td>completeness_norm<\/td>\s*<td>❌ regression<\/td>/)
    assert.match(page, /<details><summary>All metrics<\/summary>[\s\S]*<td align="right">\+0\.011<\/td>[\s\S]*<\/details>/)
    assert.match(page, /<h3>❌ evalgate: gate failed<\/h3>/)
  })

  it("wraps it in .markdown-body with GitHub's stylesheet and a phone's padding", () => {
    assert.match(page, /<style>\n\.markdown-body\{color:#1f2328\}/)
    assert.match(page, /<article class="markdown-body">\n<h3>/)
    assert.match(page, /@media \(max-width: 767px\) \{ \.markdown-body \{ padding: 15px; \} \}/)
    assert.match(page, /<meta name="viewport" content="width=device-width, initial-scale=1">/)
    assert.match(page, /<title>report &lt;a&amp;b&gt;\.md<\/title>/)
  })
})

describe('findBrowser: CHROMIUM_PATH, then PATH, then npm run screenshots:browser', () => {
  it('CHROMIUM_PATH wins over everything on PATH and the local browser', () => {
    const dir = tree(['bin/chromium', 'my/chrome', LOCAL_BROWSER])
    const found = findBrowser({ CHROMIUM_PATH: join(dir, 'my/chrome'), PATH: join(dir, 'bin') }, dir)
    assert.deepEqual(found, { found: true, path: join(dir, 'my/chrome'), source: 'CHROMIUM_PATH' })
  })

  it('a CHROMIUM_PATH that names no executable is an error, not skipped', () => {
    const dir = tree(['bin/chromium'])
    writeFileSync(join(dir, 'not-executable'), '')
    for (const bad of [join(dir, 'missing'), join(dir, 'not-executable'), join(dir, 'bin')]) {
      const found = findBrowser({ CHROMIUM_PATH: bad, PATH: join(dir, 'bin') }, dir)
      assert.equal(found.found, false)
      assert.match(found.found ? '' : found.error, new RegExp(`^CHROMIUM_PATH=${bad} is not an executable file: point it at`))
    }
  })

  it('on PATH: chromium before chromium-browser before google-chrome, whatever the order of the directories', () => {
    const dir = tree(['a/google-chrome', 'b/chromium-browser', 'c/chromium', LOCAL_BROWSER])
    const PATH = ['a', 'b', 'c'].map((d) => join(dir, d)).join(delimiter)
    assert.deepEqual(findBrowser({ PATH }, dir), { found: true, path: join(dir, 'c/chromium'), source: 'chromium on PATH' })
    rmSync(join(dir, 'c/chromium'))
    assert.deepEqual(findBrowser({ PATH, CHROMIUM_PATH: '' }, dir), { found: true, path: join(dir, 'b/chromium-browser'), source: 'chromium-browser on PATH' })
    rmSync(join(dir, 'b/chromium-browser'))
    assert.deepEqual(findBrowser({ PATH }, dir), { found: true, path: join(dir, 'a/google-chrome'), source: 'google-chrome on PATH' })
  })

  it('falls back to the browser unpacked by npm run screenshots:browser', () => {
    const dir = tree([LOCAL_BROWSER])
    assert.deepEqual(findBrowser({ PATH: join(dir, 'empty') }, dir), { found: true, path: join(dir, LOCAL_BROWSER), source: 'npm run screenshots:browser' })
  })

  it('finds none: says where it looked and how to get one', () => {
    const dir = tree(['bin/chrome-not-a-known-name'])
    const found = findBrowser({ PATH: join(dir, 'bin') }, dir)
    assert.equal(found.found, false)
    const error = found.found ? '' : found.error
    assert.match(error, /^No browser found \(CHROMIUM_PATH is unset; no chromium, chromium-browser, google-chrome on PATH; no out\/chromium\/chromium\)/)
    assert.match(error, /npm run screenshots:browser/)
    assert.match(error, /apt-get install chromium/)
    assert.match(error, /CHROMIUM_PATH=\/path\/to\/chrome npm run screenshots/)
  })
})

describe('npm run screenshots without a usable browser', () => {
  it('exits 2 with the cause before running the example', () => {
    const script = fileURLToPath(new URL('../../scripts/screenshots.ts', import.meta.url))
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    assert.equal(run.status, 2, run.stderr)
    assert.match(run.stderr, /^screenshots: CHROMIUM_PATH=\/nonexistent\/chromium is not an executable file/)
    assert.equal(run.stdout, '', 'nothing rendered')
  })

  it('exits 2 on an argument it does not know', () => {
    const script = fileURLToPath(new URL('../../scripts/screenshots.ts', import.meta.url))
    const run = spawnSync(process.execPath, ['--import', 'tsx', script, '--width', '300'], { cwd: fileURLToPath(new URL('../..', import.meta.url)), encoding: 'utf8', timeout: 60_000 })
    assert.equal(run.status, 2, run.stderr)
    assert.match(run.stderr, /unknown arguments "--width 300": use no arguments \(runs the example\) or --report FILE/)
  })
})
