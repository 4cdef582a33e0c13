/**
 * npm run screenshots: the example's PR comment as GitHub shows it, at phone and laptop
 * width, so anyone changing src/report/ can look at it before and after.
 *
 * Runs the example offline exactly as `npm run demo` does (or takes `--report FILE`, a report
 * written earlier), renders it with marked (GitHub-flavoured) inside github-markdown-css, and
 * screenshots the full page in headless Chromium at 390 px and 900 px:
 * out/screenshots/comment-390.png and comment-900.png, beside comment.html and report.md.
 * Exit codes: 0 written, 2 no browser or bad input. Never part of `npm test` or CI.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Page } from 'puppeteer-core'
import { commentPage, findBrowser, WIDTHS } from './screenshotParts.ts'

const OUT = 'out/screenshots'

function fail(message: string): never {
  console.error(`screenshots: ${message}`)
  process.exit(2)
}

function parseArgs(argv: readonly string[]): { report: string | null } {
  if (argv.length === 0) return { report: null }
  if (argv[0] === '--report' && argv.length === 2 && argv[1]) return { report: argv[1] }
  fail(`unknown arguments "${argv.join(' ')}": use no arguments (runs the example) or --report FILE (a report.md written earlier)`)
}

/** The example's comment, produced the way `npm run demo` produces it: the gate run offline on the bundled example. */
async function exampleReport(): Promise<string> {
  const report = `${OUT}/report.md`
  // loaded only once a browser is found, so a missing one is reported at once
  const { main } = await import('../src/cli/main.ts')
  const stderr: string[] = []
  const args = ['run', '--config', 'evalgate.yml', '--out', `${OUT}/results.json`, '--report', report]
  const code = await main(args, { stdout: () => undefined, stderr: (t) => stderr.push(t), color: false })
  if (code === 2) fail(`the example could not run (evalgate ${args.join(' ')} exited 2):\n${stderr.join('')}`)
  return report
}

/** Tables wider than the column they sit in: what a reader has to scroll sideways to see. */
async function clippedTables(page: Page): Promise<string[]> {
  return page.$$eval('.markdown-body table', (tables) =>
    tables.flatMap((table, i) => {
      const box = table.getBoundingClientRect()
      if (table.scrollWidth <= table.clientWidth) return []
      const right = box.left + table.clientWidth
      const headers = [...table.querySelectorAll('thead th')].map((th) => ({ name: th.textContent?.trim() ?? '', right: th.getBoundingClientRect().right }))
      const hidden = headers.filter((h) => h.right > right + 1).map((h) => h.name || '(blank)')
      const inDetails = table.closest('details') !== null ? ', inside <details>' : ''
      return [`table ${i + 1}${inDetails} (${headers.map((h) => h.name).join(' | ')}): ${table.scrollWidth} px in ${table.clientWidth} px; off-screen, wholly or partly: ${hidden.join(', ')}`]
    }),
  )
}

async function shoot(executablePath: string, html: string): Promise<void> {
  // Chromium refuses to run as root with its sandbox on; the page is a local file we wrote.
  const args = process.getuid?.() === 0 ? ['--no-sandbox'] : []
  const { default: puppeteer } = await import('puppeteer-core')
  const browser = await puppeteer.launch({ executablePath, headless: true, args })
  try {
    const page = await browser.newPage()
    // GitHub strips scripts from comments; so does this page
    await page.setJavaScriptEnabled(false)
    for (const width of WIDTHS) {
      await page.setViewport({ width, height: 800 })
      await page.goto(pathToFileURL(resolve(html)).href, { waitUntil: 'load' })
      const png = `${OUT}/comment-${width}.png`
      await page.screenshot({ path: png, fullPage: true })
      const clipped = await clippedTables(page)
      console.log(`${png}${clipped.length === 0 ? ': no table scrolls sideways' : ''}`)
      for (const line of clipped) console.log(`  ${line}`)
    }
  } finally {
    await browser.close()
  }
}

const given = parseArgs(process.argv.slice(2)).report
// --report is read from where the command was typed; everything else lives in the repository
const reportArg = given === null ? null : resolve(process.env.INIT_CWD ?? process.cwd(), given)
process.chdir(fileURLToPath(new URL('..', import.meta.url)))
const browser = findBrowser(process.env, process.cwd())
if (!browser.found) fail(browser.error)
mkdirSync(OUT, { recursive: true })
const reportFile = reportArg ?? (await exampleReport())
let markdown: string
try {
  markdown = readFileSync(reportFile, 'utf8')
} catch (err) {
  fail(`cannot read --report ${reportFile}: ${(err as Error).message}. Give the path of a report.md written by evalgate run --report.`)
}
const css = readFileSync(createRequire(import.meta.url).resolve('github-markdown-css/github-markdown-light.css'), 'utf8')
const html = `${OUT}/comment.html`
writeFileSync(html, commentPage(markdown, css, `evalgate comment: ${reportFile}`))
console.log(`Rendering ${reportFile} with ${browser.path} (${browser.source})`)
await shoot(browser.path, html)
