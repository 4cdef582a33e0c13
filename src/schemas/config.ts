import { z } from 'zod'
import { GateSettingsInputSchema } from './gate.ts'
import { HttpCandidateSchema } from './candidate.ts'
import { broken, type GateIssueParams } from './gateIssue.ts'
import { EmbeddingsConfigSchema, JudgeConfigSchema } from './judgeConfig.ts'

import { DEFAULT_REFUSAL_PHRASES_BY_LANGUAGE } from './refusalPhrases.ts'

export { DEFAULT_REFUSAL_PHRASES_BY_LANGUAGE }

export const DEFAULT_REFUSAL_PHRASES: string[] = Object.values(DEFAULT_REFUSAL_PHRASES_BY_LANGUAGE).flat()

export const RulesConfigSchema = z
  .object({
    min_length: z.number().int().min(0).default(5),
    max_length: z.number().int().min(1).default(500),
    require_citation: z.boolean().default(true),
    forbidden: z.array(z.string().min(1)).default([]),
    refusal_phrases: z.array(z.string().min(1)).min(1).default(DEFAULT_REFUSAL_PHRASES),
  })
  .strict()
export type RulesConfig = z.infer<typeof RulesConfigSchema>

export const CandidateTimeoutSchema = z.number().int().positive().default(300_000)
/** a command's stdout above this many MB is an error (its stderr is never a limit: only its end is kept) */
const CandidateMaxOutputSchema = z.number().positive().max(4096).default(256)
/** protected variables a command gets, or `${NAME}` in an HTTP candidate's header may use, although they are the runner's or evalgate's own (ACTIONS_*, INPUT_*, GITHUB_TOKEN, the judge key) */
const CandidateEnvPassthroughSchema = z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_-]*$/, 'an environment variable name, e.g. GITHUB_TOKEN')).default([])

/** candidate.model: the model the candidate answers with, as its team declares it (the same-vendor judge warning); a name, or absent */
const CandidateModelSchema = z
  .unknown()
  .optional()
  .superRefine((value, ctx) => {
    if (value === undefined || (typeof value === 'string' && value.trim() !== '')) return
    const got = typeof value === 'string' ? 'an empty string' : `${JSON.stringify(value) ?? String(value)}`.slice(0, 60)
    const params: GateIssueParams = {
      gate: { code: 'bad_config', located: true, hint: 'set candidate.model to the name of the model the candidate answers with, as a string (e.g. candidate.model: "gpt-4o"), or leave it out' },
    }
    ctx.addIssue({ code: 'custom', message: `setting "candidate.model": expected a model name (a string), got ${got}`, params })
  })
  .transform((value) => (typeof value === 'string' ? value.trim() : undefined))

/**
 * The system under test, one member per kind; `kind` picks its implementation in
 * candidates/factory.ts. A new kind is a member here, a line in `CandidateBlockSchema`,
 * its file in candidates/ and a line in the factory.
 */
export const CandidateConfigSchema = z.discriminatedUnion('kind', [
  /** a predictions file written by an earlier step */
  z.object({ kind: z.literal('predictions'), predictions: z.string(), model: CandidateModelSchema }).strict(),
  /** a command reading JSONL questions on stdin and writing JSONL answers on stdout */
  z
    .object({
      kind: z.literal('command'),
      command: z.string(),
      timeout_ms: CandidateTimeoutSchema,
      max_output_mb: CandidateMaxOutputSchema,
      env_passthrough: CandidateEnvPassthroughSchema,
      model: CandidateModelSchema,
    })
    .strict(),
  /** an HTTP endpoint, one request per question */
  z.object({ kind: z.literal('http'), http: HttpCandidateSchema, env_passthrough: CandidateEnvPassthroughSchema, model: CandidateModelSchema }).strict(),
])
export type CandidateConfig = z.infer<typeof CandidateConfigSchema>
export type CandidateKind = CandidateConfig['kind']
export const CANDIDATE_KINDS: readonly CandidateKind[] = CandidateConfigSchema.options.map((o) => o.shape.kind.value)

/**
 * `candidate:` as evalgate.yml, flags and Action inputs write it: the kind is the key that is
 * set (`candidate: {command: "..."}`), with `timeout_ms` beside it. Becomes a
 * `CandidateConfig`, or undefined when no kind is set (compare, merge and pairwise need none;
 * a run says "no candidate given").
 */
const CandidateBlockSchema = z
  .object({
    predictions: z.string().optional(),
    command: z.string().optional(),
    http: HttpCandidateSchema.optional(),
    timeout_ms: CandidateTimeoutSchema,
    max_output_mb: CandidateMaxOutputSchema,
    env_passthrough: CandidateEnvPassthroughSchema,
    model: CandidateModelSchema,
  })
  .strict()
  .transform((block, ctx): CandidateConfig | undefined => {
    const given = CandidateConfigSchema.options.filter((o) => block[o.shape.kind.value] !== undefined)
    if (given.length > 1) {
      const params: GateIssueParams = { gate: { code: 'usage', hint: 'use exactly one of --predictions, --candidate-cmd and --candidate-url' } }
      ctx.addIssue({ code: 'custom', message: `more than one candidate given (${given.map((o) => o.shape.kind.value).join(', ')})`, params })
      return z.NEVER
    }
    // the member's own keys: the kind's setting and whichever shared settings (timeout_ms) it uses
    const [member] = given
    if (member === undefined) return undefined
    const kind = member.shape.kind.value
    const picked = Object.fromEntries(Object.keys(member.shape).flatMap((key) => (key in block ? [[key, block[key as keyof typeof block]]] : [])))
    return CandidateConfigSchema.parse({ ...picked, kind })
  })

