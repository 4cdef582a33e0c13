import { z } from 'zod'
import { idRecord, normaliseId } from '../text/ids.ts'

/**
 * An id as a file gives it: a string, or a whole number that JSON holds exactly. JSON.parse
 * rounds a number beyond 2^53 (9007199254740993 → 9007199254740992), so two such ids would
 * silently become one: that is an error, with the fix (quote it).
 */
export const idValue = z.union([z.string(), z.number()]).transform((v, ctx) => {
  if (typeof v === 'number' && !(Math.abs(v) <= Number.MAX_SAFE_INTEGER)) {
    ctx.addIssue({
      code: 'custom',
      message: `id ${String(v)} is a number beyond 2^53, which JSON cannot hold exactly (it may already have lost digits): write the id as a string, e.g. "${String(v)}"`,
    })
    return z.NEVER
  }
  return normaliseId(String(v))
})

/** A required id: normalised (NFC, trimmed) and not empty. */
export function idField(emptyMessage: string) {
  return idValue.pipe(z.string().min(1, emptyMessage))
}

/**
 * A JSON object keyed by ids (results.json / baseline.json `questions`, `by_category`).
 * zod's z.record drops a `__proto__` key and builds a plain object; this keeps every key, in a
 * record without a prototype, with keys NFC-normalised (two keys that normalise alike are an
 * error: the file holds one question twice).
 */
export function idRecordSchema<V extends z.ZodType>(value: V) {
  return z
    .custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), { message: 'expected an object keyed by id' })
    .transform((input, ctx) => {
      const out = idRecord<z.output<V>>()
      for (const key of Object.keys(input)) {
        const id = key.normalize('NFC')
        if (Object.hasOwn(out, id)) {
          ctx.addIssue({ code: 'custom', message: `"${key}" is listed twice (once in another Unicode normalisation form)`, path: [key] })
          continue
        }
        const parsed = value.safeParse(input[key])
        if (parsed.success) out[id] = parsed.data
        // each issue as it is, under its key: its kind stays for whoever explains it (run/config/settingProblem.ts)
        else for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: [key, ...issue.path] })
      }
      return out
    })
}
