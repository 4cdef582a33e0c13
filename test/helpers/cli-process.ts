/**
 * The CLI (or the Action) as a separate process, for what an in-process run cannot show: a
 * `kill -9`, the exit status, what reaches stderr. The entry (src/cli/bin.ts, src/index.ts)
 * is bundled once into one ESM file, as dist/ is, because a process that loads the sources
 * through tsx spends ~2 s starting while the bundle starts in ~0.3 s, and the kill tests start
 * dozens. Without esbuild (tsx's own dependency) the sources run through tsx: slower, same
 * behaviour.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)))
export const CLI_ENTRY = join(ROOT, 'src', 'cli', 'bin.ts')
export const ACTION_ENTRY = join(ROOT, 'src', 'index.ts')

/** `node <bundle>` or `node --import tsx <entry>`: the argv that starts the CLI (or the Action). */
export async function cliCommand(dir: string, entry = CLI_ENTRY): Promise<string[]> {
  const outfile = join(dir, entry === CLI_ENTRY ? 'evalgate-cli.mjs' : 'evalgate-action.mjs')
  try {
    const esbuild = (await import('esbuild')) as typeof import('esbuild')
    await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile,
      // the CommonJS dependencies inside an ESM bundle need a require
      banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
      logLevel: 'silent',
    })
    return [process.execPath, outfile]
  } catch {
    return [process.execPath, '--import', 'tsx', entry]
  }
}

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
