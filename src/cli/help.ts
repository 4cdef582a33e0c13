import { GATE_PRECEDENCE } from '../baseline/gate.ts'
import type { Command, OptionSpec } from '../run/options/option.ts'
import { optionsOf } from '../run/options/options.ts'
import { DEFAULT_GATE, DEFAULT_LATENCY_MIN_MS } from '../schemas/gate.ts'

interface CommandHelp {
  usage: string
  about?: string
  after?: string
  /** the command takes this command's options too; its --help lists only its own */
  inherits?: Command
}

/** The settings a gate reads, for the commands that gate: the flags set only max_drop and gate_mode. */
const GATE_SETTINGS = `Gate settings (under gate: in evalgate.yml, or kept in the baseline), with their defaults:
  max_drop ${DEFAULT_GATE.max_drop}, max_drop_overrides {metric: drop}, thresholds {metric: floor},
  by_category {category: {metric: floor}}, max_error_rate ${DEFAULT_GATE.max_error_rate}, question_drop ${DEFAULT_GATE.question_drop}, gate_mode ${DEFAULT_GATE.gate_mode},
  primary [metric, …] (tested first, in order, each at alpha 0.05; the rest share Holm's correction),
  latency_rise (not set: latency is reported, not gated; set, e.g. 0.5: the p50 or p95 latency
  across questions fails when it rose by more than that share of the baseline's AND by more than
  latency_min_ms, default ${DEFAULT_LATENCY_MIN_MS} ms). latency_min_ms without latency_rise is an error.`

