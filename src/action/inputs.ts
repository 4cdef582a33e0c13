import * as core from '@actions/core'
import { z } from 'zod'
import { GateError } from '../io/errors.ts'
import { JUDGE_PROVIDERS } from '../schemas/config.ts'

/**
 * The only place that reads Action inputs, through one schema. An empty input means
 * "unset": the config file (or the default) decides.
 */
export const INPUTS = [
  'config',
  'eval-set',
  'eval-set-version',
  'version',
  'predictions',
  'candidate-command',
  'candidate-url',
  'judge',
  'judge-base-url',
  'judge-model',
  'embeddings-model',
  'judge-api-key',
  'k',
  'baseline',
  'max-drop',
  'gate-mode',
  'github-token',
  'comment',
  'comment-key',
  'results-path',
  'report-path',
  'mode',
  'shard',
  'shard-results',
  'history',
] as const
type InputName = (typeof INPUTS)[number]

const optional = z.string().transform((v) => (v.trim() === '' ? undefined : v.trim()))

function number(input: InputName, example: string) {
  return optional.pipe(
    z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return undefined
        const n = Number(v)
        if (!Number.isFinite(n)) {
          ctx.addIssue({ code: 'custom', message: `input "${input}": expected a number like ${example}, got "${v}"` })
          return z.NEVER
        }
        return n
      }),
  )
}

function choice<T extends string>(input: InputName, values: readonly T[], fallback: T) {
  return optional.transform((v, ctx) => {
    if (v === undefined) return fallback
    if (!(values as readonly string[]).includes(v)) {
      ctx.addIssue({ code: 'custom', message: `input "${input}": expected one of ${values.join(', ')}, got "${v}"` })
      return z.NEVER
    }
    return v as T
  })
}

const InputsSchema = z.object({
  config: optional,
  'eval-set': optional,
  'eval-set-version': optional,
  version: optional,
  predictions: optional,
  'candidate-command': optional,
  'candidate-url': optional,
  judge: optional.pipe(z.enum(JUDGE_PROVIDERS, { message: `input "judge": expected one of ${JUDGE_PROVIDERS.join(', ')}` }).optional()),
  'judge-base-url': optional,
  'judge-model': optional,
  'embeddings-model': optional,
  'judge-api-key': optional,
  k: optional.transform((v, ctx) => {
    if (v === undefined) return undefined
    const ks = v.split(',').map((s) => Number(s.trim()))
    if (ks.some((k) => !Number.isInteger(k) || k < 1)) {
      ctx.addIssue({ code: 'custom', message: `input "k": expected whole numbers separated by commas like 5,10, got "${v}"` })
      return z.NEVER
    }
    return ks
  }),
  baseline: optional,
  'max-drop': number('max-drop', '0.02'),
  'gate-mode': choice('gate-mode', ['strict', 'significant'] as const, 'strict'),
  'github-token': optional,
  comment: choice('comment', ['true', 'false'] as const, 'true').transform((v) => v === 'true'),
  'comment-key': optional.transform((v) => v ?? 'default'),
  'results-path': optional.transform((v) => v ?? 'evalgate-results.json'),
  'report-path': optional.transform((v) => v ?? 'evalgate-report.md'),
  mode: choice('mode', ['gate', 'baseline', 'merge'] as const, 'gate'),
  shard: optional,
  'shard-results': optional.transform((v) => (v === undefined ? [] : v.split(/[\s,]+/).filter((p) => p !== ''))),
  history: optional,
})

export interface ActionInputs {
  config: string | undefined
  /** the judge key given as an input (masked); else the environment's OPENAI_API_KEY (or judge.api_key_env) */
  judgeApiKey: string | undefined
  /** config layered over evalgate.yml: inputs win */
  overrides: Record<string, unknown>
  githubToken: string | undefined
  comment: boolean
  commentKey: string
  resultsPath: string
  reportPath: string
  mode: 'gate' | 'baseline' | 'merge'
  /** merge mode: the shards' results.json files (paths or * patterns) */
  shardResults: string[]
}

export function readInputs(read: (name: string) => string = (name) => core.getInput(name)): ActionInputs {
  const raw = Object.fromEntries(INPUTS.map((name) => [name, read(name)]))
  const parsed = InputsSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new GateError('usage', issue.message, 'fix the value in the workflow step\'s "with:" block (see action.yml for every input)')
  }
  const i = parsed.data
  if (i['github-token']) core.setSecret(i['github-token'])
  if (i['judge-api-key']) core.setSecret(i['judge-api-key'])
  return {
    config: i.config,
    judgeApiKey: i['judge-api-key'],
    overrides: {
      eval_set: i['eval-set'],
      eval_set_version: i['eval-set-version'],
      version: i.version,
      candidate:
        i.predictions || i['candidate-command'] || i['candidate-url']
          ? { predictions: i.predictions, command: i['candidate-command'], http: i['candidate-url'] ? { url: i['candidate-url'] } : undefined }
          : undefined,
      judge: { provider: i.judge, base_url: i['judge-base-url'], model: i['judge-model'], embeddings_model: i['embeddings-model'] },
      k: i.k,
      baseline: i.baseline,
      gate: { max_drop: i['max-drop'], gate_mode: raw['gate-mode'] ? i['gate-mode'] : undefined },
      shard: i.shard,
      history: i.history,
    },
    githubToken: i['github-token'],
    comment: i.comment,
    commentKey: i['comment-key'],
    resultsPath: i['results-path'],
    reportPath: i['report-path'],
    mode: i.mode,
    shardResults: i['shard-results'],
  }
}
