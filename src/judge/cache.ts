import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { z } from 'zod'

/**
 * Content-addressed cache of successful model responses: the key is a hash of the endpoint
 * kind, the model and the full request body, so the same request is never sent twice and a
 * changed prompt is never served an old answer. Errors are never cached. Writes go to a
 * temporary file renamed into place, so a cancelled run leaves no half-written entry.
 *
 * The cache can only save money, never cost a run: an entry that is not JSON or does not
 * match its schema is a miss (the call is made and the entry rewritten), and a write that
 * fails (full disk, read-only folder) is skipped; both are counted for one warning per run.
 */
export class ResponseCache {
  readonly dir: string | null
  private malformed = 0
  private failedWrites = 0
  private firstWriteError = ''
  /**
   * Temporary names: this process's pid and a random tag drawn once (a pid can come back in a
   * later run), then a count per write. A judge run writes an entry per call, and fresh random
   * bytes and a mkdir per call were a sixth of its CPU time (issue 13).
   */
  private readonly tempTag = `${process.pid}.${randomBytes(4).toString('hex')}`
  private writes = 0
  /** The two-character folders made (or found) this run: each is made once, not once per write. */
  private readonly folders = new Set<string>()

  constructor(dir: string | null) {
    this.dir = dir
  }

  static key(kind: string, model: string, body: unknown): string {
    return createHash('sha256')
      .update(JSON.stringify([kind, model, body]))
      .digest('hex')
  }

  get<S extends z.ZodType>(key: string, schema: S): z.output<S> | undefined {
    if (!this.dir) return undefined
    const path = entryPath(this.dir, key)
    // a miss is most lookups of a cold run: answered without an exception (and its stack trace) each
    if (!existsSync(path)) return undefined
    let text: string
    try {
      text = readFileSync(path, 'utf8')
    } catch {
      // a missing or unreadable entry is a plain miss
      return undefined
    }
    try {
      const parsed = schema.safeParse(JSON.parse(text))
      if (parsed.success) return parsed.data
    } catch {
      // not JSON: counted below like an entry of the wrong shape
    }
    this.malformed += 1
    return undefined
  }

  set(key: string, value: unknown): void {
    const { dir } = this
    if (!dir) return
    const path = entryPath(dir, key)
    this.writes += 1
    const temp = `${path}.${this.tempTag}.${this.writes}.tmp`
    const text = JSON.stringify(value)
    const folder = key.slice(0, 2)
    try {
      try {
        this.write(dir, folder, temp, text, path)
      } catch (error) {
        // a folder made earlier in the run has gone (a cleaned cache): made again, once
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || !this.folders.delete(folder)) throw error
        this.write(dir, folder, temp, text, path)
      }
    } catch (error) {
      this.failedWrites += 1
      if (!this.firstWriteError) this.firstWriteError = (error as Error).message
      try {
        rmSync(temp, { force: true })
      } catch {
        // the folder that refused the write may refuse this too; there is nothing left to clean
      }
    }
  }

  private write(dir: string, folder: string, temp: string, text: string, path: string): void {
    if (!this.folders.has(folder)) {
      mkdirSync(join(dir, folder), { recursive: true })
      this.folders.add(folder)
    }
    writeFileSync(temp, text)
    renameSync(temp, path)
  }

  /** What went wrong with the cache this run, in sentences for one warning each; empty when nothing did. */
  problems(): string[] {
    const problems: string[] = []
    if (this.malformed > 0) {
      problems.push(
        `judge cache: ${this.malformed} entr${this.malformed === 1 ? 'y' : 'ies'} in ${this.dir} did not match ${this.malformed === 1 ? 'its' : 'their'} schema and ${this.malformed === 1 ? 'was' : 'were'} ignored; the calls were made again`,
      )
    }
    if (this.failedWrites > 0) {
      problems.push(
        `judge cache: ${this.failedWrites} answer${this.failedWrites === 1 ? '' : 's'} could not be saved in ${this.dir} (${this.firstWriteError}); this run used ${this.failedWrites === 1 ? 'it' : 'them'}, but the next run pays for ${this.failedWrites === 1 ? 'it' : 'them'} again. Fix: free disk space or make the folder writable (judge.cache_dir), or turn the cache off (--no-cache)`,
      )
    }
    return problems
  }
}

function entryPath(dir: string, key: string): string {
  return join(dir, key.slice(0, 2), `${key}.json`)
}
