/**
 * The runs whose results and report must never change with a speed-up (issue 13) or a new
 * layout of results.json (issue 32): the committed example (examples/hr-kb, its command
 * candidate, against its committed baseline) and a generated 1,000-question set (lexical
 * against a baseline, and judge none). Each output is normalised only where a run
 * legitimately differs from the next: timings, the start time and the temp dir. A results.json
 * is compared as evalgate reads it back, written out in the layout of schema 2 (every score,
 * note and interval by name), so it is held against the schema-2 files the code before
 * schema 3 wrote. test/fixtures/byte-identity/ holds those outputs (regenerate with
 * `node --import tsx test/fixtures/byte-identity/regenerate.ts` only when a change of scores
 * or wording is intended).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generate } from '../../bench/generate.ts'
import { runCli, readResults } from '../cli/harness.ts'

export const FIXTURE_DIR = new URL('../fixtures/byte-identity/', import.meta.url)

/** The large outputs are committed gzipped (the 1,000-question results.json is 3 MB of text). */
export const fixtureName = (name: string): string => (name.endsWith('results.json') && name.startsWith('gen') ? `${name}.gz` : name)

/** Timings, the start and creation times and the temp dir: everything else must match byte for byte. */
export function normalise(text: string, dir: string): string {
  return text
    .split(dir)
    .join('<tmp>')
    .replace(/("(?:started_at|created_at)": )"[^"]*"/g, '$1"<time>"')
    .replace(/("timings_ms": \{)[^}]*\}/g, '$1<timings>}')
    .replace(/(candidate|scoring|total|merge) \d+(?:\.\d+)? (m?s)\b/g, '$1 <t> $2')
}

/** A results.json as evalgate reads it, in the layout of schema 2: JSON.stringify's indented text of `Results`, schema_version 2. */
export function asSchema2(file: string): string {
  const written = (JSON.parse(readFileSync(file, 'utf8')) as { schema_version: unknown }).schema_version
  if (written !== 3) throw new Error(`${file}: written as schema_version ${String(written)}, expected 3`)
  return JSON.stringify({ ...readResults(file), schema_version: 2 }, null, 2) + '\n'
}

async function cli(argv: string[]): Promise<void> {
  const r = await runCli(argv)
  if (r.code === 2) throw new Error(`evalgate ${argv.join(' ')} exited 2:\n${r.stderr}`)
}

/** name → normalised output of every run above. Runs from the repository root (the example's paths are relative to it). */
export async function byteIdentityOutputs(): Promise<Map<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'evalgate-identity-'))
  const p = (name: string) => join(dir, name)
  const out = new Map<string, string>()
  const keep = (name: string) => out.set(name, normalise(name.endsWith('.json') ? asSchema2(p(name)) : readFileSync(p(name), 'utf8'), dir))
  try {
    await cli(['run', '--config', 'evalgate.yml', '--out', p('example-results.json'), '--report', p('example-report.md')])
    keep('example-results.json')
    keep('example-report.md')

    writeFileSync(p('none.yml'), '')
    writeFileSync(p('judge-none.yml'), 'judge:\n  provider: none\n')
    await generate(1000, p('eval.csv'), p('v1.jsonl'), 0.85, 1)
    await generate(1000, p('same.csv'), p('v2.jsonl'), 0.8, 2)
    const common = ['--eval-set', p('eval.csv'), '--eval-set-version', 'gen', '--k', '5,10']
    await cli(['run', '--config', p('none.yml'), ...common, '--predictions', p('v1.jsonl'), '--out', p('v1.json')])
    await cli(['baseline', '--results', p('v1.json'), '--out', p('baseline.json')])
    await cli(['run', '--config', p('none.yml'), ...common, '--predictions', p('v2.jsonl'), '--baseline', p('baseline.json'), '--out', p('gen-results.json'), '--report', p('gen-report.md')])
    keep('gen-results.json')
    keep('gen-report.md')
    await cli(['run', '--config', p('judge-none.yml'), ...common, '--predictions', p('v2.jsonl'), '--out', p('gen-none-results.json'), '--report', p('gen-none-report.md')])
    keep('gen-none-results.json')
    keep('gen-none-report.md')
    return out
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
