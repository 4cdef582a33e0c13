import type { Logger } from '../io/logger.ts'
import type { CandidateOutput } from '../schemas/candidate.ts'
import type { EvalRow } from '../schemas/evalSet.ts'

/** What a candidate is told besides the questions it answers. */
export interface AnswerContext {
  /** every id of the eval set: an answer for any other id means the files do not belong together */
  evalIds: ReadonlySet<string>
  /** the ids this run scores (a shard), or null for all; answers for the other shards' ids are ignored */
  wanted: ReadonlySet<string> | null
  logger: Logger
  /**
   * When given, each answer is handed to it as soon as it is read and checked, and not kept:
   * the map `answer` returns then holds none (a conversation's turns keep only what the later
   * turns' histories need). So the run scores an answer and lets its contexts go at once.
   */
  take?: (output: CandidateOutput) => void
}

/**
 * The system under test, whatever its kind (predictions file, command, HTTP endpoint): one
 * implementation per kind, made by `makeCandidate` in factory.ts.
 */
export interface Candidate {
  /** results.json run.candidate, e.g. `command node rag.js` */
  readonly label: string
  /** how an error row names it: `no output from ${source} for this question` */
  readonly source: string
  /** environment variables whose values it sends (an HTTP header's token): masked in the Actions log */
  readonly secretEnv?: readonly string[]
  /** secrets written in its own settings (a key in its URL's query): registered and masked like those */
  readonly secrets?: readonly string[]
  /** its answers are already written (a predictions file): reading them runs nothing and costs nothing, so the judge plan is made from them before any call */
  readonly stored?: true
  /** checks its own settings against the questions before anything runs: a typo never costs a run */
  check?(rows: readonly EvalRow[]): void
  /** one answer per question it could answer (or each handed to `context.take`); a question it did not answer is absent */
  answer(rows: readonly EvalRow[], context: AnswerContext): Promise<Map<string, CandidateOutput>>
}
