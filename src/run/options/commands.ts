/**
 * The CLI's commands, in a module of their own: \`evalgate --help\` and an unknown command need
 * the names and nothing else, so they start without loading the option table's schemas.
 */
export const COMMANDS = ['run', 'compare', 'baseline', 'merge', 'trend', 'power', 'calibrate-noise', 'calibrate', 'pairwise', 'lint-set', 'agreement', 'check-rules'] as const
export type Command = (typeof COMMANDS)[number]
