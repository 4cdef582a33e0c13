import { redactAt, redactMember, type TextPaths } from './redactValues.ts'
import { writeFileStreamed, type Sink, type WriteFs } from './safeWrite.ts'

/** Up to this many questions a results or baseline file is indented for people to read. */
const READABLE_UP_TO = 2_000

/**
 * Writes results.json / baseline.json with its `questions` streamed entry by entry, so a
 * 100,000-question run never builds one giant string. Small files are indented for reading
 * and diffs; large ones are written one question per line. Through the safe writer, so the
 * target is always either the old file or the new one. The strings at `outsideText` (text from
 * the candidate or the judge) are redacted as values, before they are serialised.
 */
export function writeJsonFile(path: string, data: Record<string, unknown>, outsideText: TextPaths, fs?: WriteFs): void {
  writeFileStreamed(path, (write) => streamJson(write, data, outsideText), fs)
}

function streamJson(write: Sink, data: Record<string, unknown>, outsideText: TextPaths): void {
  const questions = data.questions as Record<string, unknown> | undefined
  const count = questions ? Object.keys(questions).length : 0
  if (count <= READABLE_UP_TO) {
    write(JSON.stringify(redactAt(data, outsideText), null, 2) + '\n')
    return
  }
  const keys = Object.keys(data)
  write('{\n')
  keys.forEach((key, k) => {
    const last = k === keys.length - 1
    if (key !== 'questions') {
      write(`${JSON.stringify(key)}: ${JSON.stringify(redactMember(data[key], outsideText, key))}${last ? '' : ','}\n`)
      return
    }
    write('"questions": {\n')
    const ids = Object.keys(questions!)
    // one string per question: the writer encodes each into its buffer (a string joined from
    // 100,000 pieces would cost more to encode than to build)
    ids.forEach((id, i) => write(`${JSON.stringify(id)}: ${JSON.stringify(redactMember(questions![id], outsideText, 'questions', id))}${i === ids.length - 1 ? '' : ','}\n`))
    write(`}${last ? '' : ','}\n`)
  })
  write('}\n')
}
