import { loadBaseline } from '../baseline/baseline.ts'
import { makeCandidate } from '../candidates/factory.ts'
import { GateError } from '../io/errors.ts'
import { startClock } from '../io/clock.ts'
import type { Logger } from '../io/logger.ts'
import type { Config } from '../schemas/config.ts'
import { loadEvalSet } from './evalSet.ts'
import type { PipelineDeps, RunEvalSet } from './pipeline.ts'
import { makeScorer } from './scorers/factory.ts'
import type { ScorerEnvironment } from './scorers/scorer.ts'
import { shardRows } from './shard.ts'

/** Where a run happens: the environment (judge key, HTTP header secrets), the working directory, the log. */
export type RunEnvironment = ScorerEnvironment

export const defaultEnvironment = (logger: Logger): RunEnvironment => ({ logger, env: process.env, cwd: process.cwd() })

/**
 * A config → what runPipeline is given: the eval set (or this shard of it), the scorer, the
 * baseline and the candidate, each made by its one factory. Missing settings and a bad eval
 * set or baseline are errors here, before any candidate runs. The run's clock starts here.
 */
export function prepareRun(config: Config, environment: RunEnvironment): PipelineDeps {
  const clock = startClock()
  if (!config.eval_set) throw new GateError('usage', 'no eval set given', 'pass --eval-set FILE or set eval_set in evalgate.yml')
  if (!config.eval_set_version) throw new GateError('usage', 'no eval_set_version given', 'pass --eval-set-version V (e.g. v1) or set eval_set_version in evalgate.yml: it labels which version of the questions the scores belong to')
  if (!config.candidate) {
    throw new GateError('usage', 'no candidate given', 'pass --predictions FILE, --candidate-cmd "CMD" or --candidate-url URL (or candidate.predictions / .command / .http in evalgate.yml)')
  }
  const evalSet = runEvalSet(config.eval_set, config.eval_set_version, config.shard)
  const scorer = makeScorer(config, environment)
  // a shard is compared after merge: alone it would look like a run that lost the other shards' questions
  const baseline = config.baseline && !evalSet.shard ? loadBaseline(config.baseline) : null
  const candidate = makeCandidate(config.candidate, environment)
  return { evalSet, baseline, candidate, scorer, logger: environment.logger, clock }
}

function runEvalSet(file: string, version: string, shard: Config['shard']): RunEvalSet {
  const full = loadEvalSet(file)
  return {
    file,
    version,
    rows: shard ? shardRows(full.rows, shard.index, shard.count) : full.rows,
    fingerprint: full.fingerprint,
    ids: new Set(full.rows.map((r) => r.id)),
    shard: shard ? { ...shard, total_questions: full.rows.length } : null,
  }
}