/** The words of each command's --help; the option lines come from the option table. */
const COMMAND_HELP: Record<Command, CommandHelp> = {
  run: {
    usage: 'Usage: evalgate run [options]',
    about: `Scores the candidate's answers to every eval-set question, then compares with the baseline.
Gate settings: ${GATE_PRECEDENCE}, a later one
winning; --verbose shows where each value came from.
With --only or --failing-from it re-runs some questions only: a subset run is compared with the
baseline on those questions and never gated (verdict "subset", exit 2, no history, no baseline).`,
    after: GATE_SETTINGS,
  },
  merge: {
    usage: 'Usage: evalgate merge --out merged.json [--baseline F] [--report F] SHARD.json...',
    about: `Joins the results.json of every shard of one run. Refuses shards from different eval set
versions or fingerprints, judges or shard counts, overlapping shards, and incomplete coverage.`,
    after: GATE_SETTINGS,
  },
  trend: {
    usage: 'Usage: evalgate trend --history history.csv --metric M --out trend.svg [--threshold X]',
    about: `Draws one metric over the runs in history.csv as an SVG line chart: one point per run in date
order, a break and a marker where the eval set version changes (series never mix versions),
and a threshold line.`,
  },
  compare: { usage: 'Usage: evalgate compare --baseline FILE --candidate RESULTS [options]', after: GATE_SETTINGS },
  baseline: {
    usage: 'Usage: evalgate baseline --results RESULTS --out FILE [--version V]',
    about: `Writes a baseline (aggregate and per-question scores, eval set version and fingerprint, judge
identity) from a results.json, with the gate settings that gated that run
(${GATE_PRECEDENCE}) except those left at their
default. A run that was not gated (shards merged without --baseline) keeps the gate settings
of an existing baseline at --out.`,
  },
  power: {
    usage: 'Usage: evalgate power (--p P --delta D | --p1 P1 --p2 P2 | --sd-diff S --delta D | --n N [--sd-diff S] [--p P] | --results FILE [--n N]) [--json]',
    after: `Sample sizes are rounded up; the unrounded value is shown beside them. The gate compares two runs of
the same questions (paired): its power comes from the sd of the per-question differences, not from
the two-independent-samples formula of --p1 --p2.`,
  },
  calibrate: { usage: 'Usage: evalgate calibrate --human FILE [--human FILE2] --judge FILE [--metric accuracy] [--json]' },
  'calibrate-noise': {
    usage: 'Usage: evalgate calibrate-noise [run options] [--runs 3 | --rerun-candidate N] [--write]',
    about: `Runs the system several times over the eval set with nothing changed and proposes a max_drop
per metric so that the whole gate, every metric at once, false-alarms at most 5% on an unchanged
system (the 95% quantile of the largest drop across the metrics, in units of each metric's sd,
over simulated comparisons of two passes). --rerun-candidate N asks the candidate afresh each
pass as well as the judge: the noise a PR really sees. --runs N asks only the judge afresh over
fixed answers (--predictions with the baseline's answers), its variance alone. Takes the options
of "evalgate run".`,
    inherits: 'run',
  },
  pairwise: {
    usage: 'Usage: evalgate pairwise --results A.json --results B.json [--results C.json ...] [options]',
    about: `Judges the systems' answers head to head, question by question, with the LLM judge. Every
question of every pair is asked twice, A first and then B first: a win counts only when both
orders agree, anything else is a tie ("inconsistent" counts the disagreements). With three or
more systems they are ranked by a Bradley-Terry fit with bootstrap intervals over questions,
not by win counts. It informs and does not gate: the exit code is 0 unless the input is wrong.
Only questions present in every results file (same eval set version) are compared.`,
  },
  'lint-set': {
    usage: 'Usage: evalgate lint-set [EVAL_SET] [--against FILE...] [options]',
    about: `Checks an eval set before it gates anything. Errors (exit 1): the same question twice after
normalisation, near-duplicate questions (MinHash over word shingles and over character
shingles, exact Jaccard at or above --threshold), a question or ground truth found in an
--against file. Warnings (exit 0): categories too small to judge (95% Wilson half-width above
0.10), the difficulty mix off its target by more than 10 pp, a missing boundary kind
(should-refuse, not in the knowledge base, confusable: by should_refuse, category or a kind
column), ground truths too short to judge against, reference points the ground truth lacks,
should-refuse rows with a real answer, answerable rows with an empty relevant_doc_ids, and with
--corpus the documents no question covers. Exit 2: the eval set is bad input.`,
  },
  agreement: {
    usage: 'Usage: evalgate agreement --raters a.csv b.csv [c.csv ...] [--column difficulty] [--json]',
    about: `How far independent annotators agree on a nominal label: Fleiss' kappa for any number of
raters (two raters also get Cohen's kappa, PABAK and exact agreement), and the questions they
labelled differently. Rows are matched by id; every file must label every question.`,
  },
  'check-rules': {
    usage: 'Usage: evalgate check-rules --labels labels.csv [--eval-set FILE] [--config FILE] [--json]',
    about: `Measures the rules of evalgate.yml against human verdicts: per rule precision, recall, F1
and the confusion counts (positive = the rule flags a problem), and the answers each rule
misjudges. Rules are routed on should_refuse as in a run (from the eval set, or a should_refuse
column). Warns when a forbidden word is also a refusal phrase or is in a should-refuse ground
truth. Informs and does not gate: exit 0 unless the input is wrong.`,
  },
}

/** A command's --help: its usage and description, then one entry per option it takes. */
export function helpFor(command: Command): string {
  const help = COMMAND_HELP[command]
  const inherited = new Set(help.inherits ? optionsOf(help.inherits).map((o) => o.flag) : [])
  const options = optionsOf(command).filter((o) => !inherited.has(o.flag))
  const lines = options.flatMap((o) => optionLines(o, command))
  return [help.usage, help.about, lines.join('\n'), help.after].filter((part) => part).join('\n\n')
}

const LABEL_WIDTH = 24
const INDENT = ' '.repeat(2 + LABEL_WIDTH + 1)

/** `  --flag ARG               text`, the text continuing under itself; a long label gets a line of its own. */
function optionLines(option: OptionSpec, command: Command): string[] {
  const text = option.helpIn?.[command] ?? option.help
  if (text === undefined) return []
  const arg = option.arg ?? (Array.isArray(option.value) ? option.value.join('|') : undefined)
  const label = option.label ?? `--${option.flag}${arg ? ` ${arg}` : ''}`
  const [first, ...rest] = text.split('\n')
  const head = label.length <= LABEL_WIDTH ? [`  ${label.padEnd(LABEL_WIDTH)} ${first}`] : [`  ${label}`, INDENT + first]
  return [...head, ...rest.map((line) => INDENT + line)]
}
