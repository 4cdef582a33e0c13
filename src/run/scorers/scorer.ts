import { createHash } from 'node:crypto'
import type { Logger } from '../../io/logger.ts'
import type { Judge } from '../../metrics/judge.ts'
import type { Scores } from '../../metrics/types.ts'
import type { CandidateOutput } from '../../schemas/candidate.ts'
import type { Config } from '../../schemas/config.ts'
import type { EvalRow } from '../../schemas/evalSet.ts'
import type { Claim, JudgeIdentity, QuestionResult, RunInfo, Usage } from '../../schemas/results.ts'
import type { TierSchedule } from '../llmTier/llmTier.ts'

/** What a scoring provider may need from where it runs. */
export interface ScorerEnvironment {
  /** where the judge key is read from (the variable named by judge.api_key_env) */
  env: Record<string, string | undefined>
  /** a relative judge.cache_dir is under this */
  cwd: string
  logger: Logger
  /** a label that gives this run its own judge cache entries (calibrate-noise: every pass asks the judge afresh) */
  judgeVariant?: string
  /** the run is a pull request from a fork (the Action knows from the event): its missing secrets are explained so */
  forkPullRequest?: boolean
}

/** A provider's own scores for one question, beside the deterministic tier's. */
export interface AnswerScores {
  scores: Scores
  claims?: Claim[]
}

/** What a tier over the whole set reports: calls and tokens spent, the judge's stability, notes. */
export interface SetScores {
  usage: Usage
  stability: RunInfo['judge_stability']
  notes: string[]
  /** what the tier learned about the judge while it ran (the response format it ended with), over the scorer's identity */
  judge?: Partial<JudgeIdentity>
  /** the judge line once the tier ran, over the scorer's label */
  label?: string
  /** the judge stopped mid-run: why, and the fix (results.json run.judge_stopped) */
  stopped?: RunInfo['judge_stopped']
}

/**
 * Who scores a run beyond the deterministic tier (rules, retrieval, citations, latency, which
 * every run gets): one per value of judge.provider (`JUDGE_PROVIDERS`), from its provider in
 * this folder, chosen only by factory.ts.
 */
export interface Scorer {
  /** results.json run.judge: compared with the baseline's, so scores from different judges never meet */
  readonly identity: JudgeIdentity
  /** results.json run.judge_label: one line for people */
  readonly label: string
  /** results.json run.notes, e.g. why the model tier was skipped */
  readonly notes: readonly string[]
  /** a model judges: its scores can move between two passes over the same answers */
  readonly usesModel: boolean
  /** the metrics it adds to the deterministic tier's */
  readonly metrics: readonly string[]
  /** metrics the configured provider computes but this run skips, saying why in `notes` (openai without its key): gate settings naming them are not errors */
  readonly withheld?: readonly string[]
  /** its scores for one answered question, computed as the question is scored */
  scoreAnswer?(row: EvalRow, output: CandidateOutput, isRefusal: boolean): AnswerScores
  /** every answer has been through scoreAnswer: let go of what was kept to score them (the lexical tier's text cache) */
  answersScored?(): void
  /**
   * before the judge's first call (and before the candidate runs): states what scoring will
   * call and cost, and throws (exit 2) when that is over budget. `outputs` null: no answers
   * yet, the plan is an estimate; with answers it is exact in calls and says what the cache answers
   */
  plan?(rows: readonly EvalRow[], outputs: ReadonlyMap<string, CandidateOutput> | null): Promise<void>
  /** before the candidate runs: one tiny request per endpoint; a refused key, an unknown model or an unreachable server throws (exit 2) */
  preflight?(): Promise<void>
  /** runs once every question has its deterministic scores, and writes its metrics into `questions`; in the schedule's order until it is settled, when one is given (--sequential) */
  scoreSet?(rows: readonly EvalRow[], outputs: ReadonlyMap<string, CandidateOutput>, questions: Record<string, QuestionResult>, schedule?: TierSchedule): Promise<SetScores>
}

/** A judge that says which of two answers is better (evalgate pairwise), with its label. */
export interface HeadToHeadJudge {
  judge: Judge
  label: string
}

/** One scoring provider: the value of `judge.provider`. */
export interface ScoringProvider {
  /** the scorer of a run; a provider may hand over to another (openai without its key → none) */
  scorer(config: Config, environment: ScorerEnvironment): Scorer
  /** scores come from a model: calibrate-noise measures their spread */
  readonly usesModel: boolean
  /** the judge `evalgate pairwise` asks; absent for a provider that cannot compare two answers */
  headToHead?(config: Config, environment: ScorerEnvironment): HeadToHeadJudge
  /** the environment variable holding its key; absent for a provider without one */
  keyEnv?(config: Config): string
  /** environment variables whose values it sends (its key, header and query templates): the Action masks them */
  secretEnv?(config: Config): string[]
}

/** A short hash of settings, for the definitions and rules a run was scored with. */
export function settingsHash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16)
}
