/**
 * npm run reference: writes the generated parts of the reference from the code's own tables
 * (see referenceParts.ts): action.yml's inputs, and the blocks between `<!-- generated:NAME -->`
 * markers in docs/action.md, docs/cli.md and docs/metrics.md. Everything else in those files
 * is hand-written and kept.
 *
 * `npm run reference -- --check` writes nothing: it names each file that drifted and exits 1.
 * Exit codes: 0 up to date (or written), 1 drift found by --check, 2 bad arguments or a page
 * without its markers.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { FIX_COMMAND, renderReference, type Read } from './referenceParts.ts'

function main(argv: readonly string[], root: string): number {
  if (argv.length > 1 || (argv.length === 1 && argv[0] !== '--check')) {
    console.error(`reference: unknown arguments "${argv.join(' ')}": use no arguments (write) or --check (report drift, write nothing)`)
    return 2
  }
  const read: Read = (path) => (existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : null)
  let files: Map<string, string>
  try {
    files = renderReference(read)
  } catch (error) {
    console.error(`reference: ${(error as Error).message}`)
    return 2
  }
  const drifted = [...files].filter(([path, text]) => read(path) !== text)
  if (argv[0] === '--check') {
    for (const [path] of drifted) console.log(`${path}: out of date with the code it is generated from`)
    if (drifted.length > 0) console.log(`run "${FIX_COMMAND}" and commit the result`)
    else console.log(`reference: ${files.size} files up to date`)
    return drifted.length > 0 ? 1 : 0
  }
  for (const [path, text] of drifted) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
    console.log(`wrote ${path}`)
  }
  if (drifted.length === 0) console.log(`reference: ${files.size} files up to date`)
  return 0
}

process.exitCode = main(process.argv.slice(2), process.env.EVALGATE_REFERENCE_ROOT ?? process.cwd())
