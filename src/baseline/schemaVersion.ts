import { GateError } from '../io/errors.ts'

/**
 * A file's schema_version checked before its schema: a version this evalgate does not know is
 * a file written by a newer (or a future) evalgate, and the fix is a newer evalgate or the
 * file written again, not "a baseline needs at least version, eval_set_version and metrics".
 */
export function checkSchemaVersion(data: unknown, path: string, what: 'baseline' | 'results', known: readonly number[], rewrite: string): void {
  if (typeof data !== 'object' || data === null || !('schema_version' in data)) return
  const version = (data as { schema_version: unknown }).schema_version
  if (version === undefined || known.includes(version as number)) return
  const versions = known.length > 1 ? `${known.slice(0, -1).join(', ')} or ${known.at(-1)}` : String(known[0])
  const readable = `${what === 'baseline' ? 'baseline.json' : 'results.json'} schema_version ${versions}`
  if (typeof version === 'number' && Number.isInteger(version) && version > Math.max(...known)) {
    throw new GateError(
      'bad_input',
      `${path}: schema_version ${version} is newer than this evalgate reads (${readable}): the file was written by a newer evalgate`,
      `update evalgate to the version that wrote it (the Action's uses: tag, or the CLI you run), or write the file again with this evalgate: ${rewrite}`,
    )
  }
  throw new GateError('bad_input', `${path}: schema_version is ${JSON.stringify(version)}, but this evalgate reads ${readable}`, `fix the number, or write the file again: ${rewrite}`)
}
