/* eslint-disable max-lines -- the one declarative table of every flag and Action input: split across files it would stop being the one place to look */
import { DEFAULT_BASELINE_PATH } from '../baseline/baseline.ts'
import { CandidateTimeoutSchema, ConfigSchema, JUDGE_PROVIDERS } from '../schemas/config.ts'
import { DEFAULT_GATE } from '../schemas/gate.ts'
import { DEFAULT_CONFIG_FILE } from './config.ts'
import { COMMANDS, type Command, type OptionSpec } from './option.ts'
import { DEFAULT_RESULTS_PATH } from './pipeline.ts'

/** the config's defaults, shown in --help and action.yml */
const D = ConfigSchema.parse({})
const RUN = ['run', 'calibrate-noise'] as const
const GATED = ['run', 'compare', 'merge', 'calibrate-noise'] as const
const JUDGE = ['run', 'calibrate-noise', 'pairwise'] as const
const NOISE_PASSES = '3'

/** Every option, in the order --help lists them. */
export const OPTIONS: readonly OptionSpec[] = [
  { flag: 'help', short: 'h', value: 'switch', commands: COMMANDS },

  // the commands' own options first: they lead their command's --help
  { flag: 'history', value: 'text', commands: ['trend'], arg: 'FILE', help: 'history.csv', example: 'history.csv' },
  { flag: 'metric', value: 'text', commands: ['trend'], arg: 'M', help: 'e.g. rules_pass, faithfulness, recall@5', example: 'rules_pass' },
  { flag: 'out', value: 'text', commands: ['trend'], arg: 'FILE', help: 'the SVG to write', example: 'trend.svg' },
  { flag: 'threshold', value: 'number', commands: ['trend'], arg: 'X', help: 'draw the threshold line at X', example: '0.8' },
  { flag: 'title', value: 'text', commands: ['trend'], arg: 'T', help: 'chart title', example: 'rules_pass' },

  { flag: 'results', value: 'text', commands: ['baseline'], arg: 'FILE', help: 'results.json written by "evalgate run --out"', example: 'results.json' },
  { flag: 'out', value: 'text', default: DEFAULT_BASELINE_PATH, commands: ['baseline'], arg: 'FILE', help: `baseline to write (default ${DEFAULT_BASELINE_PATH})` },
  { flag: 'version', value: 'text', commands: ['baseline'], arg: 'V', help: "label of the system the baseline describes (default: the run's version)", example: 'v2' },

  // power checks its own ranges: its values stay text here
  { flag: 'p', value: 'text', commands: ['power'], label: '--p 0.62 --delta 0.05', help: 'questions needed to know a pass rate near p to ±delta (95%)' },
  { flag: 'delta', value: 'text', commands: ['power'] },
  { flag: 'p1', value: 'text', commands: ['power'], label: '--p1 0.62 --p2 0.52', help: 'questions per version to tell p1 from p2 (alpha 0.05, power 0.8)' },
  { flag: 'p2', value: 'text', commands: ['power'] },
  { flag: 'n', value: 'text', commands: ['power'], label: '--n 50 [--p 0.5]', help: 'the minimum detectable effect (and 95% half-width) of an n-question set' },
  { flag: 'json', value: 'switch', commands: ['power'], help: '{"n", "n_exact"} or {"mde", "half_width"}' },

  { flag: 'human', multiple: true, value: 'text', commands: ['calibrate'], arg: 'FILE', help: 'CSV id,score (0-4) from one annotator; give it twice for two annotators' },
  { flag: 'judge', value: 'text', commands: ['calibrate'], arg: 'FILE', help: 'CSV id,score[,reason] or a results.json from "evalgate run --judge openai"' },
  { flag: 'metric', value: 'text', commands: ['calibrate'], arg: 'NAME', help: 'with a results.json: accuracy, relevance, completeness or citation' },
  {
    flag: 'json',
    value: 'switch',
    commands: ['calibrate'],
    help: 'machine output: n, spearman, pearson, qwk, kappa, agreement_within_1,\nexact_agreement, pabak (null where undefined), and more',
  },

  { flag: 'baseline', value: 'text', commands: ['compare'], arg: 'FILE', help: "baseline.json, or another run's results.json", example: DEFAULT_BASELINE_PATH },
  { flag: 'candidate', value: 'text', commands: ['compare'], arg: 'FILE', help: "this run's results.json", example: 'results.json' },

  { flag: 'results', multiple: true, value: 'text', commands: ['pairwise'], arg: 'FILE', help: 'a results.json written by "evalgate run --out"; give it once per system' },
  { flag: 'names', value: 'text', commands: ['pairwise'], arg: 'a,b,c', help: "names of the systems, in --results order (default: each run's version, else the file name)" },
  { flag: 'json', value: 'switch', commands: ['pairwise'], help: 'print the report as JSON (pairs with per-question verdicts, ranking, usage)' },

  {
    flag: 'against',
    multiple: true,
    variadic: true,
    value: 'text',
    commands: ['lint-set'],
    label: '--against FILE...',
    help: 'prompt templates, few-shot files, fine-tuning JSONL: a question or ground truth\nfound in them is a leakage error',
  },
  { flag: 'threshold', value: 'number', commands: ['lint-set'], arg: 'J', help: 'near-duplicate Jaccard threshold over shingles, 0-1 (default 0.8)', example: '0.8' },
  {
    flag: 'difficulty-mix',
    value: 'text',
    commands: ['lint-set'],
    arg: 'MIX',
    help: 'target difficulty shares in percent (default easy=40,medium=40,hard=20)',
    example: 'easy=40,medium=40,hard=20',
  },
  { flag: 'leak-threshold', value: 'number', commands: ['lint-set'], arg: 'X', help: "share of a text's 4-grams found in an --against file that counts as\nleaked (default 0.7)", example: '0.7' },
  { flag: 'json', value: 'switch', commands: ['lint-set'], help: '{"findings": [{"kind", "level", "ids", "lines", "message"}], "summary": {...}}' },

  { flag: 'raters', multiple: true, variadic: true, value: 'text', commands: ['agreement'], label: '--raters FILE...', help: "one CSV or JSONL per rater, with an id column and the label's column" },
  { flag: 'column', value: 'text', default: 'difficulty', commands: ['agreement'], arg: 'NAME', help: 'the nominal label to compare (default difficulty)', example: 'difficulty' },
  { flag: 'json', value: 'switch', commands: ['agreement'], help: '{"fleiss_kappa", "items", "raters", ...} (null where undefined)' },

  {
    flag: 'labels',
    value: 'text',
    commands: ['check-rules'],
    arg: 'FILE',
    help: 'CSV or JSONL: id, answer and a human verdict (1 fine, 0 not) per rule column\n(length_ok, citation_ok, no_forbidden, json_ok, refuse_ok, rules_pass) or one\nacceptable column',
  },
  { flag: 'json', value: 'switch', commands: ['check-rules'], help: '{"rules": {"<rule>": {"precision", "recall", "f1", "tp", "fp", "fn", "tn", ...}}, ...}' },

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
  {
    flag: 'judge',
    input: 'judge',
    value: JUDGE_PROVIDERS,
    setting: 'judge.provider',
    commands: JUDGE,
    help: 'lexical: offline, deterministic (default); openai: an LLM judge over any\nOpenAI-compatible endpoint; azure: over Azure OpenAI deployments;\nnone: rules, retrieval and citations only',
    helpIn: { pairwise: 'openai or azure: pairwise needs the LLM judge' },
    description: 'lexical (offline, deterministic), openai (LLM judge over any OpenAI-compatible endpoint), azure (LLM judge over Azure OpenAI deployments) or none.',
    example: 'openai',
  },
  {
    flag: 'judge-base-url',
    input: 'judge-base-url',
    value: 'text',
    setting: 'judge.base_url',
    commands: JUDGE,
    arg: 'URL',
    help: `OpenAI-compatible base URL (default ${D.judge.base_url}); azure: the resource endpoint;\nwithout a key, any other URL is called keyless`,
    description: `OpenAI-compatible base URL of the judge (default ${D.judge.base_url}); with judge azure, the resource endpoint (https://NAME.openai.azure.com).`,
    example: 'http://127.0.0.1:11434/v1',
  },
  {
    flag: 'judge-model',
    input: 'judge-model',
    value: 'text',
    setting: 'judge.model',
    commands: JUDGE,
    arg: 'M',
    help: 'chat model of the judge (e.g. gpt-4o-mini); azure: the deployment name',
    description: 'Chat model of the judge; with judge azure, the deployment name.',
    example: 'gpt-4o-mini',
  },
  {
    flag: 'judge-api-version',
    input: 'judge-api-version',
    value: 'text',
    setting: 'judge.api_version',
    commands: JUDGE,
    arg: 'V',
    help: 'azure: the api-version of the resource (e.g. 2024-10-21)',
    description: 'With judge azure: the api-version the resource serves (e.g. 2024-10-21).',
    example: '2024-10-21',
  },
  {
    flag: 'embeddings-model',
    input: 'embeddings-model',
    value: 'text',
    setting: 'judge.embeddings_model',
    commands: RUN,
    arg: 'E',
    help: 'embeddings model for answer_relevancy (e.g. text-embedding-3-small); azure: the\ndeployment name; none: answer_relevancy off (an endpoint without embeddings)',
    description: 'Embeddings model for answer_relevancy (with judge azure, the deployment name); none turns answer_relevancy off for an endpoint without embeddings.',
    example: 'text-embedding-3-small',
  },
  {
    flag: 'judge-api-key-env',
    value: 'text',
    setting: 'judge.api_key_env',
    commands: JUDGE,
    arg: 'NAME',
    help: 'environment variable holding the judge key (default OPENAI_API_KEY;\nazure: AZURE_OPENAI_API_KEY)',
    example: 'JUDGE_KEY',
  },
  {
    input: 'judge-api-key',
    value: 'text',
    secret: true,
    commands: [],
    description:
      'Judge API key (pass a secret); else the environment variable OPENAI_API_KEY (AZURE_OPENAI_API_KEY for judge azure). Without a key the LLM tier is skipped with a warning, except that a base URL other than api.openai.com is called keyless.',
  },
  { flag: 'concurrency', value: 'number', setting: 'judge.concurrency', commands: JUDGE, arg: 'N', help: `judge calls in flight at once (default ${D.judge.concurrency})`, example: '4' },
  {
    flag: 'cache-dir',
    value: 'text',
    setting: 'judge.cache_dir',
    commands: JUDGE,
    arg: 'DIR',
    help: `judge response cache (default ${D.judge.cache_dir}); a re-run makes no calls`,
    example: '.cache/judge',
  },
  { flag: 'no-cache', value: 'switch', setting: 'judge.cache', sets: false, commands: JUDGE, help: 'call the judge even for requests it has answered before' },
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

  { flag: 'runs', value: 'number', default: NOISE_PASSES, commands: ['calibrate-noise'], arg: 'N', help: `passes (default ${NOISE_PASSES})`, example: '5' },
  { flag: 'write', value: 'switch', commands: ['calibrate-noise'], help: "write the proposals into the baseline's max_drop_overrides" },

  // the Action's own inputs
  { input: 'github-token', value: 'text', secret: true, commands: [], actionDefault: '${{ github.token }}', description: 'Token for the sticky PR comment (needs pull-requests write).' },
  { input: 'comment', value: ['true', 'false'], default: 'true', commands: [], description: 'Post / update the sticky PR comment (true or false).' },
  { input: 'comment-key', value: 'text', default: 'default', commands: [], description: 'Key of the sticky comment, for several gates in one PR.' },
  {
    input: 'mode',
    value: ['gate', 'baseline', 'merge'],
    default: 'gate',
    commands: [],
    description: "gate (default); baseline: write the baseline file (and append history) from this run instead of gating; merge: join the shards' results (shard-results), then gate and comment once.",
  },
  {
    input: 'shard-results',
    value: 'paths',
    commands: [],
    description: "mode: merge: the shards' results.json files, separated by spaces, commas or newlines; * patterns allowed (e.g. shards/*.json).",
    example: 'shards/*.json',
  },
  {
    input: 'lint-set',
    value: ['true', 'strict', 'false'],
    default: 'false',
    commands: [],
    description:
      'Lint the eval set before scoring (evalgate lint-set): findings become annotations on its lines. true: they never change the verdict; strict: an error-level finding fails the check; false (default): no lint.',
  },
  { input: 'results-path', value: 'text', default: 'evalgate-results.json', commands: [], description: 'Where to write results.json.' },
  { input: 'report-path', value: 'text', default: 'evalgate-report.md', commands: [], description: 'Where to write the Markdown report.' },
]

/** The options a command takes, in --help order. */
export function optionsOf(command: Command): OptionSpec[] {
  return OPTIONS.filter((o) => o.flag !== undefined && o.commands.includes(command))
}

/** The Action's inputs, one per action.yml entry. */
export function actionInputs(): OptionSpec[] {
  return OPTIONS.filter((o) => o.input !== undefined)
}
