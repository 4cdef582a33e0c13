/**
 * The parts of `npm run screenshots` that need no browser: the Markdown comment as a page
 * styled like GitHub's, and where the browser comes from.
 */
import { accessSync, constants, statSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { marked } from 'marked'

/** The widths a reviewer reads the comment at: a phone, and a laptop's PR conversation column. */
export const WIDTHS = [390, 900] as const

/** Where `npm run screenshots:browser` leaves its launcher (Debian's chromium, unpacked, no root). */
export const LOCAL_BROWSER = 'out/chromium/chromium'

/** The names a browser goes by on PATH, in the order they are tried. */
export const PATH_NAMES = ['chromium', 'chromium-browser', 'google-chrome'] as const

/** How to get a browser, printed when none is found. */
export const NO_BROWSER_HINT = [
  'npm run screenshots needs Chromium or Chrome. Any one of these works:',
  "  - npm run screenshots:browser   (downloads Debian's chromium and the libraries this machine lacks",
  '                                   with apt-get download and unpacks them into out/chromium/; no root needed)',
  '  - apt-get install chromium      (as root, on Debian or Ubuntu)',
  '  - CHROMIUM_PATH=/path/to/chrome npm run screenshots',
].join('\n')

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * The comment as GitHub shows it: GitHub-flavoured Markdown (tables, raw <details> kept)
 * inside `.markdown-body` with GitHub's stylesheet and the padding github-markdown-css
 * recommends (15 px on a phone).
 */
export function commentPage(markdown: string, css: string, title: string): string {
  const body = marked.parse(markdown, { gfm: true, breaks: false, async: false })
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
${css}
body { margin: 0; background: #ffffff; }
.markdown-body { box-sizing: border-box; min-width: 200px; max-width: 980px; margin: 0 auto; padding: 45px; }
@media (max-width: 767px) { .markdown-body { padding: 15px; } }
</style>
</head>
<body>
<article class="markdown-body">
${body}
</article>
</body>
</html>
`
}

export type BrowserLookup = { found: true; path: string; source: string } | { found: false; error: string }

const executable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK)
    return statSync(file).isFile()
  } catch {
    return false
  }
}

/**
 * The browser to launch: CHROMIUM_PATH, then chromium / chromium-browser / google-chrome on
 * PATH, then the local one from `npm run screenshots:browser` (relative to `root`). A
 * CHROMIUM_PATH that names no executable is an error, never skipped.
 */
export function findBrowser(env: NodeJS.ProcessEnv, root: string): BrowserLookup {
  const configured = env.CHROMIUM_PATH
  if (configured !== undefined && configured !== '') {
    if (executable(configured)) return { found: true, path: configured, source: 'CHROMIUM_PATH' }
    return { found: false, error: `CHROMIUM_PATH=${configured} is not an executable file: point it at a Chromium or Chrome binary, or unset it to search PATH.` }
  }
  const dirs = (env.PATH ?? '').split(delimiter).filter((d) => d !== '')
  for (const name of PATH_NAMES) {
    for (const dir of dirs) {
      const file = join(dir, name)
      if (executable(file)) return { found: true, path: file, source: `${name} on PATH` }
    }
  }
  const local = join(root, LOCAL_BROWSER)
  if (executable(local)) return { found: true, path: local, source: 'npm run screenshots:browser' }
  return { found: false, error: `No browser found (CHROMIUM_PATH is unset; no ${PATH_NAMES.join(', ')} on PATH; no ${LOCAL_BROWSER}).\n${NO_BROWSER_HINT}` }
}

/** The limits of issue 29 (SPEC §7), details folded: the whole comment's height per width, and the phone's first screen. */
export const HEIGHT_LIMITS: Readonly<Record<(typeof WIDTHS)[number], number>> = { 390: 1_700, 900: 1_000 }
export const FIRST_SCREEN_PX = 800

/** How much of a worst question's reason the first screen must show: enough to say why, short of where a long reason is cut. */
const REASON_CHARS = 24

/** One thing the first screen at 390 px must show, and the text that shows it. */
export interface Expectation {
  what: string
  text: string
}

/** What a browser measured at one width: the page's height, where each expected text starts, and what scrolls sideways in the first screen. */
export interface Measured {
  width: number
  height: number
  /** top of each expectation's text, in px from the page's top; null when not shown (absent, or folded away) */
  tops: Array<{ what: string; text: string; top: number | null }>
  /** tables and code blocks starting in the first screen that are wider than the column they sit in */
  wide: string[]
}

/**
 * What a reviewer on a phone must see without scrolling (issue 29): the verdict, every metric
 * that failed the gate, and the worst questions (the first few regressed ids, as the comment's
 * "Worst questions" lists them). Taken from results.json, not from the comment, so the check
 * does not trust the renderer it checks.
 */
export function firstScreenExpectations(
  results: {
    comparison: { verdict: string; failures: ReadonlyArray<{ kind: string; metric?: string }>; regressions: ReadonlyArray<{ id: string; reason: string | null }> } | null
  },
  worstShown: number,
): Expectation[] {
  const c = results.comparison
  if (!c) return []
  const out: Expectation[] = [{ what: 'the verdict', text: c.verdict === 'fail' ? 'gate failed' : c.verdict === 'pass' ? 'gate passed' : 'evalgate' }]
  const metrics = [...new Set(c.failures.flatMap((f) => (typeof f.metric === 'string' ? [f.metric] : [])))]
  for (const metric of metrics) out.push({ what: `failing metric ${metric}`, text: metric })
  // each worst question with the reason of its worst row (the first words: a long one is cut)
  const ids = [...new Set(c.regressions.map((q) => q.id))].slice(0, worstShown)
  for (const id of ids) {
    out.push({ what: `worst question ${id}`, text: id })
    const reason = c.regressions.find((q) => q.id === id)?.reason
    if (reason) out.push({ what: `the reason ${id} got worse`, text: reason.slice(0, REASON_CHARS) })
  }
  return out
}

/** Every limit a measurement breaks, in words; empty when all hold. */
export function sizeProblems(measured: readonly Measured[]): string[] {
  const problems: string[] = []
  for (const m of measured) {
    const limit = HEIGHT_LIMITS[m.width as (typeof WIDTHS)[number]]
    if (limit !== undefined && m.height > limit) problems.push(`${m.width} px: the comment is ${m.height} px tall, more than ${limit} px`)
    if (m.width !== WIDTHS[0]) continue
    for (const t of m.tops) {
      if (t.top === null) problems.push(`${m.width} px: ${t.what} ("${t.text}") is not shown unfolded`)
      else if (t.top >= FIRST_SCREEN_PX) problems.push(`${m.width} px: ${t.what} ("${t.text}") starts at ${Math.round(t.top)} px, below the first ${FIRST_SCREEN_PX} px`)
    }
    for (const w of m.wide) problems.push(`${m.width} px: in the first screen, ${w}`)
  }
  return problems
}
