import type { RunConfig } from '../../schemas/config.ts'
import type { Results } from '../../schemas/results.ts'
import type { ResolvedRun } from '../../run/config/resolve.ts'
import type { RunEnvironment } from '../../run/pipeline/prepare.ts'
import type { ActionInputs } from '../inputs.ts'
import type { PullRequestContext } from '../publish.ts'

/** What every mode is given: the inputs, the settings (a runnable config when the mode scores), where it runs. */
export interface ModeContext {
  inputs: ActionInputs
  resolved: ResolvedRun
  /** the settings as a runnable config: set when the mode scores this run (gate, baseline, accept) */
  runnable: ResolvedRun<RunConfig> | null
  environment: RunEnvironment
  pullRequest: PullRequestContext
}

/** One mode's run, once it has agreed to run: its results, then what it does with them. */
export interface ModeRun {
  results(): Promise<Results>
  /** after results.json, the report, the job summary and the outputs are written; `report` is the comment's text */
  conclude(results: Results, report: string): Promise<void>
}

/**
 * A value of the Action's `mode` input. `scores`: it runs the candidate, so its settings must
 * make a runnable config. `start` checks what the mode can check before anything runs and
 * returns null when there is nothing to do (it has said why).
 */
export interface ActionMode {
  scores: boolean
  /** it writes the baseline (and appends history.csv): both paths are checked before anything runs */
  writesBaseline: boolean
  start(context: ModeContext): Promise<ModeRun | null>
}

/** The branch a pull request goes into: its baseline's label in the printed update command (undefined outside a pull request). */
export function baseBranch(): string | undefined {
  return process.env.GITHUB_BASE_REF || undefined
}
