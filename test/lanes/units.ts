/**
 * The unit lane: every test file that starts no process (`*.test.ts` but not
 * `*.process.test.ts`) imported into one shared process, so `node --import tsx` starts once per
 * lane instead of once per file (~0.9 s of CPU per file on this machine). The files are split
 * between the lanes by size, so lanes run side by side; `npm run test:fast` runs only them.
 */
import childProcess from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { syncBuiltinESMExports } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const TEST_ROOT = join(import.meta.dirname, '..')

/** The unit files, sorted: a file named `*.process.test.ts` runs alone and is not one. */
export function unitFiles(dir = TEST_ROOT): string[] {
  const files: string[] = []
  for (const item of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, item.name)
    if (item.isDirectory()) files.push(...unitFiles(path))
    else if (item.name.endsWith('.test.ts') && !item.name.endsWith('.process.test.ts')) files.push(path)
  }
  return files.sort()
}

/** Lane `lane` of `of`: the largest file first into the lightest lane, so lanes end together. */
export function laneFiles(lane: number, of: number): string[] {
  const weights = new Array<number>(of).fill(0)
  const lanes: string[][] = Array.from({ length: of }, () => [])
  const bySize = unitFiles()
    .map((file) => ({ file, size: statSync(file).size }))
    .sort((a, b) => b.size - a.size || (a.file < b.file ? -1 : 1))
  for (const { file, size } of bySize) {
    const lightest = weights.indexOf(Math.min(...weights))
    lanes[lightest]!.push(file)
    weights[lightest]! += size
  }
  return lanes[lane - 1]!.sort()
}

/**
 * Imports the lane's files one after another; their tests register in this process. A unit
 * file that starts a process fails with the rule, so the fast lane stays free of them.
 */
export async function runLane(lane: number, of: number): Promise<void> {
  refuseProcesses()
  for (const file of laneFiles(lane, of)) await import(pathToFileURL(file).href)
}

function refuseProcesses(): void {
  const starters = ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const
  const module = childProcess as unknown as Record<(typeof starters)[number], unknown>
  for (const name of starters) {
    module[name] = () => {
      throw new Error(`a unit test started a process (child_process.${name}): name its file *.process.test.ts so it runs alone (see the README's development section)`)
    }
  }
  // the ES module bindings (import { spawn } from 'node:child_process') follow the CommonJS exports
  syncBuiltinESMExports()
}
