import { DEFAULT_BASELINE_PATH } from '../../baseline/baseline.ts'
import { CandidateTimeoutSchema } from '../../schemas/config.ts'
import { DEFAULT_GATE } from '../../schemas/gate.ts'
import { COMMAND_OPTIONS } from './commandOptions.ts'
import { DEFAULT_CONFIG_FILE } from '../config/config.ts'
import { JUDGE_OPTIONS } from './judgeOptions.ts'
import { ACTION_OPTIONS } from './actionOptions.ts'
import { COMMANDS, CONFIG_DEFAULTS as D, GATED, JUDGE, RUN, hasFlag, hasInput, type Command, type OptionSpec, type ShellOption } from './option.ts'
import { DEFAULT_RESULTS_PATH } from '../pipeline/pipeline.ts'
import { DEFAULT_MAX_INPUT_MB } from '../../io/input.ts'

/** calibrate-noise's judge passes over fixed answers when neither --runs nor --rerun-candidate is given */
export const DEFAULT_NOISE_PASSES = 3
const NOISE_PASSES = String(DEFAULT_NOISE_PASSES)

/**
 * Every option, in the order --help lists them: the one list the CLI parses and action.yml is
 * checked against. The commands' own options and the judge's live in their own files
 * (commandOptions.ts, judgeOptions.ts) and are spliced in here, in place.
 */
