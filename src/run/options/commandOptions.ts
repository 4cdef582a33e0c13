import { DEFAULT_BASELINE_PATH } from '../../baseline/baseline.ts'
import type { OptionSpec } from './option.ts'

/** Each command's own options (trend, baseline, power, lint-set, …): they lead their command's --help (options.ts puts them first). */
export const COMMAND_OPTIONS: readonly OptionSpec[] = [
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
  {
    flag: 'sd-diff',
    value: 'text',
    commands: ['power'],
    label: '--sd-diff 0.5 --delta 0.1',
    help: "questions needed for the gate's paired test to detect a drop of delta, when the\nper-question differences between two runs have this sd (pass rate: ≈ √share that flips)",
  },
  { flag: 'n', value: 'text', commands: ['power'], label: '--n 50 [--sd-diff S] [--p P]', help: "an n-question set: a pass rate's 95% half-width, and with --sd-diff the paired MDE" },
  {
    flag: 'results',
    value: 'text',
    commands: ['power'],
    label: '--results FILE [--n N]',
    help: "per metric of a compared run: the drop its paired test detects 80% of the time,\nfrom the run's own paired differences (or the baseline's calibrated noise)",
  },
  { flag: 'json', value: 'switch', commands: ['power'], help: '{"n", "n_exact"}, {"mde", "half_width"} or {"metrics": {…}}' },

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
  { flag: 'threshold', value: 'number', commands: ['lint-set'], arg: 'J', help: 'near-duplicate Jaccard threshold over word and character shingles, 0-1\n(default 0.8)', example: '0.8' },
  {
    flag: 'corpus',
    value: 'text',
    commands: ['lint-set'],
    arg: 'FILE',
    help: 'the knowledge base: a folder (one document per file, id = its path without\nthe extension) or a .jsonl / .csv with an id per document; lists the documents\nno question names in relevant_doc_ids, and relevant ids that are no document',
    example: 'docs/',
  },
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
]
