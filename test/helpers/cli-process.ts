/**
 * The CLI (or the Action) as a separate process, for what an in-process run cannot show: a
 * `kill -9`, the exit status, what reaches stderr. The entry (src/cli/bin.ts, src/index.ts)
 * is bundled into one ESM file, as dist/ is, because a process that loads the sources
 * through tsx spends ~2 s starting while the bundle starts in ~0.3 s, and the kill tests start
 * dozens. The bundle is built once per version of the sources and shared by every test file
 * (files run concurrently: the first to need it builds it, the rest copy it). Without esbuild
 * (tsx's own dependency) the sources run through tsx: slower, same behaviour.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)))
export const CLI_ENTRY = join(ROOT, 'src', 'cli', 'bin.ts')
export const ACTION_ENTRY = join(ROOT, 'src', 'index.ts')

/** `node <bundle>` or `node --import tsx <entry>`: the argv that starts the CLI (or the Action); the bundle is a copy in `dir`. */
export async function cliCommand(dir: string, entry = CLI_ENTRY): Promise<string[]> {
  const outfile = join(dir, entry === CLI_ENTRY ? 'evalgate-cli.mjs' : 'evalgate-action.mjs')
  try {
    copyFileSync(await sharedBundle(entry), outfile)
    return [process.execPath, outfile]
  } catch {
    return [process.execPath, '--import', 'tsx', entry]
  }
}

/**
 * The entry bundled in a cache folder of this checkout, named by a hash of the sources and the
 * lockfile: a changed source gets a new bundle, an unchanged one is never built twice.
 */
async function sharedBundle(entry: string): Promise<string> {
  const cache = join(tmpdir(), `evalgate-test-bundles-${hash(ROOT).slice(0, 12)}`)
  const name = relative(ROOT, entry).replace(/[^a-z0-9]+/gi, '-')
  const bundle = join(cache, `${name}-${sourcesHash()}.mjs`)
  if (existsSync(bundle)) return bundle
  mkdirSync(cache, { recursive: true })
  const building = `${bundle}.${process.pid}.tmp`
  const esbuild = (await import('esbuild')) as typeof import('esbuild')
  await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: building,
    // the CommonJS dependencies inside an ESM bundle need a require
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'silent',
  })
  // rename is atomic: a file running beside this one sees no bundle or a whole one
  renameSync(building, bundle)
  for (const old of readdirSync(cache)) if (old.startsWith(`${name}-`) && join(cache, old) !== bundle && !old.endsWith('.tmp')) rmSync(join(cache, old), { force: true })
  return bundle
}

let sources: string | undefined
function sourcesHash(): string {
  if (sources) return sources
  const digest = createHash('sha256')
  const walk = (dir: string): void => {
    for (const item of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, item.name)
      if (item.isDirectory()) walk(path)
      else digest.update(relative(ROOT, path)).update('\0').update(readFileSync(path)).update('\0')
    }
  }
  walk(join(ROOT, 'src'))
  digest.update(readFileSync(join(ROOT, 'package-lock.json')))
  return (sources = digest.digest('hex').slice(0, 16))
}

const hash = (text: string): string => createHash('sha256').update(text).digest('hex')

export interface ProcessRun {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

/** Starts the command in the repository root (or `cwd`); `started` sees the child (to kill it). */
export function runCliProcess(command: readonly string[], args: readonly string[], started?: (child: ChildProcess) => void, env: NodeJS.ProcessEnv = process.env, cwd = ROOT): Promise<ProcessRun> {
  const child = spawn(command[0]!, [...command.slice(1), ...args], { cwd, env: { ...env, NO_COLOR: '1' } })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  started?.(child)
  return new Promise((done, failed) => {
    child.on('error', failed)
    child.on('close', (code, signal) => done({ code, signal, stdout, stderr }))
  })
}
