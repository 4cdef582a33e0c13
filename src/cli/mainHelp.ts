// Kept apart from help.ts (each command's help, built from the option table): \`evalgate --help\`
// and an unknown command print this and load nothing else.
import { DEFAULT_BASELINE_PATH } from '../baseline/defaultPath.ts'

/** The text of `evalgate --help`. */
export const MAIN_HELP = `evalgate: a quality gate for RAG / LLM question answering

Usage: evalgate <command> [options]

Commands:
  run        score a candidate on an eval set; compare with a baseline when given
  compare    compare a results.json with a baseline (or with another results.json)
  baseline   write ${DEFAULT_BASELINE_PATH} from a results.json, with the gate settings that gated it
  merge      join the results of the shards of one run (then compare, or --baseline)
  trend      draw a metric's history (history.csv) as an SVG line chart
  power      sample size for a difference you want to detect, or the MDE of your eval set
  calibrate  the judge's scores against human scores (Spearman, weighted kappa, agreement)
  calibrate-noise
             score the same answers several times and propose max_drop from the judge's variance
  pairwise   two or more results.json judged head to head by the LLM judge, A/B swapped;
             a Bradley-Terry ranking for three or more
  lint-set   is the eval set fit to gate with: duplicates, coverage, boundary cases,
             ground-truth quality, leakage into prompts or training data
  agreement  Fleiss' kappa of three or more annotators on a label (Cohen's kappa for two)
  check-rules
             each rule's precision and recall against human verdicts on answers

Run "evalgate <command> --help" for the options of a command; "evalgate --version" prints the version.
Exit codes: 0 gate passed (or nothing to compare), 1 gate failed, 2 not gated (an incomparable baseline,
a subset run: --only / --failing-from) or bad input / usage, 3 an internal error of evalgate (a bug: report it).`
