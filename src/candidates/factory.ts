import type { CandidateConfig, CandidateKind } from '../schemas/config.ts'
import type { Candidate } from './candidate.ts'
import { commandCandidate } from './command.ts'
import { httpCandidate } from './httpCandidate.ts'
import { predictionsCandidate } from './predictions.ts'

/** What a candidate may need from where it runs. */
export interface CandidateEnvironment {
  /** header values of an HTTP candidate come from here (`${TOKEN}`) */
  env: Record<string, string | undefined>
  /** a command candidate runs here */
  cwd: string
  /** the run's judge key variable (judge.api_key_env), which `${NAME}` in a header may not use */
  judgeKeyEnv?: string | null
}

type Maker<K extends CandidateKind> = (config: Extract<CandidateConfig, { kind: K }>, environment: CandidateEnvironment) => Candidate

/** The one place a kind of candidate is chosen: one line per kind of `CandidateConfigSchema`. */
const MAKERS: { [K in CandidateKind]: Maker<K> } = {
  predictions: (c) => predictionsCandidate(c.predictions),
  command: (c, e) => commandCandidate({ command: c.command, timeoutMs: c.timeout_ms, cwd: e.cwd, env: e.env, maxOutputBytes: c.max_output_mb * 1024 * 1024, envPassthrough: c.env_passthrough }),
  http: (c, e) => httpCandidate(c.http, e.env, { passthrough: c.env_passthrough, keyEnvs: [e.judgeKeyEnv] }),
}

export function makeCandidate(config: CandidateConfig, environment: CandidateEnvironment): Candidate {
  return (MAKERS[config.kind] as Maker<CandidateKind>)(config, environment)
}
