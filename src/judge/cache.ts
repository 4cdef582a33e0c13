import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Content-addressed cache of successful model responses: the key is a hash of the endpoint
 * kind, the model and the full request body, so the same request is never sent twice and a
 * changed prompt is never served an old answer. Errors are never cached. Writes go to a
 * temporary file renamed into place, so a cancelled run leaves no half-written entry.
 */
export class ResponseCache {
  readonly dir: string | null

  constructor(dir: string | null) {
    this.dir = dir
  }

  static key(kind: string, model: string, body: unknown): string {
    return createHash('sha256').update(JSON.stringify([kind, model, body])).digest('hex')
  }

  get<T>(key: string): T | undefined {
    if (!this.dir) return undefined
    try {
      return JSON.parse(readFileSync(this.path(key), 'utf8')) as T
    } catch {
      // a missing or unreadable entry is a miss; the call is made and the entry rewritten
      return undefined
    }
  }

  set(key: string, value: unknown): void {
    if (!this.dir) return
    const path = this.path(key)
    mkdirSync(join(this.dir, key.slice(0, 2)), { recursive: true })
    const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
    writeFileSync(temp, JSON.stringify(value))
    renameSync(temp, path)
  }

  private path(key: string): string {
    return join(this.dir!, key.slice(0, 2), `${key}.json`)
  }
}
