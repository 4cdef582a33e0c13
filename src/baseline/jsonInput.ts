import { jsonErrorAt } from '../io/errors.ts'
import { openInput } from '../io/input.ts'
import { parseLinedJson, readLinedJson } from './readJson.ts'

/**
 * A baseline or a results.json, read with the input cap: a regular file in writeJsonFile's
 * large layout is parsed line by line (readJson.ts), anything else is its text, invalid bytes
 * as U+FFFD (decoding the bytes read costs a third less on Node 20 than readFileSync(path,
 * 'utf8'): a 74 MB baseline ~2.1 -> ~1.5 s CPU), with a UTF-8 byte order mark dropped, as an
 * eval set's is (an editor on Windows adds one).
 */
export async function readJsonInput(path: string, what: string): Promise<{ lined: unknown; text: string | undefined }> {
  const input = await openInput(path, what)
  try {
    if (input.kind.kind === 'file') {
      const lined = readLinedJson(path)
      if (lined !== undefined) return { lined, text: undefined }
    }
    const bytes = await input.readAll()
    const lined = input.kind.kind === 'stream' ? parseLinedJson(bytes) : undefined
    return { lined, text: lined === undefined ? bytes.toString('utf8').replace(/^\uFEFF/, '') : undefined }
  } finally {
    await input.close()
  }
}

/** What is wrong at the place JSON.parse stopped: a NaN or Infinity said as such, else V8's words. */
export function jsonProblem(text: string, error: unknown): string {
  const at = jsonErrorAt(text, error)
  const word = at === null ? null : /^-?(?:NaN|Infinity)/.exec(text.slice(at, at + 9))?.[0]
  return word ? `${word} is not a JSON number` : (error as Error).message
}

export function nanFix(text: string, error: unknown): string | undefined {
  return jsonProblem(text, error).endsWith('is not a JSON number') ? 'write null for a value nobody could compute (evalgate counts a null, never averages it), or a number' : undefined
}
