import { loadNamedBaseline } from '../../baseline/baseline.ts'
import { olderKindOf } from '../evalSet/olderFingerprint.ts'
import { gateStack, type GateLayer } from '../../baseline/gate.ts'
import { makeCandidate } from '../../candidates/factory.ts'
import { startClock } from '../../io/clock.ts'
import type { Logger } from '../../io/logger.ts'
import { registerSecret } from '../../text/redact.ts'
import type { Config, RunConfig } from '../../schemas/config.ts'
import { loadEvalSet } from '../evalSet/evalSet.ts'
import { checkGateCanAct, ROWS_OF_EVERY_KIND } from '../config/gateCanAct.ts'
import type { PipelineDeps } from './pipeline.ts'
import { runEvalSet } from '../evalSet/runEvalSet.ts'
import { judgedByModel, judgeKeyEnv, judgeSecretEnv, makeScorer } from '../scorers/factory.ts'
import type { ScorerEnvironment } from '../scorers/scorer.ts'
import type { SubsetRequest } from '../evalSet/subset.ts'
import { GateError } from '../../io/errors.ts'
import { urlCredentials } from '../../text/urlCredentials.ts'
import { boundHeapGrowth, boundsHeap, fileBytes } from '../../judge/heap.ts'

/** Where a run happens: the environment (judge key, HTTP header secrets), the working directory, the log. */
export type RunEnvironment = ScorerEnvironment

/** A run's environment: the process's variables unless the caller (the CLI's io, a test) gives its own. */
export const defaultEnvironment = (logger: Logger, env: Readonly<Record<string, string | undefined>> = process.env): RunEnvironment => ({ logger, env, cwd: process.cwd() })

/**
 * A config → what runPipeline is given: the eval set (or this shard of it), the scorer, the
 * baseline and the candidate, each made by its one factory. A bad eval set or baseline is an
 * error here, before any candidate runs (missing settings already were, in resolveRun). The
 * run's clock starts here. `gateLayers` (resolveRun's) name where each gate setting was given.
 */
export async function prepareRun(
  config: RunConfig,
  environment: RunEnvironment,
  settingsSource = 'evalgate.yml + flags',
  gateLayers?: readonly GateLayer[],
  select: SubsetRequest = {},
): Promise<PipelineDeps> {
  const clock = startClock()
  // before the eval set loads, or the bound does nothing (judge/heap.ts)
  if (boundsHeap(judgedByModel(config), fileBytes(config.eval_set), config.shard?.count ?? 1)) boundHeapGrowth()
  for (const secret of secretValues(config, environment)) registerSecret(secret)
  if (config.shard && (select.only !== undefined || select.failingFrom !== undefined)) {
    throw new GateError('usage', `${select.only !== undefined ? '--only' : '--failing-from'} and --shard cannot be combined`, 'a subset runs in one job: drop --shard')
  }
  // a shard reads only its own rows in full
  const full = await loadEvalSet(config.eval_set, config.shard ?? null)
  for (const warning of full.warnings) environment.logger.warn(warning)
  const evalSet = await runEvalSet(full, config.eval_set_version, config.shard, select, environment.logger.warn)
  const scorer = makeScorer(config, environment)
  // a shard is compared after merge: alone it would look like a run that lost the other shards' questions.
  // A named baseline must exist: only an unset one means "no baseline yet"
  const baseline = config.baseline && !evalSet.shard ? await loadNamedBaseline(config.baseline) : null
  evalSet.recomputedFingerprint = olderKindOf(baseline, full.rows, environment.logger)
  // against the whole set, not the shard: the gate acts on the merged run (a shard, which has not
  // read the other rows, checks what the settings decide alone: k, the judge)
  const gate = gateStack(baseline, gateLayers ?? [{ settings: config.gate, source: settingsSource, prefix: 'gate.' }])
  checkGateCanAct(gate, evalSet.shard ? ROWS_OF_EVERY_KIND : full.rows, config, scorer)
  const candidate = makeCandidate(config.candidate, { ...environment, judgeKeyEnv: judgeKeyEnv(config) })
  return { evalSet, baseline, candidate, scorer, logger: environment.logger, clock, gate }
}

/**
 * The values of the environment variables a run sends somewhere (the judge key, the HTTP
 * candidate's `${ENV}` headers): the redactor and the Action's mask hide them. The judge key
 * counts even when no LLM judge runs, because the candidate command inherits it.
 */
export function secretValues(config: Config, { env, cwd }: Pick<RunEnvironment, 'env' | 'cwd'>): string[] {
  const candidate = config.candidate ? makeCandidate(config.candidate, { env, cwd }) : null
  // the judge's key (whichever provider's default, since a candidate command inherits it even when no judge runs), its ${VAR} headers, the candidate's
  const names = [config.judge.api_key_env ?? 'OPENAI_API_KEY', 'AZURE_OPENAI_API_KEY', ...judgeSecretEnv(config), ...(candidate?.secretEnv ?? [])]
  // and what a configured URL carries: a key in the judge's or the embeddings' base_url query, a token in the candidate's
  const urls = [config.judge.base_url, config.embeddings?.base_url].flatMap((url) => (url ? urlCredentials(url) : []))
  const inSettings = [...urls, ...(candidate?.secrets ?? [])]
  return [...names.flatMap((name) => env[name] || []), ...inSettings]
}
