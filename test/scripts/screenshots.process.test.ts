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
import { commentPage, findBrowser, FIRST_SCREEN_PX, firstScreenExpectations, HEIGHT_LIMITS, LOCAL_BROWSER, sizeProblems, type Measured } from '../../scripts/screenshotParts.ts'

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
    assert.match(run.stderr, /unknown arguments "--width 300": use no arguments \(runs the failing English example\) or --report FILE/)
  })
})

describe('the limits npm run screenshots checks (issue 29)', () => {
  const comparison = {
    verdict: 'fail',
    failures: [{ kind: 'max_drop', metric: 'mrr' }, { kind: 'max_drop', metric: 'mrr' }, { kind: 'category_floor' }, { kind: 'threshold', metric: 'rules_pass' }],
    regressions: [
      { id: 'q16', reason: 'relevant doc man_rm was rank 1, now not retrieved' },
      { id: 'q16', reason: 'second row' },
      { id: 'q25', reason: null },
      { id: 'q28', reason: 'short' },
      { id: 'q30', reason: 'not among the worst' },
    ],
  }

  it('expects the verdict, each failing metric once and the worst questions with the start of their reasons', () => {
    assert.deepEqual(firstScreenExpectations({ comparison }, 3), [
      { what: 'the verdict', text: 'gate failed' },
      { what: 'failing metric mrr', text: 'mrr' },
      { what: 'failing metric rules_pass', text: 'rules_pass' },
      { what: 'worst question q16', text: 'q16' },
      { what: 'the reason q16 got worse', text: 'relevant doc man_rm was ' },
      { what: 'worst question q25', text: 'q25' },
      { what: 'worst question q28', text: 'q28' },
      { what: 'the reason q28 got worse', text: 'short' },
    ])
    assert.deepEqual(firstScreenExpectations({ comparison: null }, 3), [])
  })

  it('names every limit exceeded: height per width, text below or missing from the first 800 px at 390 px, wide blocks', () => {
    const at = (width: number, height: number, tops: Measured['tops'] = [], wide: string[] = []): Measured => ({ width, height, tops, wide })
    assert.deepEqual(sizeProblems([at(390, HEIGHT_LIMITS[390], [{ what: 'the verdict', text: 'gate failed', top: 16 }]), at(900, HEIGHT_LIMITS[900])]), [])
    assert.deepEqual(
      sizeProblems([
        at(
          390,
          1_701,
          [
            { what: 'the verdict', text: 'gate failed', top: 16 },
            { what: 'failing metric mrr', text: 'mrr', top: FIRST_SCREEN_PX },
            { what: 'worst question q16', text: 'q16', top: null },
          ],
          ['table (id | metric) #2 is 610 px wide in 360 px'],
        ),
        // the first screen is a phone's: at 900 px only the height counts
        at(900, 1_001, [{ what: 'worst question q16', text: 'q16', top: 2_000 }], ['wide']),
      ]),
      [
        '390 px: the comment is 1701 px tall, more than 1700 px',
        '390 px: failing metric mrr ("mrr") starts at 800 px, below the first 800 px',
        '390 px: worst question q16 ("q16") is not shown unfolded',
        '390 px: in the first screen, table (id | metric) #2 is 610 px wide in 360 px',
        '900 px: the comment is 1001 px tall, more than 1000 px',
      ],
    )
  })
})
