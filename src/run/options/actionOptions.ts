import type { OptionSpec } from './option.ts'

/** The values of the Action's `mode` input; each is a module of src/action/modes/. */
export const ACTION_MODES = ['gate', 'baseline', 'merge', 'accept'] as const

/** The Action's own inputs, which no CLI command takes: spliced in at the end of OPTIONS (options.ts). */
export const ACTION_OPTIONS: readonly OptionSpec[] = [
  { input: 'github-token', value: 'text', secret: true, commands: [], actionDefault: '${{ github.token }}', description: 'Token for the sticky PR comment (needs pull-requests write).' },
  { input: 'comment', value: ['true', 'false'], default: 'true', commands: [], description: 'Post / update the sticky PR comment (true or false).' },
  { input: 'comment-key', value: 'text', default: 'default', commands: [], description: 'Key of the sticky comment, for several gates in one PR.' },
  {
    input: 'mode',
    value: ACTION_MODES,
    default: 'gate',
    commands: [],
    description:
      "gate (default); baseline: write the baseline file (and append history) from this run instead of gating; merge: join the shards' results (shard-results), then gate and comment once; accept: on a /evalgate accept comment or the accept-label label by a user with write access, commit this run's baseline to the pull request's branch.",
  },
  {
    input: 'accept-label',
    value: 'text',
    default: 'evalgate:accept',
    commands: [],
    description: 'mode: accept: the pull request label that asks for the baseline to be accepted (removed once done), beside the /evalgate accept comment.',
  },
  {
    input: 'shard-results',
    value: 'paths',
    commands: [],
    description: "mode: merge: the shards' results.json files, separated by spaces, commas or newlines; * patterns allowed (e.g. shards/*.json).",
    example: 'shards/*.json',
  },
  {
    input: 'lint-set',
    value: ['true', 'strict', 'false'],
    default: 'false',
    commands: [],
    description:
      'Lint the eval set before scoring (evalgate lint-set): findings become annotations on its lines. true: they never change the verdict; strict: an error-level finding fails the check; false (default): no lint.',
  },
  { input: 'results-path', value: 'text', default: 'evalgate-results.json', commands: [], description: 'Where to write results.json.' },
  { input: 'report-path', value: 'text', default: 'evalgate-report.md', commands: [], description: 'Where to write the Markdown report.' },
]
