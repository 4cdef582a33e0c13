import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { main } from '../../src/cli/main.ts'
import { parseResults, writeResultsFile } from '../../src/baseline/resultsFile.ts'
import type { Baseline } from '../../src/schemas/baseline.ts'
import type { Results } from '../../src/schemas/results.ts'

/** Small committed fixtures: the eval set and the two predictions files of the round trip. */
export const FIXTURES = fileURLToPath(new URL('../fixtures/cli/', import.meta.url))
export const fixture = (name: string): string => join(FIXTURES, name)

export interface CliRun {
  code: number
  stdout: string
  stderr: string
}

/** Runs the CLI in-process, capturing what it prints. */
export async function runCli(argv: readonly string[], env?: Readonly<Record<string, string | undefined>>): Promise<CliRun> {
  const stdout: string[] = []
  const stderr: string[] = []
  const code = await main(argv, {
    stdout: (text) => stdout.push(text),
    stderr: (text) => stderr.push(text),
    color: false,
    now: () => new Date('2026-01-02T03:04:05.000Z'),
    ...(env ? { env } : {}),
  })
  return { code, stdout: stdout.join(''), stderr: stderr.join('') }
}

const dirs: string[] = []

/**
 * A fresh temp dir with an empty `evalgate.yml`-style config in it, so a test never picks up
 * the repository's own evalgate.yml (main reads it from the cwd when --config is absent).
 */
export function makeTempDir(): { dir: string; config: string; path: (name: string) => string } {
  const dir = mkdtempSync(join(tmpdir(), 'evalgate-'))
  dirs.push(dir)
  const config = join(dir, 'empty.yml')
  writeFileSync(config, '')
  return { dir, config, path: (name) => join(dir, name) }
}

export function cleanupTempDirs(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
}

export function writeText(file: string, text: string): string {
  writeFileSync(file, text)
  return file
}

export function writeJson(file: string, value: unknown): string {
  return writeText(file, JSON.stringify(value, null, 2) + '\n')
}

/** `results` written as evalgate writes results.json (the current schema); returns the path. */
export function writeResults(file: string, results: Results): string {
  writeResultsFile(file, results)
  return file
}

/** A results.json as evalgate reads it (any schema, the current one decoded). */
export function readResults(file: string): Results {
  return parseResults(JSON.parse(readFileSync(file, 'utf8')), file)
}

export function readBaseline(file: string): Baseline & Record<string, unknown> {
  return JSON.parse(readFileSync(file, 'utf8')) as Baseline & Record<string, unknown>
}

/** A shell-quoted argument (single quotes), for building --candidate-cmd strings. */
export function sh(arg: string): string {
  return `'${arg.replace(/'/g, `'\\''`)}'`
}

/** `node <fixture>` with this very node binary, so the test does not depend on PATH. */
export function nodeCommand(script: string, ...args: string[]): string {
  return [process.execPath, script, ...args].map(sh).join(' ')
}
