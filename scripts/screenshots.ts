/**
 * npm run screenshots: the failing PR comment of a realistic 40-question set as GitHub shows
 * it, at phone and laptop width, measured against issue 29's limits (SPEC §7).
 *
 * Runs the English example offline exactly as `npm run demo:en` does (44 questions; the PR
 * switches to blind 300-character chunks and fails the gate), or takes `--report FILE` (with
 * `--results FILE` for the first-screen check), renders the comment with marked
 * (GitHub-flavoured) inside github-markdown-css, and in headless Chromium, details folded:
 * measures the page's height at 390 px (limit 1,700) and 900 px (limit 1,000); checks that the
 * first 800 px at 390 px show the verdict, every failing metric and the worst questions, and that
 * no table or code block starting there is wider than the screen. Writes
 * out/screenshots/comment-390.png and comment-900.png beside comment.html and report.md.
 * Exit codes: 0 every limit holds, 1 a limit is exceeded (each printed), 2 no browser or bad
 * input. Never part of `npm test` or CI (it needs a browser).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Page } from 'puppeteer-core'
import { WORST_SHOWN } from '../src/report/layout.ts'
import { commentPage, findBrowser, FIRST_SCREEN_PX, firstScreenExpectations, sizeProblems, WIDTHS, type Expectation, type Measured } from './screenshotParts.ts'

const OUT = 'out/screenshots'

function fail(message: string): never {
  console.error(`screenshots: ${message}`)
  process.exit(2)
}

interface Args {
  report: string | null
  results: string | null
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { report: null, results: null }
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]]
    if ((flag === '--report' || flag === '--results') && value) args[flag === '--report' ? 'report' : 'results'] = value
    else fail(`unknown arguments "${argv.join(' ')}": use no arguments (runs the failing English example) or --report FILE [--results FILE] (a report.md and its results.json written earlier)`)
  }
  if (args.results && !args.report) fail('--results needs --report: the report to measure')
  return args
}

/** The example's failing comment, produced the way `npm run demo:en` produces it: the gate run offline on examples/saas-kb. */
async function exampleReport(): Promise<{ report: string; results: string }> {
  const report = `${OUT}/report.md`
  const results = `${OUT}/results.json`
  // loaded only once a browser is found, so a missing one is reported at once
  const { main } = await import('../src/cli/main.ts')
  const stderr: string[] = []
  const args = ['run', '--config', 'examples/saas-kb/evalgate.yml', '--out', results, '--report', report]
  const code = await main(args, { stdout: () => undefined, stderr: (t) => stderr.push(t), color: false })
  if (code !== 1) fail(`the example is meant to fail the gate (exit 1), but evalgate ${args.join(' ')} exited ${code}:\n${stderr.join('')}`)
  return { report, results }
}

/**
 * Measured in the page, details folded (as GitHub shows a comment): its height, where each
 * expected text first shows, and the tables and code blocks starting in the first screen that
 * are wider than their column (what a reader has to scroll sideways to see). Kept as the page's
 * own JavaScript, so the DOM's types stay out of the Node program's.
 */
const MEASURE_IN_PAGE = String.raw`({ width, expected, firstScreen }) => {
  const body = document.querySelector('.markdown-body')
  const height = Math.ceil(document.documentElement.scrollHeight)
  // the first rendered occurrence of each text: text in a folded <details> has no box
  const texts = []
  const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT)
  for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n)
  const tops = expected.map((e) => {
    for (const node of texts) {
      const at = node.textContent.indexOf(e.text)
      if (at === -1) continue
      const range = document.createRange()
      range.setStart(node, at)
      range.setEnd(node, at + e.text.length)
      const rect = Array.from(range.getClientRects()).find((r) => r.width > 0 && r.height > 0)
      if (rect) return { ...e, top: rect.top + window.scrollY }
    }
    return { ...e, top: null }
  })
  const wide = Array.from(body.querySelectorAll('table, pre')).flatMap((el, i) => {
    const box = el.getBoundingClientRect()
    if (box.height === 0 || box.top + window.scrollY >= firstScreen) return []
    if (el.scrollWidth <= el.clientWidth && box.right <= width) return []
    const name = el.tagName === 'TABLE'
      ? 'table (' + Array.from(el.querySelectorAll('thead th')).map((th) => th.textContent.trim()).join(' | ') + ')'
      : 'code block "' + el.textContent.slice(0, 40) + '…"'
    return [name + ' #' + (i + 1) + ' is ' + el.scrollWidth + ' px wide in ' + el.clientWidth + ' px']
  })
  return { width, height, tops, wide }
}`

