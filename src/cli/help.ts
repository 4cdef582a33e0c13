/** The text of `evalgate --help` and of each command's --help. */
export const HELP: Record<string, string> = {
  main: `evalgate: a quality gate for RAG / LLM question answering

Usage: evalgate <command> [options]

Commands:
  run        score a candidate on an eval set; compare with a baseline when given
  compare    compare a results.json with a baseline (or with another results.json)
  baseline   write baselines/baseline.json from a results.json, keeping the gate settings
  merge      join the results of the shards of one run (then compare, or --baseline)
  trend      draw a metric's history (history.csv) as an SVG line chart
  power      sample size for a difference you want to detect, or the MDE of your eval set
  calibrate  the judge's scores against human scores (Spearman, weighted kappa, agreement)
  calibrate-noise
             score the same answers several times and propose max_drop from the judge's variance
  pairwise   two or more results.json judged head to head by the LLM judge, A/B swapped;
             a Bradley-Terry ranking for three or more

Run "evalgate <command> --help" for the options of a command.
Exit codes: 0 gate passed (or nothing to compare), 1 gate failed, 2 incomparable baseline or bad input / usage.`,
  run: `Usage: evalgate run [options]

Scores the candidate's answers to every eval-set question, then compares with the baseline.

  --config FILE            settings file (default: evalgate.yml when present); flags win
  --eval-set FILE          eval set, .csv or .jsonl
  --eval-set-version V     label of the eval set version (e.g. v1)
  --version V              label of the system under test (e.g. the commit or prompt version)
  --predictions FILE       candidate answers written by an earlier step (.jsonl or .csv)
  --candidate-cmd "CMD"    candidate as a command: JSONL {id, question} on stdin, JSONL answers on stdout
  --candidate-timeout MS   timeout for the candidate command (default 300000)
  --candidate-url URL      candidate as an HTTP endpoint (POST {"question", "id"}; body, paths and headers in evalgate.yml candidate.http)
  --judge lexical|openai|none
                           lexical: offline, deterministic (default); openai: an LLM judge over any
                           OpenAI-compatible endpoint; none: rules, retrieval and citations only
  --judge-base-url URL     OpenAI-compatible base URL (default https://api.openai.com/v1)
  --judge-model M          chat model of the judge (e.g. gpt-4o-mini)
  --embeddings-model E     embeddings model for answer_relevancy (e.g. text-embedding-3-small)
  --judge-api-key-env NAME environment variable holding the judge key (default OPENAI_API_KEY)
  --concurrency N          judge calls in flight at once (default 8)
  --cache-dir DIR          judge response cache (default .evalgate-cache); a re-run makes no calls
  --no-cache               call the judge even for requests it has answered before
  --k 5,10                 cut-offs for precision@k, recall@k, hit@k, ndcg@k (default 5)
  --baseline FILE          baseline.json (or another results.json) to compare with
  --no-baseline            compare with nothing, even if evalgate.yml names a baseline (to write a new one)
  --max-drop X             allowed drop of any metric before the gate fails (default 0.02)
  --gate-mode MODE         strict (default: fail on any drop beyond max_drop) or significant
                           (fail only on drops whose 95% interval excludes no change, Holm-corrected)
  --out FILE               write results.json (a run not comparable with its baseline writes
                           ./results.json without it: the fix command it prints names that file)
  --report FILE            write the Markdown report
  --shard i/n              score only the i-th of n deterministic slices (a GitHub Actions matrix);
                           merge the shards with "evalgate merge" to gate
  --history FILE           append this run's metrics to history.csv (date,version,eval_set_version,metric,value)
  --no-color               plain terminal output`,
  merge: `Usage: evalgate merge --out merged.json [--baseline F] [--report F] SHARD.json...

Joins the results.json of every shard of one run. Refuses shards from different eval set
versions or fingerprints, judges or shard counts, overlapping shards, and incomplete coverage.

  --out FILE               merged results.json
  --baseline FILE          compare the merged run in the same step (else run "evalgate compare")
  --config FILE            gate settings (default: evalgate.yml when present)
  --max-drop X             override max_drop
  --report FILE            write the Markdown report
  --history FILE           append the merged run's metrics to history.csv
  --no-color               plain terminal output`,
  trend: `Usage: evalgate trend --history history.csv --metric M --out trend.svg [--threshold X]

Draws one metric over the runs in history.csv as an SVG line chart: one point per run in date
order, a break and a marker where the eval set version changes (series never mix versions),
and a threshold line.

  --history FILE           history.csv
  --metric M               e.g. rules_pass, faithfulness, recall@5
  --out FILE               the SVG to write
  --threshold X            draw the threshold line at X
  --title T                chart title`,
  compare: `Usage: evalgate compare --baseline FILE --candidate RESULTS [options]

  --baseline FILE          baseline.json, or another run's results.json
  --candidate FILE         this run's results.json
  --config FILE            settings file for gate overrides (default: evalgate.yml when present)
  --max-drop X             override max_drop
  --gate-mode MODE         strict or significant
  --out FILE               write results.json with the comparison
  --report FILE            write the Markdown report
  --no-color               plain terminal output`,
  baseline: `Usage: evalgate baseline --results RESULTS --out FILE [--version V]

Writes a baseline (aggregate and per-question scores, eval set version and fingerprint, judge
identity) from a results.json. Gate settings of an existing baseline at --out are kept.

  --results FILE           results.json written by "evalgate run --out"
  --out FILE               baseline to write (default baselines/baseline.json)
  --version V              label of the system the baseline describes (default: the run's version)`,
  power: `Usage: evalgate power (--p P --delta D | --p1 P1 --p2 P2 | --n N [--p P]) [--json]

  --p 0.62 --delta 0.05    questions needed to know a pass rate near p to ±delta (95%)
  --p1 0.62 --p2 0.52      questions per version to tell p1 from p2 (alpha 0.05, power 0.8)
  --n 50 [--p 0.5]         the minimum detectable effect (and 95% half-width) of an n-question set
  --json                   {"n", "n_exact"} or {"mde", "half_width"}

Sample sizes are rounded up; the unrounded value is shown beside them.`,
  calibrate: `Usage: evalgate calibrate --human FILE [--human FILE2] --judge FILE [--metric accuracy] [--json]

  --human FILE             CSV id,score (0-4) from one annotator; give it twice for two annotators
  --judge FILE             CSV id,score[,reason] or a results.json from "evalgate run --judge openai"
  --metric NAME            with a results.json: accuracy, relevance, completeness or citation
  --json                   machine output: n, spearman, pearson, qwk, kappa, agreement_within_1,
                           exact_agreement, pabak (null where undefined), and more`,
  'calibrate-noise': `Usage: evalgate calibrate-noise [run options] [--runs 3] [--write]

Scores the same answers --runs times, asking the judge afresh each time (the cache is bypassed),
and proposes a per-metric max_drop that judge noise alone stays under 95% of the time.
Takes the options of "evalgate run" (eval set, candidate, judge; --predictions with the
baseline's answers is the usual choice).

  --runs N                 passes (default 3)
  --write                  write the proposals into the baseline's max_drop_overrides`,
  pairwise: `Usage: evalgate pairwise --results A.json --results B.json [--results C.json ...] [options]

Judges the systems' answers head to head, question by question, with the LLM judge. Every
question of every pair is asked twice, A first and then B first: a win counts only when both
orders agree, anything else is a tie ("inconsistent" counts the disagreements). With three or
more systems they are ranked by a Bradley-Terry fit with bootstrap intervals over questions,
not by win counts. It informs and does not gate: the exit code is 0 unless the input is wrong.
Only questions present in every results file (same eval set version) are compared.

  --results FILE           a results.json written by "evalgate run --out"; give it once per system
  --names a,b,c            names of the systems, in --results order (default: each run's version, else the file name)
  --eval-set FILE          eval set whose reference points the judge compares against (default: eval_set
                           in evalgate.yml; without one the judge has the question alone)
  --json                   print the report as JSON (pairs with per-question verdicts, ranking, usage)
  --config FILE            settings file for the judge (default: evalgate.yml when present); flags win
  --judge openai           the judge must be the LLM judge
  --judge-base-url URL     OpenAI-compatible base URL (default https://api.openai.com/v1)
  --judge-model M          chat model of the judge (e.g. gpt-4o-mini)
  --judge-api-key-env NAME environment variable holding the judge key (default OPENAI_API_KEY)
  --concurrency N          judge calls in flight at once (default 8)
  --cache-dir DIR          judge response cache (default .evalgate-cache); a re-run makes no calls
  --no-cache               call the judge even for requests it has answered before`,
}
