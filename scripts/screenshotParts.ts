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
