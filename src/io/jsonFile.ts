import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'

/** Up to this many questions a results or baseline file is indented for people to read. */
const READABLE_UP_TO = 2_000

/**
 * Writes results.json / baseline.json with its `questions` streamed entry by entry, so a
 * 100,000-question run never builds one giant string. Small files are indented for reading
 * and diffs; large ones are written one question per line.
 */
export function writeJsonFile(path: string, data: Record<string, unknown>): void {
  mkdirSync(dirname(path), { recursive: true })
  const questions = data.questions as Record<string, unknown> | undefined
  const count = questions ? Object.keys(questions).length : 0
  const fd = openSync(path, 'w')
  try {
    if (count <= READABLE_UP_TO) {
      writeSync(fd, JSON.stringify(data, null, 2) + '\n')
      return
    }
    const keys = Object.keys(data)
    writeSync(fd, '{\n')
    keys.forEach((key, k) => {
      const last = k === keys.length - 1
      if (key !== 'questions') {
        writeSync(fd, `${JSON.stringify(key)}: ${JSON.stringify(data[key])}${last ? '' : ','}\n`)
        return
      }
      writeSync(fd, '"questions": {\n')
      const ids = Object.keys(questions!)
      let buffer = ''
      ids.forEach((id, i) => {
        buffer += `${JSON.stringify(id)}: ${JSON.stringify(questions![id])}${i === ids.length - 1 ? '' : ','}\n`
        if (buffer.length > 1 << 20) {
          writeSync(fd, buffer)
          buffer = ''
        }
      })
      writeSync(fd, `${buffer}}${last ? '' : ','}\n`)
    })
    writeSync(fd, '}\n')
  } finally {
    closeSync(fd)
  }
}
