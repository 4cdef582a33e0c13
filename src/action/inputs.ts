import * as core from '@actions/core'
import { readOptions } from '../run/options/option.ts'
import type { RunRequest } from '../run/config/resolve.ts'
import { maskSecret } from './log.ts'
import { actionInputs } from '../run/options/options.ts'
import type { ACTION_MODES } from '../run/options/actionOptions.ts'

/** Every input action.yml declares, from the option table. */
export const INPUTS = actionInputs().flatMap((spec) => (spec.input === undefined ? [] : [spec.input]))

export interface ActionInputs extends RunRequest {
  /** the judge key given as an input (masked); else the environment's OPENAI_API_KEY (or judge.api_key_env) */
  judgeApiKey: string | undefined
  githubToken: string | undefined
  comment: boolean
  commentKey: string
  resultsPath: string
  reportPath: string
  mode: (typeof ACTION_MODES)[number]
  /** mode accept: the label that asks for the baseline to be accepted */
  acceptLabel: string
  /** merge mode: the shards' results.json files (paths or * patterns) */
  shardResults: string[]
  /** lint the eval set before scoring: annotations only (true), or failing the check on errors (strict) */
  lintSet: 'true' | 'strict' | 'false'
  /** print the judge plan and stop: no candidate run, no judge request */
  planOnly: boolean
}

/**
 * The only place that reads Action inputs, through the option table the CLI's flags come
 * from too. An empty input means "unset": the config file (or the default) decides.
 */
export function readInputs(read: (name: string) => string = (name) => core.getInput(name)): ActionInputs {
  const specs = actionInputs()
  // actionInputs gives only the options that are inputs: an option without one reads as not given
  const { overrides, values: v } = readOptions(specs, 'action', (spec) => (spec.input === undefined ? undefined : read(spec.input)))
  for (const spec of specs) {
    const value = spec.input === undefined ? undefined : v[spec.input]
    if (spec.secret && typeof value === 'string') maskSecret(value)
  }
  return {
    configFile: v.config as string | undefined,
    overrides,
    judgeApiKey: v['judge-api-key'] as string | undefined,
    githubToken: v['github-token'] as string | undefined,
    comment: v.comment === 'true',
    commentKey: v['comment-key'] as string,
    resultsPath: v['results-path'] as string,
    reportPath: v['report-path'] as string,
    mode: v.mode as ActionInputs['mode'],
    acceptLabel: v['accept-label'] as string,
    shardResults: (v['shard-results'] as string[] | undefined) ?? [],
    lintSet: v['lint-set'] as ActionInputs['lintSet'],
    planOnly: v['plan-only'] === 'true',
  }
}