async function measure(page: Page, width: number, expected: readonly Expectation[]): Promise<Measured> {
  return (await page.evaluate(`(${MEASURE_IN_PAGE})(${JSON.stringify({ width, expected, firstScreen: FIRST_SCREEN_PX })})`)) as Measured
}

async function shoot(executablePath: string, html: string, expected: readonly Expectation[]): Promise<Measured[]> {
  // Chromium refuses to run as root with its sandbox on; the page is a local file we wrote.
  const args = process.getuid?.() === 0 ? ['--no-sandbox'] : []
  const { default: puppeteer } = await import('puppeteer-core')
  const browser = await puppeteer.launch({ executablePath, headless: true, args })
  const measured: Measured[] = []
  try {
    const page = await browser.newPage()
    // GitHub strips scripts from comments; so does this page
    await page.setJavaScriptEnabled(false)
    for (const width of WIDTHS) {
      await page.setViewport({ width, height: FIRST_SCREEN_PX })
      await page.goto(pathToFileURL(resolve(html)).href, { waitUntil: 'load' })
      const png = `${OUT}/comment-${width}.png`
      await page.screenshot({ path: png, fullPage: true })
      const m = await measure(page, width, expected)
      measured.push(m)
      console.log(`${png}: ${m.height} px tall at ${width} px`)
      if (width === WIDTHS[0]) for (const t of m.tops) console.log(`  ${t.what}: ${t.top === null ? 'not shown' : `at ${Math.round(t.top)} px`}`)
    }
  } finally {
    await browser.close()
  }
  return measured
}

const given = parseArgs(process.argv.slice(2))
// --report and --results are read from where the command was typed; everything else lives in the repository
const from = (file: string | null) => (file === null ? null : resolve(process.env.INIT_CWD ?? process.cwd(), file))
const [reportArg, resultsArg] = [from(given.report), from(given.results)]
process.chdir(fileURLToPath(new URL('..', import.meta.url)))
const browser = findBrowser(process.env, process.cwd())
if (!browser.found) fail(browser.error)
mkdirSync(OUT, { recursive: true })
const files = reportArg ? { report: reportArg, results: resultsArg } : await exampleReport()
const read = (file: string, flag: string): string => {
  try {
    return readFileSync(file, 'utf8')
  } catch (err) {
    fail(`cannot read ${flag} ${file}: ${(err as Error).message}. Give the path of a file written by evalgate run ${flag}.`)
  }
}
const markdown = read(files.report, '--report')
const expected = files.results ? firstScreenExpectations(JSON.parse(read(files.results, '--results')) as Parameters<typeof firstScreenExpectations>[0], WORST_SHOWN) : []
const css = readFileSync(createRequire(import.meta.url).resolve('github-markdown-css/github-markdown-light.css'), 'utf8')
const html = `${OUT}/comment.html`
writeFileSync(html, commentPage(markdown, css, `evalgate comment: ${files.report}`))
console.log(`Rendering ${files.report} (${Buffer.byteLength(markdown)} bytes) with ${browser.path} (${browser.source})`)
const problems = sizeProblems(await shoot(browser.path, html, expected))
if (problems.length === 0) console.log('Every limit holds.')
else {
  console.log(`${problems.length} limit${problems.length === 1 ? '' : 's'} exceeded:`)
  for (const p of problems) console.log(`  - ${p}`)
  process.exitCode = 1
}