export const BudgetSchema = z.object({ calls: z.number().int().positive().optional(), tokens: z.number().int().positive().optional(), usd: z.number().positive().optional() }).strict()

/**
 * Everything a run needs, from evalgate.yml, CLI flags or Action inputs (in that order of
 * precedence, flags and inputs winning). Paths are relative to the working directory.
 */
export const ConfigSchema = z
  .object({
    eval_set: z.string().optional(),
    eval_set_version: z.union([z.string(), z.number()]).transform(String).optional(),
    version: z.union([z.string(), z.number()]).transform(String).optional(),
    candidate: CandidateBlockSchema.optional(),
    judge: JudgeConfigSchema.default(JudgeConfigSchema.parse({})),
    /** where answer_relevancy's embeddings come from, when not from the judge's own endpoint */
    embeddings: EmbeddingsConfigSchema.optional(),
    /** the run stops before its first model call when the plan would exceed this */
    budget: BudgetSchema.default({}),
    k: z
      .array(z.number().int().positive())
      .min(1)
      .superRefine((k, ctx) => {
        // a cut-off given twice would plan and score each of its metrics twice under one name
        const twice = k.find((cutOff, i) => k.indexOf(cutOff) !== i)
        if (twice !== undefined) ctx.addIssue({ code: 'custom', message: `k lists ${twice} twice: give each cut-off once, e.g. [5, 10]` })
      })
      .default([5]),
    rules: RulesConfigSchema.default(RulesConfigSchema.parse({})),
    baseline: z.string().optional(),
    gate: GateSettingsInputSchema.strict().default({}),
    out: z.string().optional(),
    report: z.string().optional(),
    /** history.csv to append this run's metrics to (and to draw the trend chart from) */
    history: z.string().optional(),
    /** how evalgate is run here, for the commands it prints (`node_modules/.bin/evalgate`, `node tools/evalgate/bin/evalgate.js`); default: the way it was started */
    cli: z.string().trim().min(1, 'cli is the command that runs evalgate here, e.g. "node_modules/.bin/evalgate"').optional(),
    /** the largest input file evalgate reads, in MB (eval set, predictions, baseline, results, history) */
    max_input_mb: z.number().positive().max(65_536).optional(),
    /**
     * judge the questions in a seeded random order and stop once every gated judged metric's
     * anytime-valid confidence sequence settles the verdict of gate_mode significant (run/llmTier/sequential.ts)
     */
    sequential: z.boolean().optional(),
    /** `i/n`: score only the i-th of n deterministic slices of the eval set (merge them with evalgate merge) */
    shard: z
      .string()
      .regex(/^\s*[1-9]\d*\s*\/\s*[1-9]\d*\s*$/, 'shard is written i/n, e.g. 2/4')
      .transform((v) => {
        const [index, count] = v.split('/').map((x) => Number(x.trim())) as [number, number]
        return { index, count }
      })
      .refine((s) => s.index <= s.count, 'the shard index must be between 1 and the shard count, e.g. 2/4')
      .optional(),
  })
  .strict()
  .superRefine((config, ctx) => {
    const refusalAsForbidden = config.rules.forbidden.filter((w) => config.rules.refusal_phrases.some((p) => p.toLowerCase() === w.toLowerCase()))
    if (refusalAsForbidden.length > 0) {
      broken(ctx, ['rules', 'forbidden'], `rules.forbidden lists ${refusalAsForbidden.map((w) => `"${w}"`).join(', ')}, which is also a refusal phrase`, {
        code: 'bad_config',
        hint: 'a correct refusal must never count as a forbidden word: remove it from rules.forbidden',
        located: true,
      })
    }
  })
export type Config = z.infer<typeof ConfigSchema>
export type ConfigInput = z.input<typeof ConfigSchema>

/** A config a run can start from: RunConfigSchema's checks make these present. */
export type RunConfig = Config & { eval_set: string; eval_set_version: string; candidate: CandidateConfig }

/**
 * What `run` and calibrate-noise need beyond valid settings: an eval set, its version label and
 * a candidate (CandidateBlockSchema already refuses two). A scoring provider's own needs (the
 * LLM judge's model) are checked by its scorer in run/scorers/.
 */
export const RunConfigSchema = ConfigSchema.superRefine((config, ctx) => {
  const usage = (path: string, message: string, hint: string) => broken(ctx, [path], message, { code: 'usage', hint })
  if (!config.eval_set) return usage('eval_set', 'no eval set given', 'pass --eval-set FILE or set eval_set in evalgate.yml')
  if (!config.eval_set_version) {
    return usage(
      'eval_set_version',
      'no eval_set_version given',
      'pass --eval-set-version V (e.g. v1) or set eval_set_version in evalgate.yml: it labels which version of the questions the scores belong to',
    )
  }
  // every kind is reachable from evalgate.yml, a flag only for some: the file's keys come from the union
  if (!config.candidate)
    usage('candidate', 'no candidate given', `pass --predictions FILE, --candidate-cmd "CMD" or --candidate-url URL (or candidate.${CANDIDATE_KINDS.join(' / .')} in evalgate.yml)`)
})
