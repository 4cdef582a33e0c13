/**
 * The one command that rewrites every generated file (package.json "regenerate"): the example
 * baselines first, since the byte-identity fixtures are compared against the committed
 * baseline, then those fixtures, then the reference. Every test of a generated file names it.
 */
export const REGENERATE_COMMAND = 'npm run regenerate'

/** The generators "regenerate" runs, in the order it must run them. */
export const GENERATORS = ['example:baseline', 'example:baseline:en', 'fixtures', 'reference'] as const

/** What a failing test of a generated file says to do when the change is intended. */
export const REGENERATE_HINT = `If this change of scores or wording is intended, run \`${REGENERATE_COMMAND}\` (it rewrites the example baselines, the byte-identity fixtures and the reference, in that order) and review the diff before committing it.`