export const OPTIONS: readonly OptionSpec[] = [
  { flag: 'help', short: 'h', value: 'switch', commands: COMMANDS },

  // the commands' own options first: they lead their command's --help
  ...COMMAND_OPTIONS,

  // the settings a run is made of, shared by the CLI and the Action
  {
    flag: 'config',
    input: 'config',
    value: 'text',
    commands: ['run', 'compare', 'merge', 'calibrate-noise', 'pairwise', 'lint-set', 'check-rules'],
    arg: 'FILE',
    help: `settings file (default: ${DEFAULT_CONFIG_FILE} when present); flags win`,
    helpIn: {
      compare: `settings file for gate overrides (default: ${DEFAULT_CONFIG_FILE} when present)`,
      merge: `gate settings (default: ${DEFAULT_CONFIG_FILE} when present)`,
      pairwise: `settings file for the judge (default: ${DEFAULT_CONFIG_FILE} when present); flags win`,
      'lint-set': `settings file: eval_set and rules.refusal_phrases (default: ${DEFAULT_CONFIG_FILE} when present)`,
      'check-rules': `settings file: the rules to check and eval_set (default: ${DEFAULT_CONFIG_FILE} when present)`,
    },
    description: `Path of ${DEFAULT_CONFIG_FILE} (settings); inputs below override it.`,
    example: 'ci/evalgate.yml',
  },
  {
    flag: 'eval-set',
    input: 'eval-set',
    value: 'text',
    setting: 'eval_set',
    commands: [...JUDGE, 'lint-set', 'check-rules'],
    arg: 'FILE',
    help: 'eval set, .csv or .jsonl',
    helpIn: {
      pairwise: 'eval set whose reference points the judge compares against (default: eval_set\nin evalgate.yml; without one the judge has the question alone)',
      'lint-set': 'the eval set to check (or give it as the first argument; default: eval_set in\nevalgate.yml)',
      'check-rules': "eval set the labelled answers belong to: each row's should_refuse, expect_json\nand required_keys route the rules as in a run (default: eval_set in evalgate.yml)",
    },
    description: 'Eval set file (.csv or .jsonl).',
    example: 'eval/eval_set.csv',
  },
  {
    flag: 'eval-set-version',
    input: 'eval-set-version',
    value: 'text',
    setting: 'eval_set_version',
    commands: RUN,
    arg: 'V',
    help: 'label of the eval set version (e.g. v1)',
    description: 'Label of the eval set version (e.g. v1).',
    example: 'v1',
  },
  {
    flag: 'version',
    input: 'version',
    value: 'text',
    setting: 'version',
    commands: RUN,
    arg: 'V',
    help: 'label of the system under test (e.g. the commit or prompt version)',
    description: 'Label of the system under test.',
    example: 'prompt-7',
  },
  {
    flag: 'predictions',
    input: 'predictions',
    value: 'text',
    setting: 'candidate.predictions',
    commands: RUN,
    arg: 'FILE',
    help: 'candidate answers written by an earlier step (.jsonl or .csv)',
    description: 'Candidate answers written by an earlier step (.jsonl or .csv).',
    example: 'out/predictions.jsonl',
  },
  {
    flag: 'candidate-cmd',
    input: 'candidate-command',
    value: 'text',
    setting: 'candidate.command',
    commands: RUN,
    arg: '"CMD"',
    help: 'candidate as a command: JSONL {id, question} on stdin, JSONL answers on stdout',
    description: 'Candidate as a command (JSONL questions on stdin, JSONL answers on stdout).',
    example: 'python rag.py --jsonl',
  },
  {
    flag: 'candidate-timeout',
    value: 'number',
    setting: 'candidate.timeout_ms',
    commands: RUN,
    arg: 'MS',
    help: `timeout for the candidate command (default ${CandidateTimeoutSchema.parse(undefined)})`,
    example: '60000',
  },
  {
    flag: 'candidate-url',
    input: 'candidate-url',
    value: 'text',
    setting: 'candidate.http.url',
    commands: RUN,
    arg: 'URL',
    help: 'candidate as an HTTP endpoint (POST {"question", "id"}; body, paths and headers in evalgate.yml candidate.http)',
    description: 'Candidate as an HTTP endpoint (POST {"question", "id"}; body, paths and headers in evalgate.yml candidate.http).',
    example: 'http://127.0.0.1:8080/ask',
  },
  ...JUDGE_OPTIONS,
  {
    flag: 'k',
    input: 'k',
    value: 'whole numbers',
    setting: 'k',
    commands: RUN,
    label: '--k 5,10',
    help: `cut-offs for precision@k, recall@k, hit@k, ndcg@k (default ${D.k.join(',')})`,
    description: 'Retrieval cut-offs, comma-separated (e.g. 5,10).',
    example: '5,10',
  },
  {
    flag: 'baseline',
    input: 'baseline',
    value: 'text',
    setting: 'baseline',
    commands: ['run', 'merge', 'calibrate-noise'],
    arg: 'FILE',
    help: 'baseline.json (or another results.json) to compare with',
    helpIn: { merge: 'compare the merged run in the same step (else run "evalgate compare")' },
    description: 'Baseline file to compare with.',
    example: DEFAULT_BASELINE_PATH,
  },
  { flag: 'no-baseline', value: 'switch', setting: 'baseline', sets: null, commands: RUN, help: 'compare with nothing, even if evalgate.yml names a baseline (to write a new one)' },
  {
    flag: 'max-drop',
    input: 'max-drop',
    value: 'number',
    setting: 'gate.max_drop',
    commands: GATED,
    arg: 'X',
    help: `allowed drop of any metric before the gate fails (default ${DEFAULT_GATE.max_drop})`,
    description: 'Allowed drop of any metric before the gate fails.',
    example: '0.02',
  },
  {
    flag: 'gate-mode',
    input: 'gate-mode',
    value: ['strict', 'significant'],
    setting: 'gate.gate_mode',
    commands: GATED,
    arg: 'MODE',
    help: 'strict (default: fail on any drop beyond max_drop) or significant\n(fail only on drops whose 95% interval excludes no change, Holm-corrected)',
    description: 'strict (default): fail on any metric drop beyond max-drop; significant: only on drops whose 95% interval excludes no change (Holm-corrected).',
    example: 'significant',
  },
  {
    flag: 'out',
    value: 'text',
    setting: 'out',
    commands: GATED,
    arg: 'FILE',
    help: `write results.json (a run not comparable with its baseline writes\n./${DEFAULT_RESULTS_PATH} without it: the fix command it prints names that file)`,
    helpIn: { compare: 'write results.json with the comparison', merge: 'merged results.json' },
    example: 'results.json',
  },
  { flag: 'report', value: 'text', setting: 'report', commands: GATED, arg: 'FILE', help: 'write the Markdown report', example: 'report.md' },
  { flag: 'verbose', value: 'switch', commands: ['run', 'compare', 'merge'], help: 'also print every gate setting and where its value came from\n(default, the baseline, evalgate.yml or a flag)' },
  {
    flag: 'shard',
    input: 'shard',
    value: 'text',
    setting: 'shard',
    commands: RUN,
    arg: 'i/n',
    help: 'score only the i-th of n deterministic slices (a GitHub Actions matrix);\nmerge the shards with "evalgate merge" to gate',
    description: 'i/n: score only the i-th of n deterministic slices of the eval set (a matrix job); merge them with mode: merge.',
    example: '2/4',
  },
  {
    flag: 'sequential',
    value: 'switch',
    setting: 'sequential',
    sets: true,
    commands: ['run'],
    help: "judge the questions in a seeded random order and stop once every judged metric's\nanytime-valid confidence sequence settles the verdict (gate_mode significant, LLM judge)",
  },
  {
    flag: 'only',
    value: 'text',
    commands: ['run'],
    arg: 'ID,ID',
    help: 're-run only these questions (ids of the eval set, separated by commas). A subset run is\nnever gated: compared with the baseline on its questions only, verdict "subset", exit 2',
    example: 'q001,q002',
  },
  {
    flag: 'failing-from',
    value: 'text',
    commands: ['run'],
    arg: 'RESULTS',
    help: 're-run only the questions that failed in RESULTS (a results.json): a failing rule,\nan error or a regression. Not gated, like --only',
    example: 'results.json',
  },
  {
    flag: 'history',
    input: 'history',
    value: 'text',
    setting: 'history',
    commands: ['run', 'merge', 'calibrate-noise'],
    arg: 'FILE',
    help: "append this run's metrics to history.csv (date,version,eval_set_version,metric,value)",
    helpIn: { merge: "append the merged run's metrics to history.csv" },
    description: "history.csv to append the run's metrics to (mode baseline) and to draw the PR comment's trend chart from.",
    example: 'history.csv',
  },
  { flag: 'no-color', value: 'switch', commands: GATED, help: 'plain terminal output' },
  {
    flag: 'max-input-mb',
    input: 'max-input-mb',
    value: 'number',
    setting: 'max_input_mb',
    commands: COMMANDS.filter((c) => c !== 'power'),
    arg: 'MB',
    help: `largest input file read (eval set, predictions, baseline, results, history; default ${DEFAULT_MAX_INPUT_MB});\na FIFO or pipe is read up to it`,
    description: `Largest input file evalgate reads, in MB (default ${DEFAULT_MAX_INPUT_MB}): an eval set, predictions, baseline, results or history above it is refused by name.`,
    example: '1024',
  },

  { flag: 'runs', value: 'number', commands: ['calibrate-noise'], arg: 'N', help: `passes of the judge over the same answers (default ${NOISE_PASSES}): its variance alone`, example: '5' },
  {
    flag: 'rerun-candidate',
    value: 'number',
    commands: ['calibrate-noise'],
    arg: 'N',
    help: 'N passes in which the candidate answers afresh too (a command or HTTP candidate):\nthe noise an unchanged PR sees',
    example: '5',
  },
  {
    flag: 'write',
    value: 'switch',
    commands: ['calibrate-noise'],
    help: "write the proposals into the baseline's max_drop_overrides, and the\nper-question noise into its noise (the MDE's variance when a run shows none)",
  },

  // the Action's own inputs, last
  ...ACTION_OPTIONS,
]

/** The options a command takes, in --help order. */
export function optionsOf(command: Command): ShellOption<'cli'>[] {
  return OPTIONS.filter(hasFlag).filter((o) => o.commands.includes(command))
}

/** The Action's inputs, one per action.yml entry. */
export function actionInputs(): ShellOption<'action'>[] {
  return OPTIONS.filter(hasInput)
}
