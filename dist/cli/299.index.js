export const id = 299;
export const ids = [299];
export const modules = {

/***/ 5598:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   u7: () => (/* binding */ judgeHealth)
/* harmony export */ });
/* unused harmony exports RUBRIC_METRICS, gradeOf, lengthStrata */
/* harmony import */ var _baseline_answer_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3025);
/* harmony import */ var _metrics_registry_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1118);
/* harmony import */ var _schemas_judgeHealth_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2913);
/* harmony import */ var _stats_agreement_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8055);




/**
 * Judge health: is the LLM judge's 0–4 rubric still telling answers apart (grades spread over
 * the scale, not piled onto one), and is it rewarding length (grades rising with answer length;
 * answers that got longer than the baseline's, compared within length bands)? Computed once from
 * the run's questions and the baseline; stored in results.json and worded by the renderers.
 * Should-refuse questions are left out: the rubric gives a correct refusal 4 on every dimension.
 */
const RUBRIC_METRICS = _metrics_registry_js__WEBPACK_IMPORTED_MODULE_1__/* .registry */ .u5.definitions.filter((d) => d.llmSource === 'rubric' && d.tiers.includes('llm')).map((d) => d.name);
/** A rubric score (grade / 4, or the mean of the passes / 4) as the nearest grade 0–4. */
function gradeOf(score) {
    return Math.min(4, Math.max(0, Math.round(score * 4)));
}
/**
 * `comparison`: this run's against `baseline`; the answer lengths are compared only when there is
 * one and it is comparable (an incomparable baseline's grades are not this judge's, or not of this set).
 */
function judgeHealth(questions, baseline, comparison) {
    const answered = Object.entries(questions).filter(([, q]) => !q.should_refuse && q.errors.candidate === undefined);
    const metrics = RUBRIC_METRICS.filter((m) => answered.some(([, q]) => q.scores[m] != null));
    const judged = answered.filter(([, q]) => metrics.some((m) => q.scores[m] != null));
    return {
        answers: judged.length,
        dimensions: metrics.map((m) => dimensionHealth(m, judged.map(([, q]) => q))),
        lengths: baseline && comparison && comparison.verdict !== 'incomparable' ? answerLengths(judged, baseline, metrics) : null,
    };
}
function dimensionHealth(metric, questions) {
    const graded = questions.flatMap((q) => (q.scores[metric] == null ? [] : [{ grade: gradeOf(q.scores[metric]), chars: (0,_baseline_answer_js__WEBPACK_IMPORTED_MODULE_0__/* .answerChars */ .Ur)(q.answer) }]));
    const counts = [0, 0, 0, 0, 0];
    for (const { grade } of graded)
        counts[grade] += 1;
    const n = graded.length;
    const top = n === 0 ? null : counts.indexOf(Math.max(...counts));
    const share = top === null ? null : counts[top] / n;
    const rho = n < 2
        ? null
        : (0,_stats_agreement_js__WEBPACK_IMPORTED_MODULE_3__/* .spearman */ .CN)(graded.map((g) => g.chars), graded.map((g) => g.grade));
    const enough = n >= _schemas_judgeHealth_js__WEBPACK_IMPORTED_MODULE_2__/* .MIN_HEALTH_ANSWERS */ .eR;
    return {
        metric,
        n,
        counts,
        top_grade: top,
        top_share: share,
        collapsed: enough && share !== null && share > _schemas_judgeHealth_js__WEBPACK_IMPORTED_MODULE_2__/* .COLLAPSE_SHARE */ .Gf,
        length_rho: rho,
        length_biased: enough && rho !== null && rho > _schemas_judgeHealth_js__WEBPACK_IMPORTED_MODULE_2__/* .LENGTH_RHO */ .pM,
    };
}
function answerLengths(judged, view, metrics) {
    if (!view.questions)
        return null;
    const pairs = [];
    for (const [id, q] of judged) {
        const before = view.questions[id];
        const chars = before && baselineChars(before);
        if (chars == null)
            continue;
        pairs.push({ baseline: { chars, scores: before.scores }, candidate: { chars: (0,_baseline_answer_js__WEBPACK_IMPORTED_MODULE_0__/* .answerChars */ .Ur)(q.answer), scores: q.scores } });
    }
    if (pairs.length === 0)
        return null;
    const medianBaseline = median(pairs.map((p) => p.baseline.chars));
    const medianCandidate = median(pairs.map((p) => p.candidate.chars));
    const longer = medianCandidate > medianBaseline * (1 + _schemas_judgeHealth_js__WEBPACK_IMPORTED_MODULE_2__/* .LONGER_BY */ .qE);
    return {
        n: pairs.length,
        median_baseline: medianBaseline,
        median_candidate: medianCandidate,
        longer,
        strata: longer
            ? lengthStrata(pairs.map((p) => p.baseline), pairs.map((p) => p.candidate), metrics)
            : null,
    };
}
/** The whole baseline answer's length: kept since answer_chars; an answer kept whole (not cut) gives it too. */
function baselineChars(q) {
    if (q.answer_chars !== undefined)
        return q.answer_chars;
    return q.answer !== undefined && q.answer_truncated === false ? (0,_baseline_answer_js__WEBPACK_IMPORTED_MODULE_0__/* .answerChars */ .Ur)(q.answer) : null;
}
/**
 * Short / medium / long answers, cut at the baseline's length tertiles (nearest rank, so the
 * baseline's shortest third is "short"); each side's answers in a band with their mean score per
 * metric. Within a band, length is (nearly) held equal: a candidate that is only longer moves
 * answers into the long band, not the means within a band. Equal cut points merge their bands.
 */
function lengthStrata(baseline, candidate, metrics) {
    if (baseline.length === 0)
        return [];
    const sorted = baseline.map((a) => a.chars).sort((a, b) => a - b);
    const cuts = [...new Set([1, 2].map((k) => sorted[Math.ceil((sorted.length * k) / 3) - 1]))];
    const bounds = [null, ...cuts, null];
    const strata = [];
    for (let i = 0; i + 1 < bounds.length; i++) {
        const low = bounds[i];
        const high = bounds[i + 1];
        const within = (a) => (low === null || a.chars > low) && (high === null || a.chars <= high);
        const before = baseline.filter(within);
        const after = candidate.filter(within);
        strata.push({
            low,
            high,
            n_baseline: before.length,
            n_candidate: after.length,
            metrics: Object.fromEntries(metrics.map((m) => [m, { baseline: meanOf(before, m), candidate: meanOf(after, m) }])),
        });
    }
    return strata;
}
function meanOf(answers, metric) {
    const values = answers.flatMap((a) => (a.scores[metric] == null ? [] : [a.scores[metric]]));
    return values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;
}
function median(values) {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}


/***/ }),

/***/ 2550:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   F: () => (/* binding */ questionReason)
/* harmony export */ });
/* harmony import */ var _metrics_registry_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1118);
/* harmony import */ var _metrics_rules_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2158);


/**
 * Why one question scored what it did on one metric, for every report row (regressions,
 * improvements, the worst questions of a run without a baseline): the metric's own note, else
 * its error, else the candidate's. An answerable question the candidate refused says so
 * (`over_refusal`) on every answer metric, instead of the symptom ("no citation", "failed:
 * …"); retrieval and latency keep their own reasons, which the refusal did not cause.
 */
function questionReason(q, metric) {
    const tiers = (0,_metrics_registry_js__WEBPACK_IMPORTED_MODULE_0__/* .metricInfo */ .R)(metric)?.tiers ?? [];
    const aboutTheAnswer = !tiers.includes('retrieval') && !tiers.includes('operations');
    if (aboutTheAnswer && q.scores.no_over_refusal === 0)
        return _metrics_rules_js__WEBPACK_IMPORTED_MODULE_1__/* .OVER_REFUSAL */ .Ih;
    return q.notes[metric] ?? q.errors[metric] ?? q.errors.candidate ?? null;
}


/***/ }),

/***/ 3299:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  xN: () => (/* binding */ DEFAULT_RESULTS_PATH),
  dc: () => (/* reexport */ exit/* EXIT */.d),
  ex: () => (/* binding */ compareResults),
  Rr: () => (/* binding */ exitCodeFor),
  Ev: () => (/* binding */ planOnly),
  aI: () => (/* binding */ runPipeline)
});

// UNUSED EXPORTS: baselineLayer, statePlan

// EXTERNAL MODULE: ./src/baseline/baseline.ts + 2 modules
var baseline_baseline = __webpack_require__(8095);
// EXTERNAL MODULE: ./src/compare/judgeHealth.ts
var judgeHealth = __webpack_require__(5598);
// EXTERNAL MODULE: ./src/candidates/outputs.ts
var candidates_outputs = __webpack_require__(2244);
// EXTERNAL MODULE: ./src/candidates/turns.ts
var turns = __webpack_require__(8234);
// EXTERNAL MODULE: ./src/io/ids.ts
var io_ids = __webpack_require__(2298);
// EXTERNAL MODULE: ./src/metrics/registry.ts
var registry = __webpack_require__(1118);
// EXTERNAL MODULE: ./src/baseline/answer.ts
var answer = __webpack_require__(3025);
;// CONCATENATED MODULE: ./src/compare/answers.ts


/**
 * What each regressed question answered before, for the reports' before/after: the baseline's
 * capped answer and whether this run's answer hashes the same (then the drop comes from
 * scoring or the contexts, not from the answer). Only questions the baseline kept an answer
 * for: a baseline of schema 1 keeps none, so the reports show no before text.
 */
function baselineAnswers(regressions, baseline, questions) {
    const out = (0,io_ids/* idRecord */.P5)();
    if (!baseline?.questions)
        return out;
    for (const { id } of regressions) {
        if (Object.hasOwn(out, id))
            continue;
        const before = (0,io_ids/* ownValue */.eC)(baseline.questions, id);
        const after = (0,io_ids/* ownValue */.eC)(questions, id);
        if (before?.answer === undefined || before.answer_sha256 === undefined || !after)
            continue;
        out[id] = { answer: before.answer, answer_truncated: before.answer_truncated ?? false, unchanged: before.answer_sha256 === (0,answer/* answerSha256 */.w$)(after.answer) };
    }
    return out;
}

// EXTERNAL MODULE: ./src/stats/normal.ts
var normal = __webpack_require__(2160);
// EXTERNAL MODULE: ./src/stats/proportions.ts
var proportions = __webpack_require__(2580);
;// CONCATENATED MODULE: ./src/compare/columns.ts


function buildColumns(questions, base, metrics) {
    const ids = Object.keys(questions).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const n = ids.length;
    const inBaseline = new Uint8Array(n);
    const candidate = new Map(metrics.map((m) => [m, new Float64Array(n).fill(Number.NaN)]));
    const baseline = base ? new Map(metrics.map((m) => [m, new Float64Array(n).fill(Number.NaN)])) : null;
    // the same arrays as the maps hold, in `metrics` order: no map lookup per question and metric
    const candidateColumns = metrics.map((m) => candidate.get(m));
    const baselineColumns = baseline && metrics.map((m) => baseline.get(m));
    for (let i = 0; i < n; i++) {
        const q = questions[ids[i]];
        const b = (0,io_ids/* ownValue */.eC)(base, ids[i]);
        if (b)
            inBaseline[i] = 1;
        const unanswered = q.errors.candidate !== undefined;
        for (let j = 0; j < metrics.length; j++) {
            const m = metrics[j];
            const v = q.scores[m];
            const bv = b ? (b.scores[m] ?? null) : undefined;
            if (bv !== undefined && bv !== null)
                baselineColumns[j][i] = bv;
            if (v !== null && v !== undefined)
                candidateColumns[j][i] = v;
            else if (unanswered)
                candidateColumns[j][i] = failingValue(m, q, bv);
        }
    }
    return { ids, inBaseline, candidate, baseline };
}
/**
 * An unanswered question's value on a metric: the worst the metric has (0, or 1 where lower is
 * better), NaN where the metric does not apply to it (the baseline has no value for it, or a
 * should-refuse question's answer rules and the other way round) and for latency, which has no
 * worst value. `baseline` is undefined when there is no per-question baseline for the question.
 */
function failingValue(metric, q, baseline) {
    const info = (0,registry/* metricInfo */.R)(metric);
    if (!info || info.unit !== 'score' || baseline === null)
        return Number.NaN;
    if (baseline === undefined && (metric === 'refuse_ok' ? !q.should_refuse : q.should_refuse && ANSWER_RULES.has(metric)))
        return Number.NaN;
    return info.higherIsBetter ? 0 : 1;
}
const ANSWER_RULES = new Set(['length_ok', 'citation_ok', 'no_forbidden', 'json_ok']);
/** The run's summaries with each mean over all of its questions as the gate sees them (an unanswered one failing): what thresholds hold. */
function overallSummaries(summaries, columns) {
    return Object.fromEntries(Object.entries(summaries).map(([m, s]) => [m, { ...s, mean: meanAt(columns.candidate.get(m)).mean }]));
}
/** Means over the positions where both sides have a value: the same questions on both sides. */
function pairedMeans(base, cand, positions) {
    if (!base || !cand)
        return { baseline: null, candidate: null, n: 0 };
    let sumB = 0;
    let sumC = 0;
    let n = 0;
    for (let i = 0; i < cand.length; i++) {
        if (positions[i] !== 1 || Number.isNaN(base[i]) || Number.isNaN(cand[i]))
            continue;
        sumB += base[i];
        sumC += cand[i];
        n += 1;
    }
    return n === 0 ? { baseline: null, candidate: null, n } : { baseline: sumB / n, candidate: sumC / n, n };
}
/** Mean of the values that have one. */
function meanAt(values) {
    if (!values)
        return { mean: null, n: 0 };
    let sum = 0;
    let n = 0;
    for (let i = 0; i < values.length; i++) {
        const v = values[i];
        if (Number.isNaN(v))
            continue;
        sum += v;
        n += 1;
    }
    return { mean: n === 0 ? null : sum / n, n };
}
/** Decisions at 1e-9 so that 0.80 − 0.78 (= 0.0200000000000000018) is not "more than 0.02". */
const EPS = 1e-9;

;// CONCATENATED MODULE: ./src/compare/categories.ts





/** Above this 95% half-width on a headline metric, a category has too few questions to judge. */
const CATEGORY_HALF_WIDTH = 0.1;
const HEADLINE = registry/* registry */.u5.headline();
/**
 * Per category: baseline and candidate means over the common questions, the 95% interval of
 * the candidate mean (Wilson for pass/fail metrics, normal for scores), and the floors of
 * `by_category`, checked against the candidate mean over all of the category's questions.
 */
function categoryRows(run, columns, gate) {
    const byCategory = new Map();
    columns.ids.forEach((id, i) => {
        const category = run.questions[id].category ?? '(none)';
        const list = byCategory.get(category) ?? [];
        list.push(i);
        byCategory.set(category, list);
    });
    const metricNames = (0,registry/* sortMetrics */.g4)(Object.keys(run.metrics));
    return [...byCategory.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([category, positions]) => {
        const shared = positions.filter((i) => columns.inBaseline[i] === 1);
        // one buffer per side, refilled for each metric: the values of the category's questions that have one
        const present = new Float64Array(positions.length);
        const presentInBaseline = new Float64Array(shared.length);
        const metrics = {};
        let tooFew = false;
        for (const name of metricNames) {
            const candidate = gather(columns.candidate.get(name), positions, present);
            const interval = intervalOf(name, candidate);
            if (interval && HEADLINE.has(name) && (interval.high - interval.low) / 2 > CATEGORY_HALF_WIDTH)
                tooFew = true;
            metrics[name] = {
                baseline: columns.baseline ? meanOf(gather(columns.baseline.get(name), shared, presentInBaseline)) : null,
                candidate: meanOf(candidate),
                interval,
            };
        }
        const floors = Object.entries((0,io_ids/* ownValue */.eC)(gate.by_category, category) ?? {}).map(([metric, floor]) => {
            const value = metrics[metric]?.candidate ?? null;
            const higherIsBetter = (0,registry/* metricInfo */.R)(metric)?.higherIsBetter ?? true;
            const passed = value !== null && (higherIsBetter ? value >= floor - EPS : value <= floor + EPS);
            return { metric, floor, value, passed };
        });
        return { category, n: positions.length, metrics, too_few: tooFew, floors };
    });
}
/** The values at `positions` that have one, copied into the front of `buffer`; a view of them. */
function gather(values, positions, buffer) {
    if (!values)
        return buffer.subarray(0, 0);
    let n = 0;
    for (const i of positions) {
        const v = values[i];
        if (!Number.isNaN(v))
            buffer[n++] = v;
    }
    return buffer.subarray(0, n);
}
function meanOf(values) {
    return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}
function intervalOf(metric, values) {
    const info = (0,registry/* metricInfo */.R)(metric);
    if (values.length === 0 || info?.unit === 'ms')
        return null;
    if (info?.binary) {
        const w = (0,proportions/* wilson */.rF)(values.reduce((ones, v) => ones + (v === 1 ? 1 : 0), 0), values.length);
        return w && { low: w.low, high: w.high };
    }
    const n = values.length;
    const mean = values.reduce((a, b) => a + b, 0) / n;
    if (n < 2)
        return { low: 0, high: 1 };
    const sd = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1));
    const half = (0,normal/* normalQuantile */.Z)(0.975) * (sd / Math.sqrt(n));
    return { low: Math.max(0, mean - half), high: Math.min(1, mean + half) };
}

;// CONCATENATED MODULE: ./src/compare/counts.ts
/**
 * How many rows and questions moved, counted once for every place that says so (the header,
 * the terminal, the noise note's sign test, the Action's `regressions` output): a question is
 * worse when it fell on some metric and rose on none, better the other way round, and mixed
 * when it did both, so "N worse / M better" never counts a question twice.
 * `worse` and `better` hold 1 at each question position with a regression or an improvement row.
 */
function changeCounts(rows, worse, better) {
    let onlyWorse = 0;
    let onlyBetter = 0;
    let mixed = 0;
    for (let i = 0; i < worse.length; i++) {
        if (worse[i] === 1 && better[i] === 1)
            mixed += 1;
        else if (worse[i] === 1)
            onlyWorse += 1;
        else if (better[i] === 1)
            onlyBetter += 1;
    }
    return {
        regression_rows: rows.regressions,
        improvement_rows: rows.improvements,
        questions_worse: onlyWorse,
        questions_better: onlyBetter,
        questions_mixed: mixed,
    };
}
/** The counts of a comparison that compared nothing. */
function noChanges() {
    return changeCounts({ regressions: 0, improvements: 0 }, new Uint8Array(0), new Uint8Array(0));
}

// EXTERNAL MODULE: ./src/compare/reasons.ts
var reasons = __webpack_require__(2550);
;// CONCATENATED MODULE: ./src/compare/changes.ts




/**
 * One kind of change (worse or better) as parallel columns, one entry per question and metric:
 * its size |change| and a key that orders equal sizes by question id, then metric name. At
 * 100,000 questions there are hundreds of thousands of changes and only `keep` of each kind
 * are kept, so the rows are made for those alone, after the sort.
 */
class Found {
    size = [];
    key = [];
    /** 1 at each question position with at least one change of this kind */
    questions;
    constructor(questionCount) {
        this.questions = new Uint8Array(questionCount);
    }
    add(size, position, key) {
        this.size.push(size);
        this.key.push(key);
        this.questions[position] = 1;
    }
    /** The keys of the `keep` largest changes, largest first; equal sizes in key order. */
    largest(keep) {
        const { size, key } = this;
        const bySize = (a, b) => size[b] - size[a] || key[a] - key[b];
        if (size.length <= keep || keep <= 0)
            return size
                .map((_, i) => i)
                .sort(bySize)
                .slice(0, keep)
                .map((i) => key[i]);
        // only the changes down to the keep-th largest size are kept: those above it in full order,
        // then of those at it (often many: every pass → fail flip has size 1) the smallest keys
        const cut = Float64Array.from(size).sort()[size.length - keep];
        const above = [];
        const atCut = [];
        for (let i = 0; i < size.length; i++) {
            if (size[i] > cut)
                above.push(i);
            else if (size[i] === cut)
                atCut.push(key[i]);
        }
        const firstAtCut = Float64Array.from(atCut)
            .sort()
            .subarray(0, keep - above.length);
        return [...above.sort(bySize).map((i) => key[i]), ...firstAtCut];
    }
}
const byText = (x, y) => (x < y ? -1 : x > y ? 1 : 0);
/**
 * Per question and metric: drops of at least question_drop and pass → fail flips, worst first
 * (ties: by id, then metric), and the rises and fail → pass flips the same way; the `keep`
 * largest of each kind and the counts of all of them.
 * Quality only: one question's latency is mostly jitter, and a rise in ms is not comparable with
 * a drop in score, so latency changes are neither listed nor counted (the metric row gates them).
 */
function questionChanges(questions, columns, gate, keep) {
    const n = columns.ids.length;
    const worse = new Found(n);
    const better = new Found(n);
    // ids are in code-point order, so a position orders by id; a metric's rank in this list orders by name
    const metrics = [...columns.candidate.keys()].sort(byText);
    const keyOf = (position, rank) => position * metrics.length + rank;
    metrics.forEach((metric, rank) => {
        const info = (0,registry/* metricInfo */.R)(metric);
        const baselines = columns.baseline?.get(metric);
        if (!baselines || info?.unit === 'ms')
            return;
        const candidates = columns.candidate.get(metric);
        const threshold = gate.question_drop;
        for (let i = 0; i < n; i++) {
            const candidate = candidates[i];
            const baseline = baselines[i];
            if (Number.isNaN(candidate) || Number.isNaN(baseline))
                continue;
            const change = (0,registry/* directedChange */.$x)(info, baseline, candidate);
            const flip = info?.binary === true && Math.abs(baseline - candidate) > EPS;
            if (change <= -threshold + EPS || (flip && change < 0))
                worse.add(Math.abs(change), i, keyOf(i, rank));
            else if (change >= threshold - EPS || (flip && change > 0))
                better.add(Math.abs(change), i, keyOf(i, rank));
        }
    });
    const rowOf = (key) => {
        const position = Math.floor(key / metrics.length);
        const metric = metrics[key % metrics.length];
        const id = columns.ids[position];
        const q = questions[id];
        const baseline = columns.baseline.get(metric)[position];
        const candidate = columns.candidate.get(metric)[position];
        const info = (0,registry/* metricInfo */.R)(metric);
        const change = (0,registry/* directedChange */.$x)(info, baseline, candidate);
        const flip = info?.binary === true && Math.abs(baseline - candidate) > EPS;
        return { id, category: q.category, metric, baseline, candidate, delta: candidate - baseline, change, flip, reason: (0,reasons/* questionReason */.F)(q, metric) };
    };
    return {
        regressions: worse.largest(keep).map(rowOf),
        improvements: better.largest(keep).map(rowOf),
        counts: changeCounts({ regressions: worse.size.length, improvements: better.size.length }, worse.questions, better.questions),
    };
}

// EXTERNAL MODULE: ./src/stats/bootstrap.ts
var bootstrap = __webpack_require__(6561);
;// CONCATENATED MODULE: ./src/compare/latency.ts



/**
 * The latency gate. Per-question latency is noisy (a cold cache, a busy runner) and a mean is
 * led by one slow question, so the gate holds the p50 and p95 latency across the questions both
 * runs timed, and a rise fails only when it is beyond latency_rise relative to the baseline AND
 * beyond latency_min_ms in milliseconds: 0.4 → 2 ms is five times slower and means nothing.
 */
const LATENCY_PERCENTILES = { p50: 0.5, p95: 0.95 };
/** p50 and p95 of the metric over the questions both sides have a value for; null when there are none. */
function latencyPercentiles(columns, metric) {
    const base = columns.baseline?.get(metric);
    const cand = columns.candidate.get(metric);
    if (!base || !cand)
        return null;
    const b = [];
    const c = [];
    for (let i = 0; i < cand.length; i++) {
        if (columns.inBaseline[i] !== 1 || Number.isNaN(base[i]) || Number.isNaN(cand[i]))
            continue;
        b.push(base[i]);
        c.push(cand[i]);
    }
    if (b.length === 0)
        return null;
    const sortedB = Float64Array.from(b).sort();
    const sortedC = Float64Array.from(c).sort();
    const info = (0,registry/* metricInfo */.R)(metric);
    const pair = (q) => {
        const baseline = (0,bootstrap/* sortedQuantile */.Xd)(sortedB, q);
        const candidate = (0,bootstrap/* sortedQuantile */.Xd)(sortedC, q);
        return { baseline, candidate, change: (0,registry/* directedChange */.$x)(info, baseline, candidate) };
    };
    return { p50: pair(LATENCY_PERCENTILES.p50), p95: pair(LATENCY_PERCENTILES.p95) };
}
/** How one percentile moved against the gate: `worse` or `better` only beyond both the relative limit and the floor in ms. */
function latencyMove(pair, limit) {
    const ms = pair.candidate - pair.baseline;
    if (pair.change < -limit.value - EPS && ms > limit.min_ms + EPS)
        return 'worse';
    if (pair.change > limit.value + EPS && -ms > limit.min_ms + EPS)
        return 'better';
    return 'within';
}
/** The limit of a gated latency row, or null when latency is reported only. */
function latencyLimit(limit) {
    return limit.kind === 'latency_rise' && limit.value !== null && limit.min_ms !== null ? { value: limit.value, min_ms: limit.min_ms } : null;
}
/**
 * A compared latency row's percentiles and status: `not_gated` without latency_rise, or when the
 * baseline has no per-question latency to take percentiles of; else a regression when p50 or
 * p95 rose beyond the limit, an improvement when one fell beyond it and neither rose.
 */
function gateLatency(row, columns) {
    row.percentiles = latencyPercentiles(columns, row.metric);
    const limit = latencyLimit(row.limit);
    if (!limit) {
        row.status = 'not_gated';
        row.note = 'reported, not gated: set gate.latency_rise to gate the p50 and p95 latency';
        return;
    }
    if (!row.percentiles) {
        row.status = 'not_gated';
        row.note = 'the baseline has no per-question latency: its p50 and p95 cannot be compared';
        return;
    }
    const moves = Object.values(row.percentiles).map((pair) => latencyMove(pair, limit));
    row.status = moves.includes('worse') ? 'regression' : moves.includes('better') ? 'improvement' : 'within';
}

;// CONCATENATED MODULE: ./src/compare/failures.ts



/**
 * Every way the gate fails under `mode`, in the order the reports list them: the drops
 * first, then each metric's threshold and error rate, then the category floors.
 */
function gateFailures(rows, categories, summaries, gate, mode) {
    return [
        ...rows.flatMap((row) => (row.limit.kind === 'latency_rise' ? latencyFailures(row) : (dropFailure(row, mode) ?? []))),
        ...rows.flatMap((row) => checkFailures(row, summaries[row.metric], gate)),
        ...categoryFailures(categories, gate),
    ];
}
/**
 * A drop beyond the row's max_drop: `significant` when the paired test tells it from noise
 * (it fails in either mode), else `max_drop`, which fails only in strict mode when the test
 * says noise, and always when there is no per-question data to test.
 */
function dropFailure(row, mode) {
    const failing = row.status === 'regression' || (mode === 'strict' && row.status === 'regression_within_noise');
    if (!failing || row.baseline === null || row.candidate === null || row.change === null || row.limit.value === null)
        return null;
    const evidence = row.interval && row.p_holm !== null
        ? { interval: row.interval, flips: row.flips && { worse: row.flips.worse, better: row.flips.better }, p: row.p, p_holm: row.p_holm, reason: row.noise_reason }
        : null;
    const drop = { metric: row.metric, baseline: row.baseline, candidate: row.candidate, value: -row.change, limit: row.limit.value };
    if (row.status === 'regression' && evidence)
        return { kind: 'significant', ...drop, unit: 'score', evidence };
    const noise = row.status === 'regression_within_noise' ? evidence : null;
    return { kind: 'max_drop', ...drop, unit: 'score', noise };
}
/**
 * Each latency percentile that rose beyond latency_rise and latency_min_ms (see latency.ts). The
 * floor in ms is what keeps jitter out, so the gate mode does not change these.
 */
function latencyFailures(row) {
    const limit = latencyLimit(row.limit);
    if (row.status !== 'regression' || !limit || !row.percentiles)
        return [];
    return Object.keys(LATENCY_PERCENTILES).flatMap((percentile) => {
        const pair = row.percentiles[percentile];
        if (latencyMove(pair, limit) !== 'worse')
            return [];
        const { baseline, candidate } = pair;
        return [{ kind: 'latency', metric: row.metric, baseline, candidate, value: -pair.change, limit: limit.value, unit: 'fraction', noise: null, percentile, min_ms: limit.min_ms }];
    });
}
/** The absolute threshold (over all of the run's questions) and the error rate of one metric. */
function checkFailures(row, summary, gate) {
    if (!summary)
        return [];
    const failures = [];
    const info = (0,registry/* metricInfo */.R)(row.metric);
    if (row.threshold !== null) {
        const value = summary.mean;
        const higherIsBetter = info?.higherIsBetter ?? true;
        if (value === null || (higherIsBetter ? value < row.threshold - EPS : value > row.threshold + EPS)) {
            failures.push({ kind: 'threshold', metric: row.metric, value, limit: row.threshold, unit: info?.unit ?? 'score', bound: higherIsBetter ? 'floor' : 'ceiling' });
        }
    }
    const rate = row.questions > 0 ? summary.errors / row.questions : 0;
    if (rate > gate.max_error_rate + EPS) {
        failures.push({ kind: 'error_rate', metric: row.metric, value: rate, limit: gate.max_error_rate, unit: 'fraction', errors: summary.errors, questions: row.questions });
    }
    return failures;
}
function categoryFailures(categories, gate) {
    const failures = categories.flatMap((c) => c.floors
        .filter((f) => !f.passed)
        .map((f) => {
        const info = (0,registry/* metricInfo */.R)(f.metric);
        return {
            kind: 'category_floor',
            category: c.category,
            metric: f.metric,
            value: f.value,
            limit: f.floor,
            unit: info?.unit ?? 'score',
            bound: info?.higherIsBetter === false ? 'ceiling' : 'floor',
        };
    }));
    for (const [category, floors] of Object.entries(gate.by_category)) {
        if (!categories.some((c) => c.category === category))
            failures.push({ kind: 'category_missing', category, metrics: Object.keys(floors) });
    }
    return failures;
}

;// CONCATENATED MODULE: ./src/compare/subset.ts
/**
 * A subset run (--only, --failing-from) is compared with the baseline on its own questions,
 * and never gated: the verdict is `subset` (exit 2, like an incomparable baseline, so that no
 * check passes or fails on part of the eval set), with no gate failures, and no command to make
 * it the baseline; the baseline's other questions are not "removed". An incomparable baseline
 * stays incomparable.
 */
function notGated(c) {
    if (c.verdict === 'incomparable')
        return { ...c, update_command: '' };
    // the baseline's other questions were left out on purpose, not lost
    return { ...c, verdict: 'subset', failures: [], verdicts_by_mode: null, update_command: '', removed: [] };
}

// EXTERNAL MODULE: ./src/schemas/gate.ts
var schemas_gate = __webpack_require__(1689);
;// CONCATENATED MODULE: ./src/compare/rows.ts




/**
 * What a metric's change is held against: its override, else what its definition names:
 * max_drop, or for latency latency_rise with its floor latency_min_ms (nothing when
 * latency_rise is not set: latency is then reported, not gated).
 */
function limitFor(name, gate) {
    const kind = (0,registry/* metricInfo */.R)(name)?.gate ?? 'max_drop';
    if (kind === 'max_drop')
        return { kind, value: gate.max_drop_overrides[name] ?? gate.max_drop, min_ms: null };
    if (gate.latency_rise === null)
        return { kind, value: null, min_ms: null };
    return { kind, value: gate.max_drop_overrides[name] ?? gate.latency_rise, min_ms: gate.latency_min_ms ?? schemas_gate/* DEFAULT_LATENCY_MIN_MS */.Xx };
}
/**
 * One metric: baseline and candidate means, the direction-aware change and its provisional
 * status. Against a per-question baseline both means are over the same questions (those both
 * sides have a value for); otherwise the candidate mean is over all of the run's questions.
 * Either way an unanswered question counts as failing (see buildColumns).
 */
function metricRow(name, run, baseline, columns, gate, questionCount) {
    const summary = run.metrics[name];
    const limit = limitFor(name, gate);
    const row = {
        metric: name,
        baseline: null,
        candidate: summary ? meanAt(columns.candidate.get(name)).mean : null,
        delta: null,
        change: null,
        limit,
        status: baseline ? 'within' : 'no_baseline',
        threshold: gate.thresholds[name] ?? null,
        errors: summary?.errors ?? 0,
        questions: questionCount,
        n_baseline: null,
        n_candidate: summary?.n ?? 0,
        interval: null,
        p: null,
        p_holm: null,
        test: null,
        noise_reason: null,
        flips: null,
        mde: null,
        note: null,
        percentiles: null,
    };
    if (!summary) {
        row.status = 'not_computed';
        row.note = 'the baseline has this metric; this run did not compute it';
        return row;
    }
    if (!baseline)
        return row;
    const inBaseline = name in baseline.metrics;
    setBaselineSide(row, baseline, columns, inBaseline);
    if (row.baseline !== null && row.candidate !== null) {
        row.delta = row.candidate - row.baseline;
        row.change = (0,registry/* directedChange */.$x)((0,registry/* metricInfo */.R)(name), row.baseline, row.candidate);
        if (limit.kind === 'latency_rise') {
            // the mean is reported; p50 and p95 are gated
            gateLatency(row, columns);
        }
        else if (row.change < -limit.value - EPS) {
            // provisional: annotateNoise may call it a regression within noise, and the gate mode decides whether it fails
            row.status = 'regression';
        }
        else if (row.change > limit.value + EPS) {
            row.status = 'improvement';
        }
    }
    else if (inBaseline) {
        row.note = row.candidate === null ? 'no question has a value in this run' : 'the baseline has no value for this metric';
    }
    return row;
}
/** The baseline's side of a row: paired with the candidate's over the questions both have, or the aggregate mean of a baseline without questions. */
function setBaselineSide(row, baseline, columns, inBaseline) {
    if (!inBaseline) {
        row.status = 'new';
        row.note = 'not in the baseline: reported, not gated';
    }
    else if (baseline.questions) {
        const paired = pairedMeans(columns.baseline?.get(row.metric), columns.candidate.get(row.metric), columns.inBaseline);
        row.baseline = paired.baseline;
        row.candidate = paired.candidate;
        row.n_baseline = paired.n;
        row.n_candidate = paired.n;
    }
    else {
        row.baseline = baseline.metrics[row.metric] ?? null;
    }
}

// EXTERNAL MODULE: ./src/stats/permutation.ts
var permutation = __webpack_require__(1295);
;// CONCATENATED MODULE: ./src/stats/tests.ts
/**
 * Exact tests on counts: the sign test on per-question flips, McNemar on pass/fail pairs,
 * and the corrections when several metrics are tested at once (Simes within a family of tied
 * metrics, Holm across families).
 *
 * Exact rather than normal-approximation because eval sets are small (ten flips is common) and
 * because the report prints the p-value: an approximation that says 0.06 where the exact answer
 * is 0.11 would be a wrong number on the page.
 */
const LN2 = Math.LN2;
const LN_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);
/** ln(m!) for small m, by summing logs; exact enough (error below 1e-14) and only 32 entries. */
const SMALL_LOG_FACTORIALS = (() => {
    const table = [0];
    for (let m = 1; m < 32; m++)
        table.push((table[m - 1] ?? 0) + Math.log(m));
    return table;
})();
/**
 * Stirling's error term ln(m!) − [m ln m − m + ½ ln(2πm)]. Working with this small correction
 * instead of ln(m!) itself (about 1e6 at m = 1e5) keeps the binomial log-probability from
 * losing digits to cancellation (Loader 2000, "Fast and accurate computation of binomial
 * probabilities").
 */
function stirlingError(m) {
    if (m < 32)
        return (SMALL_LOG_FACTORIALS[m] ?? 0) - (m * Math.log(m) - m + LN_SQRT_2PI + 0.5 * Math.log(m));
    const m2 = m * m;
    // Asymptotic series; at m ≥ 32 the first omitted term is below 1e-17.
    return (1 / 12 - (1 / 360 - (1 / 1260 - (1 / 1680 - 1 / (1188 * m2)) / m2) / m2) / m2) / m;
}
/**
 * ln P(X = k) for X ~ Binomial(n, 1/2), 0 < k < n. The leading part, −[k ln(2k/n) + (n−k)
 * ln(2(n−k)/n)], is n times the Kullback–Leibler divergence from 1/2 and is computed with log1p
 * so it stays accurate when k is near n/2.
 */
function logBinomialHalfPmf(k, n) {
    if (k === 0 || k === n)
        return -n * LN2;
    const delta = (n - 2 * k) / n; // 2k/n = 1 − delta, 2(n−k)/n = 1 + delta
    const divergence = k * Math.log1p(-delta) + (n - k) * Math.log1p(delta);
    const stirling = stirlingError(n) - stirlingError(k) - stirlingError(n - k);
    return -divergence + stirling - LN_SQRT_2PI + 0.5 * Math.log(n / (k * (n - k)));
}
function assertCount(name, value) {
    if (!Number.isInteger(value) || value < 0)
        throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
}
/**
 * Exact two-sided binomial test of H0: p = 1/2, as min(1, 2·P(X ≤ min(k, n − k))); n = 0 gives 1
 * (no evidence either way). The lower tail is summed from its largest term outwards with the
 * pmf ratio P(j−1)/P(j) = j/(n − j + 1) and stops once terms no longer change the sum, so
 * n = 100,000 takes microseconds and neither underflows nor overflows along the way; a tail
 * smaller than the smallest double is reported as 0, never NaN.
 */
function binomialTwoSidedP(k, n) {
    assertCount('n', n);
    assertCount('k', k);
    if (k > n)
        throw new RangeError(`k must be at most n (${n}), got ${k}`);
    if (n === 0)
        return 1;
    const tailEdge = Math.min(k, n - k);
    // Even n with k = n/2, or odd n with k = (n ± 1)/2: the tail holds at least half the mass
    // (exactly half for odd n), so the answer is exactly 1 and need not be summed to 0.9999999.
    if (2 * tailEdge >= n - 1)
        return 1;
    let term = 1;
    let sum = 1;
    for (let j = tailEdge; j > 0; j--) {
        term *= j / (n - j + 1);
        sum += term;
        if (term < sum * 1e-17)
            break;
    }
    const p = 2 * Math.exp(logBinomialHalfPmf(tailEdge, n) + Math.log(sum));
    return Math.min(1, p);
}
/**
 * Exact sign test on per-question flips: under "no change" a flipped question is equally likely
 * to go either way. Ties (unchanged questions) carry no information and must be excluded by the
 * caller; n is returned so the report can say how many flips the p-value rests on.
 */
function signTest(worse, better) {
    assertCount('worse', worse);
    assertCount('better', better);
    const n = worse + better;
    return { n, p: binomialTwoSidedP(worse, n) };
}
/**
 * Exact McNemar test for paired pass/fail outcomes. Only discordant questions (passed in one run
 * only) say anything about a difference, and under H0 each is equally likely to favour either
 * run, so the test is the exact binomial on them. No discordant pairs gives 1.
 */
function mcnemarExact(onlyBaselinePassed, onlyCandidatePassed) {
    assertCount('onlyBaselinePassed', onlyBaselinePassed);
    assertCount('onlyCandidatePassed', onlyCandidatePassed);
    return binomialTwoSidedP(onlyBaselinePassed, onlyBaselinePassed + onlyCandidatePassed);
}
/**
 * McNemar's mid-p test: the exact test's p less the probability of the observed split itself,
 * i.e. 2·[P(X < k) + ½·P(X = k)] for k = min(b, c). The exact test counts the observed outcome
 * wholly as "at least as extreme", which with a dozen discordant questions makes its real size
 * well under the nominal 5% and costs power; the mid-p test keeps the size close to nominal and
 * rarely above it (Fagerland, Lydersen & Laake 2013, "The McNemar test for binary matched-pairs
 * data: mid-p and asymptotic are better than exact conditional", BMC Med Res Methodol 13:91).
 */
function mcnemarMidP(onlyBaselinePassed, onlyCandidatePassed) {
    assertCount('onlyBaselinePassed', onlyBaselinePassed);
    assertCount('onlyCandidatePassed', onlyCandidatePassed);
    const n = onlyBaselinePassed + onlyCandidatePassed;
    const k = Math.min(onlyBaselinePassed, onlyCandidatePassed);
    // an even split (or no discordant question) is the centre of the distribution: no evidence either way
    if (2 * k === n)
        return 1;
    // below the centre 2·P(X ≤ k) ≤ 1, so the exact p is not capped and the point mass comes straight off it
    return Math.max(0, binomialTwoSidedP(k, n) - Math.exp(logBinomialHalfPmf(k, n)));
}
/**
 * Simes' combination of several p-values into one for "none of these changed":
 * min over i of m·p₍ᵢ₎/i. Valid when the tests are positively dependent, as metrics computed
 * from the same retrieval (or the same claims) are, and close to the smallest p when they all
 * agree, where Bonferroni's m·min p would pay for m tests of what is really one question.
 */
function simes(pValues) {
    if (pValues.length === 0)
        throw new RangeError('simes: needs at least one p-value');
    for (const p of pValues) {
        if (!(p >= 0 && p <= 1))
            throw new RangeError(`simes: p-values must be in [0, 1], got ${p}`);
    }
    const sorted = [...pValues].sort((a, b) => a - b);
    const m = sorted.length;
    return Math.min(1, ...sorted.map((p, i) => (m * p) / (i + 1)));
}
/**
 * Holm–Bonferroni adjusted p-values, in input order. Testing a dozen metrics at 0.05 each
 * would flag one by chance most weeks; Holm controls the family-wise error rate like
 * Bonferroni but is uniformly more powerful. Step-down: the i-th smallest p is multiplied by
 * (m − i), then a running maximum keeps the adjusted values in the same order as the raw ones,
 * capped at 1.
 */
function holm(pValues) {
    for (const p of pValues) {
        if (!(p >= 0 && p <= 1))
            throw new RangeError(`holm: p-values must be in [0, 1], got ${p}`);
    }
    const m = pValues.length;
    const order = pValues.map((_, index) => index).sort((i, j) => (pValues[i] ?? 0) - (pValues[j] ?? 0));
    const adjusted = new Array(m);
    let runningMax = 0;
    order.forEach((index, rank) => {
        runningMax = Math.max(runningMax, Math.min(1, (m - rank) * (pValues[index] ?? 0)));
        adjusted[index] = runningMax;
    });
    return adjusted;
}

;// CONCATENATED MODULE: ./src/compare/significance.ts





const ALPHA = 0.05;
/**
 * Uncertainty for every metric compared question by question: a seeded paired-bootstrap
 * interval of Δ; a paired test that uses the size of each change (the sign-flip permutation
 * test on the mean Δ; McNemar's mid-p for pass/fail metrics, where the sign of a change is all
 * there is); per-question flips with a sign test; and the minimum detectable effect at this n.
 *
 * Holm runs over what changed: a metric no question moved on cannot be a regression and is not
 * a test. Mechanically tied metrics (one testFamily in the definitions) are one test. A drop
 * beyond max_drop is a regression when its interval excludes no change and its Holm-adjusted p
 * is below ALPHA; else it is a regression within noise, with the reason recorded, so that the
 * words next to an interval that excludes 0 can say why it still is noise.
 */
function annotateNoise(rows, columns) {
    for (const row of rows) {
        if (row.baseline === null || row.candidate === null || row.status === 'new' || row.status === 'not_computed')
            continue;
        const xs = columns.baseline?.get(row.metric);
        const ys = columns.candidate.get(row.metric);
        if (!xs || !ys)
            continue;
        const info = (0,registry/* metricInfo */.R)(row.metric);
        const { b, c, worse, better } = pairedValues(xs, ys, info?.higherIsBetter ?? true);
        const seed = (0,bootstrap/* seedFrom */.wX)(row.metric);
        const boot = (0,bootstrap/* pairedBootstrap */.Wx)(b, c, { seed });
        if (!boot)
            continue;
        row.interval = { low: boot.low, high: boot.high, level: 1 - ALPHA };
        row.flips = { worse, better, p: signTest(worse, better).p };
        if (info?.binary) {
            row.p = mcnemarMidP(worse, better);
            row.test = 'mcnemar_mid_p';
        }
        else {
            const test = (0,permutation/* signFlipTest */.t)(c.map((y, i) => y - b[i]), { seed });
            row.p = test.p;
            row.test = `sign_flip_${test.method}`;
        }
        row.mde = info?.unit === 'ms' ? null : (0,proportions/* minimumDetectableEffect */.nv)(b.length, clampRate(row.baseline));
    }
    const tests = holmTests(rows);
    for (const test of tests) {
        for (const row of rows.filter((r) => test.metrics.includes(r.metric))) {
            // a member is no surer than its family, nor than its own test
            row.p_holm = Math.max(test.p_holm, row.p);
        }
    }
    for (const row of rows) {
        if (row.status !== 'regression' || row.interval === null)
            continue;
        const higherIsBetter = (0,registry/* metricInfo */.R)(row.metric)?.higherIsBetter ?? true;
        const excludesNoChange = higherIsBetter ? row.interval.high < 0 : row.interval.low > 0;
        if (excludesNoChange && row.p_holm !== null && row.p_holm < ALPHA)
            continue;
        row.status = 'regression_within_noise';
        row.noise_reason = !excludesNoChange ? 'interval_includes_zero' : row.p === null || row.p >= ALPHA ? 'test_not_significant' : 'holm_correction';
    }
}
/** The questions both sides have a value for (baseline `b`, candidate `c`, in question order) and how many moved each way. */
function pairedValues(xs, ys, higherIsBetter) {
    let n = 0;
    for (let i = 0; i < ys.length; i++)
        if (!Number.isNaN(xs[i]) && !Number.isNaN(ys[i]))
            n += 1;
    const b = new Float64Array(n);
    const c = new Float64Array(n);
    let worse = 0;
    let better = 0;
    for (let i = 0, k = 0; i < ys.length; i++) {
        const x = xs[i];
        const y = ys[i];
        if (Number.isNaN(x) || Number.isNaN(y))
            continue;
        b[k] = x;
        c[k++] = y;
        // baselines store 12 significant digits: a difference below that is no change
        if (Math.abs(y - x) <= 1e-9)
            continue;
        if (y > x === higherIsBetter)
            better += 1;
        else
            worse += 1;
    }
    return { b, c, worse, better };
}
/**
 * The Holm sets of a comparison whose rows annotateNoise has tested: one test per family of
 * tied metrics of which at least one member changed on some question (the Simes combination of
 * those members' p). Latency is never among them: it is gated on its percentiles with a floor
 * in ms (latency.ts), untested, so it never costs a quality metric its significance. In report
 * order of each family's first member.
 */
function holmTests(rows) {
    const families = new Map();
    for (const row of rows) {
        if (row.p === null || !row.flips || row.flips.worse + row.flips.better === 0)
            continue;
        const family = (0,registry/* testFamilyOf */.ui)(row.metric);
        families.set(family, [...(families.get(family) ?? []), row]);
    }
    const tests = [...families].map(([family, members]) => ({ family, metrics: members.map((m) => m.metric), p: simes(members.map((m) => m.p)), p_holm: 1 }));
    holm(tests.map((t) => t.p)).forEach((adjusted, i) => (tests[i].p_holm = adjusted));
    return tests;
}
/** The base rate for a power calculation, kept off 0 and 1 where the normal formula degenerates. */
function clampRate(p) {
    return Math.min(0.95, Math.max(0.05, p));
}
/** The run-level noise note: n, the ±half-width and MDE of a pass rate, and questions worse / better. */
function noiseSummary(rows, questionsWorse, questionsBetter, n) {
    if (n === 0 || !rows.some((r) => r.interval !== null))
        return null;
    return {
        n,
        half_width: (0,proportions/* halfWidth */._Q)(n),
        mde: (0,proportions/* minimumDetectableEffect */.nv)(n),
        questions_worse: questionsWorse,
        questions_better: questionsBetter,
        sign_p: signTest(questionsWorse, questionsBetter).p,
        tests: holmTests(rows),
    };
}

// EXTERNAL MODULE: ./src/judge/trace.ts
var trace = __webpack_require__(8834);
;// CONCATENATED MODULE: ./src/compare/compare.ts












/** Per-question change rows kept in results.json per kind: enough for any report, small enough for 100,000 questions. */
const MAX_STORED_CHANGES = 10_000;
/**
 * Why a baseline cannot be compared with this run; empty when it can. compare() asks it
 * first; the pipeline also asks before the candidate runs, to say so early.
 */
function incomparability(baseline, run) {
    const where = baseline.path ?? 'the baseline';
    const reasons = [];
    if (baseline.eval_set_version !== run.eval_set_version) {
        reasons.push(`${where} was written for eval_set_version "${baseline.eval_set_version}", this run uses "${run.eval_set_version}": scores over different question sets are not comparable`);
    }
    else if (baseline.eval_set_fingerprint && baseline.eval_set_fingerprint !== run.eval_set_fingerprint) {
        reasons.push(`${where} has eval_set_fingerprint ${compare_short(baseline.eval_set_fingerprint)} but the eval set now hashes to ${compare_short(run.eval_set_fingerprint)}: the eval set was edited without changing eval_set_version`);
    }
    if (baseline.judge) {
        const a = baseline.judge;
        const b = run.judge;
        if (a.rules_hash && a.rules_hash !== b.rules_hash) {
            reasons.push(`${where} was scored with rule settings ${a.rules_hash}, this run with ${b.rules_hash} (lengths, citation rule, forbidden words or refusal phrases changed)`);
        }
        // a run whose model tier did not run is compared on the deterministic metrics only
        if (b.provider === 'none')
            return reasons;
        // a side without embeddings (embeddings_model: none) has no answer_relevancy to compare; its other metrics are the same judge's
        const embeddingsDiffer = a.embeddings_model !== b.embeddings_model && a.embeddings_model !== null && b.embeddings_model !== null;
        if (a.provider !== b.provider || a.model !== b.model || embeddingsDiffer) {
            reasons.push(`${where} was scored by judge ${judgeName(a)}, this run by ${judgeName(b)}: scores from different judges are not comparable`);
        }
        else if (a.definitions_hash !== b.definitions_hash) {
            reasons.push(`${where} was scored with metric definitions ${a.definitions_hash}, this run with ${b.definitions_hash} (prompts, rules or metric settings changed)`);
        }
    }
    return reasons;
}
/** The same judge model on another endpoint (a gateway, a local server) is comparable; the reader is told. */
function changedEndpoint(baseline, run) {
    if (!baseline.endpoint || !run.endpoint || baseline.endpoint === run.endpoint)
        return [];
    return [`the judge endpoint changed: the baseline was judged at ${baseline.endpoint}, this run at ${run.endpoint} (same provider and model, so the scores are compared)`];
}
function judgeName(j) {
    return [j.provider, j.model, j.embeddings_model].filter(Boolean).join(' / ');
}
function compare_short(fingerprint) {
    return fingerprint.replace(/^sha256:/, '').slice(0, 12);
}
/**
 * The gate: direction-aware metric deltas against max_drop, absolute thresholds, category
 * floors, error rates, and per-question regressions. A baseline that cannot be compared
 * gives the verdict `incomparable` with its reasons; a subset run the verdict `subset` (never
 * gated, see notGated). Pure: no I/O, no logging.
 * `sources` says where each gate setting came from (resolveGate); the comparison records it.
 */
function compare(run, given, gate, updateCommand, sources) {
    const comparison = compareRun(run, given, gate, updateCommand, sources);
    return run.subset ? notGated(comparison) : comparison;
}
function compareRun(run, given, gate, updateCommand, sources) {
    const reasons = given ? incomparability(given, run) : [];
    const settings = { gate, ...(sources ? { gate_sources: sources } : {}) };
    if (given && reasons.length > 0)
        return incomparable(run, given, reasons, settings, updateCommand);
    // a subset is compared question by question or not at all: its means against the whole set's would mislead
    const baseline = run.subset && given && !given.questions ? null : given;
    const runIds = Object.keys(run.questions);
    const baseQuestions = baseline?.questions;
    const added = baseQuestions ? runIds.filter((id) => !Object.hasOwn(baseQuestions, id)) : [];
    const removed = baseQuestions ? Object.keys(baseQuestions).filter((id) => !Object.hasOwn(run.questions, id)) : [];
    const common = runIds.length - added.length;
    const messages = questionSetMessages(run, given, added, run.subset ? [] : removed);
    const names = (0,registry/* sortMetrics */.g4)(new Set([...Object.keys(run.metrics), ...Object.keys(baseline?.metrics ?? {})]));
    const columns = buildColumns(run.questions, baseline?.questions ?? null, names);
    const metrics = names.map((name) => metricRow(name, run, baseline, columns, gate, runIds.length));
    // latency is gated on its percentiles with a floor in ms (latency.ts), not on a test of the mean
    if (baseline?.questions)
        annotateNoise(metrics.filter((row) => row.limit.kind !== 'latency_rise'), columns);
    for (const name of Object.keys(gate.thresholds)) {
        if (!names.includes(name))
            messages.push(`threshold for ${name} not checked: this run did not compute ${name}`);
    }
    const categories = categoryRows(run, columns, gate);
    const { regressions, improvements, counts: change_counts } = questionChanges(run.questions, columns, gate, MAX_STORED_CHANGES);
    const overall = overallSummaries(run.metrics, columns);
    const failuresIn = (mode) => gateFailures(metrics, categories, overall, gate, mode);
    const verdictFor = (mode) => (failuresIn(mode).length > 0 ? 'fail' : baseline ? 'pass' : 'no_baseline');
    if (change_counts.regression_rows > MAX_STORED_CHANGES || change_counts.improvement_rows > MAX_STORED_CHANGES) {
        messages.push(`results.json keeps the ${MAX_STORED_CHANGES.toLocaleString('en')} largest per-question changes of each kind (of ${change_counts.regression_rows.toLocaleString('en')} regressions and ${change_counts.improvement_rows.toLocaleString('en')} improvements); every question's scores are in its questions section`);
    }
    return {
        verdict: verdictFor(gate.gate_mode),
        reasons: [],
        failures: failuresIn(gate.gate_mode),
        baseline: baseline ? describeBaseline(baseline, run) : { path: null, kind: 'none', version: null, eval_set_version: null, fingerprint_check: 'absent' },
        common: baseline ? common : 0,
        added,
        removed,
        metrics,
        categories,
        regressions,
        improvements,
        baseline_answers: baselineAnswers(regressions, baseline, run.questions),
        change_counts,
        messages,
        judge_model_change: (0,trace/* judgeModelChange */.ZG)(baseline, run),
        ...settings,
        verdicts_by_mode: baseline ? { strict: verdictFor('strict'), significant: verdictFor('significant') } : null,
        noise: baseline?.questions ? noiseSummary(metrics, change_counts.questions_worse, change_counts.questions_better, common) : null,
        update_command: updateCommand,
    };
}
/** What the reader must know about the two question sets and the judge before reading the deltas. */
function questionSetMessages(run, baseline, added, removed) {
    const messages = [];
    if (baseline && !baseline.questions) {
        messages.push(`${baseline.path ?? 'the baseline'} has aggregate metrics only (the seed's minimal form): the gate compares means; the per-question table needs a baseline written by \`evalgate baseline\``);
    }
    if (baseline?.judge)
        messages.push(...changedEndpoint(baseline.judge, run.judge));
    if (added.length > 0)
        messages.push(`${added.length} question(s) not in the baseline are scored but not compared: ${preview(added)}`);
    if (removed.length > 0)
        messages.push(`${removed.length} baseline question(s) are missing from this run: ${preview(removed)}`);
    return messages;
}
/** Nothing is compared: the reasons, the baseline as found, and the command that writes a new one. */
function incomparable(run, baseline, reasons, settings, updateCommand) {
    return {
        verdict: 'incomparable',
        reasons,
        failures: [],
        verdicts_by_mode: null,
        noise: null,
        baseline: describeBaseline(baseline, run),
        common: 0,
        added: [],
        removed: [],
        metrics: [],
        categories: [],
        regressions: [],
        improvements: [],
        baseline_answers: (0,io_ids/* idRecord */.P5)(),
        change_counts: noChanges(),
        messages: [],
        judge_model_change: null,
        ...settings,
        update_command: updateCommand,
    };
}
function describeBaseline(b, run) {
    const fingerprint_check = b.eval_set_fingerprint ? (b.eval_set_fingerprint === run.eval_set_fingerprint ? 'match' : 'mismatch') : 'absent';
    return { path: b.path, kind: b.kind, version: b.version, eval_set_version: b.eval_set_version, fingerprint_check };
}
function preview(ids) {
    return ids.length <= 10 ? ids.join(', ') : `${ids.slice(0, 10).join(', ')} … (+${ids.length - 10})`;
}

// EXTERNAL MODULE: ./src/baseline/gate.ts
var baseline_gate = __webpack_require__(3696);
// EXTERNAL MODULE: ./src/run/gateCanAct.ts
var gateCanAct = __webpack_require__(3116);
// EXTERNAL MODULE: ./src/schemas/results.ts + 2 modules
var results = __webpack_require__(6398);
;// CONCATENATED MODULE: ./src/run/gradeSuffix.ts
/** Questions named in the warning; the rest are counted. */
const SHOWN_QUESTIONS = 5;
/**
 * relevant_doc_ids reads `page:2` as id `page` with grade 2. A retrieved id that matches a
 * relevant id only once its own `:N` is taken off (`page:2` against `page`) is then a hit that
 * scores as a miss: either the eval set meant `page:2` as an id, or the candidate appends
 * chunk numbers. Which one only the user knows, so it is a warning naming the questions.
 */
function gradeSuffixWarning(rows, outputs) {
    const found = [];
    for (const row of rows) {
        if (row.relevant_docs.length === 0)
            continue;
        const output = outputs.get(row.id);
        if (!output || output.error !== null)
            continue;
        const relevant = new Set(row.relevant_docs.map((d) => d.id));
        for (const id of output.retrieved_ids) {
            const base = /^(.+):\d+$/.exec(id)?.[1]?.trim();
            if (relevant.has(id) || base === undefined || !relevant.has(base))
                continue;
            found.push(`${row.id} (retrieved "${id}", relevant "${base}")`);
            break;
        }
    }
    if (found.length === 0)
        return null;
    const more = found.length > SHOWN_QUESTIONS ? ` and ${found.length - SHOWN_QUESTIONS} more` : '';
    return (`${found.length} question(s) retrieved an id that matches a relevant id only when its ":N" is read as a grade, so it scores as a miss: ${found.slice(0, SHOWN_QUESTIONS).join(', ')}${more}. ` +
        'relevant_doc_ids reads "page:2" as id page with grade 2: if ":2" is part of the id, write it as page:2:1 (the id, then its grade); if the candidate appends chunk numbers to ids, strip them');
}

// EXTERNAL MODULE: ./src/run/score.ts + 3 modules
var score = __webpack_require__(9004);
// EXTERNAL MODULE: ./src/io/countOf.ts
var countOf = __webpack_require__(7262);
// EXTERNAL MODULE: ./src/metrics/judgeCalls.ts
var judgeCalls = __webpack_require__(3882);
;// CONCATENATED MODULE: ./src/judge/vendor.ts

/**
 * Which vendor's family a model name belongs to, by the start of its bare name. One table:
 * a model family not listed here is unknown, and an unknown model never triggers the warning.
 */
const VENDORS = [
    { vendor: { id: 'openai', name: 'OpenAI' }, names: /^(gpt|chatgpt)(?![a-z]|-?(j|neo))|^o[134](?![a-z])|^(text-)?davinci/, orgs: ['openai', 'azure'] },
    { vendor: { id: 'anthropic', name: 'Anthropic' }, names: /^claude/, orgs: ['anthropic'] },
    { vendor: { id: 'google', name: 'Google' }, names: /^(gemini|gemma|palm|codegemma|medgemma)/, orgs: ['google', 'gemini'] },
    { vendor: { id: 'meta', name: 'Meta' }, names: /^(code)?llama/, orgs: ['meta', 'meta-llama', 'facebook'] },
    { vendor: { id: 'mistral', name: 'Mistral' }, names: /^(mistral|mixtral|codestral|ministral|pixtral|magistral|devstral)/, orgs: ['mistral', 'mistralai'] },
    { vendor: { id: 'qwen', name: 'Qwen (Alibaba)' }, names: /^(qwen|qwq|qvq)/, orgs: ['qwen', 'alibaba', 'dashscope'] },
    { vendor: { id: 'deepseek', name: 'DeepSeek' }, names: /^deepseek/, orgs: ['deepseek', 'deepseek-ai'] },
    { vendor: { id: 'microsoft', name: 'Microsoft' }, names: /^phi(?![a-z])/, orgs: ['microsoft'] },
    { vendor: { id: 'cohere', name: 'Cohere' }, names: /^(command-|c4ai-|aya)/, orgs: ['cohere', 'cohereforai'] },
    { vendor: { id: 'xai', name: 'xAI' }, names: /^grok/, orgs: ['xai', 'x-ai'] },
    { vendor: { id: 'zhipu', name: 'Zhipu' }, names: /^(glm|chatglm)/, orgs: ['zhipu', 'zhipuai', 'thudm', 'zai-org'] },
    { vendor: { id: 'moonshot', name: 'Moonshot' }, names: /^(kimi|moonshot)/, orgs: ['moonshot', 'moonshotai'] },
];
/** Amazon Bedrock ids: `anthropic.claude-…`, `us.meta.llama3-…` (a region, then the vendor, then the model). */
const BEDROCK = /^(?:[a-z]{2}\.)?(amazon|anthropic|meta|mistral|cohere|ai21|deepseek|qwen|openai)\./;
/**
 * A model name as providers and gateways spell it, down to the vendor's own name:
 * `openai/gpt-4o-mini`, `azure/gpt-4o`, `models/gemini-1.5-pro`, `meta-llama/Llama-3.1-70B`,
 * `us.anthropic.claude-3-5-sonnet-…`, the Ollama tag `llama3:8b`. The organisations the path
 * names are kept too: `mistralai/Mistral-7B` is Mistral's by either.
 */
function bareModel(model) {
    const lower = model.trim().toLowerCase();
    const segments = lower.split('/').filter((s) => s !== '');
    let name = segments.at(-1) ?? '';
    const orgs = segments.slice(0, -1);
    const bedrock = BEDROCK.exec(name);
    if (bedrock) {
        orgs.push(bedrock[1]);
        name = name.slice(bedrock[0].length);
    }
    // an Ollama tag (`llama3:8b`), or a Bedrock version (`…-v1:0`): not part of the family
    const colon = name.indexOf(':');
    if (colon > 0)
        name = name.slice(0, colon);
    return { name, orgs };
}
/** The vendor whose family the model belongs to, or null when the table does not know it. */
function vendorOf(model) {
    const { name, orgs } = bareModel(model);
    const byName = VENDORS.find((v) => v.names.test(name));
    if (byName)
        return byName.vendor;
    return VENDORS.find((v) => orgs.some((org) => v.orgs.includes(org)))?.vendor ?? null;
}
/** Whether two model names are the same vendor's (false when either is unknown). */
function sameVendor(a, b) {
    const va = vendorOf(a);
    return va !== null && va.id === vendorOf(b)?.id;
}
/**
 * Self-preference: a judge rates answers of its own family higher. The warning when a model
 * the candidate declared (candidate.model, or a `model` field of its answers) is from the same
 * vendor as a model the judge was asked for or reported; null when none is. Declared names
 * are the candidate's text: shown as traced strings (secrets redacted, controls as codes, cut).
 */
function sameVendorWarning(candidateModels, judgeModels) {
    const judges = [...new Set(judgeModels)];
    for (const candidate of new Set(candidateModels)) {
        const vendor = vendorOf(candidate);
        if (!vendor)
            continue;
        const judge = judges.find((j) => vendorOf(j)?.id === vendor.id);
        if (judge === undefined)
            continue;
        const shown = (model) => (0,trace/* tracedString */.lt)(model) ?? '?';
        return `the judge (${shown(judge)}) and the candidate (${shown(candidate)}) are both ${vendor.name} models; judges tend to prefer their own family's answers (self-preference bias), so the LLM-judged scores may flatter the candidate. Fix: judge with another vendor's model (judge.model) to rule it out`;
    }
    return null;
}

;// CONCATENATED MODULE: ./src/run/sameVendor.ts


/** Judges whose model is no LLM: nothing to prefer its own family with. */
const NO_LLM = new Set(['none', 'lexical']);
/**
 * The self-preference warning for a run, logged, as the run's notes (none or one): the models
 * the candidate declared (candidate.model, and every answer's `model` field) against the judge's
 * requested model and the models its API reported answering with.
 */
function sameVendorNotes(config, outputs, judge, questions, logger) {
    if (NO_LLM.has(judge.provider))
        return [];
    const declared = new Set();
    if (config.candidate?.model)
        declared.add(config.candidate.model);
    for (const output of outputs)
        if (output.model)
            declared.add(output.model);
    if (declared.size === 0)
        return [];
    const judges = [...(judge.model ? [judge.model] : []), ...((0,judgeCalls/* reportedModels */.W)(questions)?.chat ?? [])];
    const warning = sameVendorWarning(declared, judges);
    if (warning === null)
        return [];
    logger.warn(warning);
    return [warning];
}

// EXTERNAL MODULE: ./src/run/exit.ts
var exit = __webpack_require__(517);
;// CONCATENATED MODULE: ./src/run/pipeline.ts














/** Where `run` writes results.json when no --out is given but the results are needed (an incomparable run's fix command names it). */
const DEFAULT_RESULTS_PATH = 'results.json';
/**
 * candidate → score → compare, with everything injected. Everything that can be wrong with the
 * inputs (the candidate's own settings) is checked before the candidate is called; a baseline
 * that is not comparable is said then too, and the run goes on to an incomparable comparison.
 * `config` supplies the run's settings: rules, k, gate, version, baseline path.
 */
async function runPipeline(deps, config, resultsPath = null) {
    const { evalSet, baseline, candidate, scorer, clock } = deps;
    const shard = evalSet.shard;
    const notes = [...scorer.notes];
    const subset = evalSet.subset;
    if (shard)
        notes.push(`shard ${shard.index}/${shard.count}: ${evalSet.rows.length} of ${(0,countOf/* countOf */.p)(shard.total_questions, 'question')}; merge the shards (evalgate merge) to gate`);
    const updateCommand = (0,baseline_baseline/* updateBaselineCommand */.q8)(resultsPath ?? DEFAULT_RESULTS_PATH, config.baseline, config.version ?? null);
    warnIncomparable(deps);
    const { scored, judged, candidateMs, scoringMs } = await answerAndScore(deps, config, notes);
    const questionCount = evalSet.rows.length;
    // the comparison and the files need only the scores: the rows go now (at 100,000 questions
    // ~90 MB), not when the caller lets go of deps
    evalSet.rows = [];
    const run = { eval_set_version: evalSet.version, eval_set_fingerprint: evalSet.fingerprint, judge: judged, metrics: scored.summary, questions: scored.questions, subset };
    const gate = (0,baseline_gate/* resolveGate */.mW)([baselineLayer(baseline), ...(deps.gateLayers ?? [{ settings: config.gate, source: 'evalgate.yml + flags' }])]);
    const comparison = shard ? null : compare(run, baseline, gate.settings, updateCommand, gate.sources);
    return {
        schema_version: results/* RESULTS_SCHEMA_VERSION */.q3,
        run: {
            version: config.version ?? null,
            eval_set_version: evalSet.version,
            eval_set_fingerprint: evalSet.fingerprint,
            eval_set_path: evalSet.file,
            question_count: questionCount,
            candidate: candidate.label,
            judge: judged,
            judge_label: scored.label ?? scorer.label,
            k: config.k,
            shard,
            subset,
            started_at: clock.startedAt.toISOString(),
            timings_ms: { candidate: round(candidateMs), scoring: round(scoringMs), total: round(clock.elapsed()) },
            usage: scored.usage,
            judge_stability: scored.stability,
            notes,
            // written only when it happened: the results.json of every other run is unchanged
            ...(scored.stopped ? { judge_stopped: scored.stopped } : {}),
        },
        metrics: scored.summary,
        questions: scored.questions,
        comparison,
        judge_health: scorer.usesModel ? (0,judgeHealth/* judgeHealth */.u7)(scored.questions, baseline, comparison) : null,
    };
}
/**
 * The candidate's answers (stored, or asked for now), scored. The answers and their contexts
 * live only in here: they are let go before the comparison, which needs only the scores.
 */
async function answerAndScore(deps, config, notes) {
    const { evalSet, scorer, logger, clock } = deps;
    const stored = await statePlan(deps);
    // a judge that cannot answer is found out before the candidate's own calls are paid for
    await scorer.preflight?.();
    // stored answers were read for the plan already (a file read, not a run of the candidate)
    const candidateStarted = clock.elapsed();
    const outputs = stored ?? (await pipeline_answer(deps));
    const candidateMs = clock.elapsed() - candidateStarted;
    const scoringStarted = clock.elapsed();
    // the judge sees each turn with the history the candidate was given (its own earlier answers)
    const scored = await scoreAnswers({ ...deps, evalSet: { ...evalSet, rows: (0,turns/* withHistories */.NF)(evalSet.rows, outputs) } }, config, outputs);
    notes.push(...scored.notes);
    const scoringMs = clock.elapsed() - scoringStarted;
    // what the judge learned while it ran (the response format it ended with) joins its identity
    const judged = { ...scorer.identity, ...scored.judge };
    notes.push(...sameVendorNotes(config, outputs.values(), judged, scored.questions, logger));
    return { scored, judged, candidateMs, scoringMs };
}
/** Said before the candidate runs; the run goes on, so that its results.json can become the new baseline. */
function warnIncomparable({ evalSet, baseline, scorer, logger }) {
    if (!baseline)
        return;
    const reasons = incomparability(baseline, { eval_set_version: evalSet.version, eval_set_fingerprint: evalSet.fingerprint, judge: scorer.identity });
    if (reasons.length > 0)
        logger.warn(`baseline not comparable: ${reasons.join('; ')}. Scoring anyway, so that this run's results can become the new baseline`);
}
/**
 * What the run will cost the judge, said before anything is paid: the candidate's settings
 * are checked, stored answers (a predictions file) are read, and the scorer states its plan
 * from them, or estimates it from the questions when the answers do not exist yet, stopping
 * when it is over budget. No request is sent. Returns the stored answers, if any.
 */
async function statePlan(deps) {
    const { evalSet, candidate, scorer } = deps;
    // e.g. an HTTP candidate's headers and templates are checked before anything is sent
    candidate.check?.(evalSet.rows);
    const stored = candidate.stored ? await pipeline_answer(deps) : null;
    await scorer.plan?.(stored ? (0,turns/* withHistories */.NF)(evalSet.rows, stored) : evalSet.rows, stored);
    return stored;
}
/** --plan-only: the plan, said as a run would say it, and nothing else: no candidate run, no judge request (no preflight either). */
async function planOnly(deps) {
    await statePlan(deps);
    if (!deps.scorer.plan)
        deps.logger.info(`judge plan: no judge calls (judge ${deps.scorer.label})`);
}
function pipeline_answer({ evalSet, candidate, logger }) {
    return candidate.answer(evalSet.rows, { evalIds: evalSet.ids, wanted: evalSet.shard || evalSet.subset ? new Set(evalSet.rows.map((r) => r.id)) : null, logger });
}
const NO_USAGE = { llm_calls: 0, embedding_calls: 0, prompt_tokens: 0, completion_tokens: 0, cache_hits: 0, retries: 0, cost_usd: null, by_family: {}, planned: null };
/** The deterministic tier (and the scorer's per-answer metrics) for every question, then the scorer's tier over the set. */
async function scoreAnswers({ evalSet, candidate, scorer, logger }, config, outputs) {
    const metrics = (0,score/* plannedMetrics */.mj)(evalSet.rows, config, outputs.values(), scorer);
    const suffixes = gradeSuffixWarning(evalSet.rows, outputs);
    if (suffixes)
        logger.warn(suffixes);
    const questions = (0,io_ids/* idRecord */.P5)();
    const unanswered = [];
    for (const row of evalSet.rows) {
        let output = outputs.get(row.id);
        if (!output) {
            unanswered.push(row.id);
            output = (0,candidates_outputs/* missingOutput */.av)(row.id, candidate.source);
        }
        questions[row.id] = (0,score/* scoreQuestion */.Bg)(row, output, config, metrics, scorer);
    }
    if (unanswered.length > 0) {
        logger.warn(`${unanswered.length} question(s) got no answer from the candidate: counted as errors and as failing in the comparison: ${(0,io_ids/* previewIds */.Pe)(unanswered)}`);
    }
    const tier = scorer.scoreSet ? await scorer.scoreSet(evalSet.rows, outputs, questions) : { usage: { ...NO_USAGE, by_family: {} }, stability: null, notes: [] };
    return { ...tier, questions, summary: (0,score/* summarise */.fS)(questions, metrics) };
}
/**
 * `compare` on its own: a results.json against a baseline or another results.json.
 * `gateLayers` are the settings above the baseline's (resolveRun's gateLayers).
 * `resultsPath` is the file the caller writes these results to: the update command names it.
 */
function compareResults(results, baseline, gateLayers, resultsPath, baselinePath) {
    const layers = [baselineLayer(baseline), ...gateLayers];
    (0,gateCanAct/* checkLatencyCanAct */.l4)(layers.map((layer, i) => ({ ...layer, prefix: i === 0 ? '' : 'gate.' })));
    const gate = (0,baseline_gate/* resolveGate */.mW)(layers);
    const updateCommand = (0,baseline_baseline/* updateBaselineCommand */.q8)(resultsPath, baselinePath, results.run.version);
    const comparison = compare({ ...results.run, metrics: results.metrics, questions: results.questions }, baseline, gate.settings, updateCommand, gate.sources);
    // the answer lengths are compared with this baseline; a run without judge health (lexical, rules only) still has none
    return { ...results, comparison, judge_health: results.judge_health && (0,judgeHealth/* judgeHealth */.u7)(results.questions, baseline, comparison) };
}
/** The baseline's committed settings, the lowest layer over the defaults, named by its path. */
function baselineLayer(baseline) {
    return { settings: baseline?.settings, source: baseline?.path ?? 'baseline' };
}
function round(ms) {
    return Math.round(ms * 10) / 10;
}

function exitCodeFor(results) {
    // a judge that stopped scored only part of the run: no verdict on quality, a setting to fix
    if (results.run.judge_stopped)
        return exit/* EXIT */.d.usage;
    const verdict = results.comparison?.verdict ?? 'no_baseline';
    if (verdict === 'fail')
        return exit/* EXIT */.d.fail;
    // not gated: neither a pass nor a fail, so that no check goes green (or red) on a run that was not the whole set
    if (verdict === 'incomparable' || verdict === 'subset')
        return exit/* EXIT */.d.usage;
    return exit/* EXIT */.d.pass;
}


/***/ }),

/***/ 6561:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Wx: () => (/* binding */ pairedBootstrap),
/* harmony export */   Xd: () => (/* binding */ sortedQuantile),
/* harmony export */   sK: () => (/* binding */ mulberry32),
/* harmony export */   wX: () => (/* binding */ seedFrom)
/* harmony export */ });
/* harmony import */ var _normal_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2160);
/**
 * Paired bootstrap of a metric's change between two runs over the same questions.
 *
 * Paired because both runs answer the same questions: question difficulty cancels in the
 * per-question difference, which makes the interval far narrower than comparing two means.
 * Seeded because a gate must give the same numbers when re-run on the same inputs (SPEC §3.3).
 */

/**
 * Mulberry32, a 32-bit PRNG (Tommy Ettinger's, in bryc's common JavaScript form). Chosen over
 * Math.random because it is seedable and over anything heavier because it is fast, passes
 * gjrand/PractRand well enough for resampling, and is trivial to port if a report must be
 * reproduced elsewhere. Returns floats in [0, 1) with 32 bits of randomness.
 */
function mulberry32(seed) {
    let state = seed | 0;
    return () => {
        state = (state + 0x6d2b79f5) | 0;
        let t = Math.imul(state ^ (state >>> 15), 1 | state);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}
/**
 * FNV-1a (32-bit) over the UTF-8 bytes of `text`: a stable seed from a name such as the metric
 * and eval-set version, so every metric gets its own reproducible stream without a seed table.
 * Bytes rather than UTF-16 code units so the value matches the published FNV test vectors and
 * other-language ports for non-ASCII (Chinese) names.
 */
function seedFrom(text) {
    let hash = 0x811c9dc5;
    for (const byte of new TextEncoder().encode(text)) {
        hash ^= byte;
        hash = Math.imul(hash, 0x01000193);
    }
    return hash >>> 0;
}
/** Linear-interpolation quantile (Hyndman & Fan type 7, R's default) of sorted values. */
function sortedQuantile(sorted, q) {
    const position = (sorted.length - 1) * q;
    const below = Math.floor(position);
    const lower = sorted[below] ?? 0;
    const upper = sorted[Math.min(below + 1, sorted.length - 1)] ?? lower;
    return lower + (position - below) * (upper - lower);
}
function validateOptions(resamples, level, seed, normalAbove) {
    if (!Number.isInteger(resamples) || resamples < 1)
        throw new RangeError(`pairedBootstrap: resamples must be a positive integer, got ${resamples}`);
    if (!(level > 0 && level < 1))
        throw new RangeError(`pairedBootstrap: level must be in (0, 1), got ${level}`);
    if (!Number.isInteger(seed))
        throw new RangeError(`pairedBootstrap: seed must be an integer, got ${seed}`);
    if (!(normalAbove >= 0))
        throw new RangeError(`pairedBootstrap: normalAbove must be non-negative, got ${normalAbove}`);
}
/**
 * Paired-bootstrap interval and p-value for the mean change candidate − baseline. The arrays are
 * paired by index (same question); null when they are empty or their lengths differ, since
 * there is then nothing honest to compare. Non-finite scores are a programming error (nulls
 * must be dropped pairwise by the caller) and throw.
 *
 * Interval: percentile interval of the resampled mean difference (questions resampled with
 * replacement). p: twice the smaller share of resampled means on either side of 0, counted as
 * (count + 1)/(resamples + 1) so a finite number of resamples never claims p = 0.
 *
 * When every difference is the same (up to rounding) there is no sampling variation: the
 * interval is [delta, delta], and p is 1 when delta is 0, else the smallest value the method
 * can report. Above `normalAbove` questions the bootstrap distribution is normal for all
 * practical purposes, so mean ± z·sd/√n and a normal p-value replace it (method 'normal') and
 * 10,000-question runs stay fast.
 */
function pairedBootstrap(baseline, candidate, options) {
    const resamples = options?.resamples ?? 2000;
    const level = options?.level ?? 0.95;
    const seed = options?.seed ?? 1;
    const normalAbove = options?.normalAbove ?? 5000;
    validateOptions(resamples, level, seed, normalAbove);
    const n = baseline.length;
    if (n === 0 || candidate.length !== n)
        return null;
    const differences = new Float64Array(n);
    let sum = 0;
    let smallest = Infinity;
    let largest = -Infinity;
    let largestMagnitude = 0;
    for (let i = 0; i < n; i++) {
        const d = (candidate[i] ?? NaN) - (baseline[i] ?? NaN);
        if (!Number.isFinite(d))
            throw new RangeError(`pairedBootstrap: question ${i} has a non-finite score`);
        differences[i] = d;
        sum += d;
        if (d < smallest)
            smallest = d;
        if (d > largest)
            largest = d;
        largestMagnitude = Math.max(largestMagnitude, Math.abs(d));
    }
    const delta = sum / n;
    const method = n > normalAbove ? 'normal' : 'bootstrap';
    // Rounding alone can make "all +0.1" differ in the 17th digit; that is not variation.
    const tolerance = 1e-12 * Math.max(1, largestMagnitude);
    if (largest - smallest <= tolerance) {
        const noChange = Math.abs(delta) <= tolerance;
        const smallestP = method === 'bootstrap' ? Math.min(1, 2 / (resamples + 1)) : 0;
        return { delta, low: delta, high: delta, p: noChange ? 1 : smallestP, method };
    }
    if (method === 'normal')
        return normalInterval(differences, delta, level);
    return resampledInterval(differences, delta, resamples, level, seed);
}
/** mean ± z·sd/√n and a normal p-value: the bootstrap's limit for large n. */
function normalInterval(differences, delta, level) {
    const n = differences.length;
    let squares = 0;
    for (let i = 0; i < n; i++) {
        const centered = (differences[i] ?? 0) - delta;
        squares += centered * centered;
    }
    const standardError = Math.sqrt(squares / (n - 1)) / Math.sqrt(n);
    const z = (0,_normal_js__WEBPACK_IMPORTED_MODULE_0__/* .normalQuantile */ .Z)(1 - (1 - level) / 2);
    const p = Math.min(1, 2 * (0,_normal_js__WEBPACK_IMPORTED_MODULE_0__/* .normalCdf */ .v)(-Math.abs(delta) / standardError));
    return { delta, low: delta - z * standardError, high: delta + z * standardError, p, method: 'normal' };
}
/** The percentile interval and p of `resamples` resampled mean differences. */
function resampledInterval(differences, delta, resamples, level, seed) {
    const n = differences.length;
    // The hot loop (resamples × n draws) runs mulberry32 inline on a local state: the same stream
    // as mulberry32(seed), about a quarter faster than calling the closure 10 million times.
    let state = seed | 0;
    const means = new Float64Array(resamples);
    let atOrBelowZero = 0;
    let atOrAboveZero = 0;
    for (let r = 0; r < resamples; r++) {
        let resampledSum = 0;
        for (let i = 0; i < n; i++) {
            state = (state + 0x6d2b79f5) | 0;
            let t = Math.imul(state ^ (state >>> 15), 1 | state);
            t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
            const uniform = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
            resampledSum += differences[(uniform * n) | 0];
        }
        const mean = resampledSum / n;
        means[r] = mean;
        if (mean <= 0)
            atOrBelowZero++;
        if (mean >= 0)
            atOrAboveZero++;
    }
    means.sort();
    const tail = (1 - level) / 2;
    const p = Math.min(1, (2 * (Math.min(atOrBelowZero, atOrAboveZero) + 1)) / (resamples + 1));
    return { delta, low: sortedQuantile(means, tail), high: sortedQuantile(means, 1 - tail), p, method: 'bootstrap' };
}


/***/ }),

/***/ 1295:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   l: () => (/* binding */ SIGN_FLIP_RESAMPLES),
/* harmony export */   t: () => (/* binding */ signFlipTest)
/* harmony export */ });
/* harmony import */ var _normal_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2160);
/**
 * The paired permutation (sign-flip) test of a mean change between two runs over the same
 * questions. Under "no change" the candidate's and the baseline's score of a question are
 * exchangeable, so each per-question difference is as likely to have either sign; the p-value
 * comes from where the observed |sum| falls among the 2^m sign assignments' |sum|.
 *
 * It uses the size of every change (unlike the sign test, which counts only which way a
 * question moved) and assumes nothing about their distribution (unlike a t-test, which rubric
 * scores in quarter steps do not satisfy at n = 30). Questions that did not change carry no
 * information: they add 0 under every sign and are left out of the enumeration.
 */

/** Monte Carlo sign assignments by default: the p-value's own error is then about ±0.002 at p = 0.05. */
const SIGN_FLIP_RESAMPLES = 10_000;
/**
 * Two-sided sign-flip test on paired differences (candidate − baseline), as a mid-p: the share
 * of sign assignments with a larger |sum| than the observed one, plus half the share with an
 * equal one. Rubric scores move in quarter steps and pass/fail ones by whole steps, so many
 * assignments tie with the observed sum, and counting every tie as "at least as extreme"
 * makes the test's real size well below its nominal 5%; the mid-p keeps it close to nominal
 * (Lancaster 1961; Fagerland et al. 2013 for McNemar, which this test is on 0/1 scores).
 *
 * Exact up to `exactUpTo` changed questions (a Gray-code walk: one sign changes per step);
 * above it `resamples` seeded random assignments, the observed one counted among them as a
 * tie so a finite draw never claims p = 0; above `normalAbove` the normal limit of the sum,
 * N(0, Σd²). Deterministic for the same input and seed. A difference below 1e-9 (baselines
 * keep 12 significant digits) is no change; no change at all gives p = 1.
 */
function signFlipTest(differences, options) {
    const exactUpTo = options?.exactUpTo ?? 16;
    const resamples = options?.resamples ?? SIGN_FLIP_RESAMPLES;
    const seed = options?.seed ?? 1;
    const normalAbove = options?.normalAbove ?? 1000;
    if (!Number.isInteger(exactUpTo) || exactUpTo < 0 || exactUpTo > 30)
        throw new RangeError(`signFlipTest: exactUpTo must be an integer in [0, 30], got ${exactUpTo}`);
    if (!Number.isInteger(resamples) || resamples < 1)
        throw new RangeError(`signFlipTest: resamples must be a positive integer, got ${resamples}`);
    if (!Number.isInteger(seed))
        throw new RangeError(`signFlipTest: seed must be an integer, got ${seed}`);
    const sizes = [];
    let observed = 0;
    for (let i = 0; i < differences.length; i++) {
        const d = differences[i];
        if (!Number.isFinite(d))
            throw new RangeError(`signFlipTest: difference ${i} is not a finite number`);
        if (Math.abs(d) <= 1e-9)
            continue;
        sizes.push(Math.abs(d));
        observed += d;
    }
    const changed = sizes.length;
    if (changed === 0)
        return { p: 1, changed, method: 'exact' };
    const total = sizes.reduce((a, b) => a + b, 0);
    if (changed > normalAbove) {
        const variance = sizes.reduce((a, s) => a + s * s, 0);
        return { p: Math.min(1, 2 * (0,_normal_js__WEBPACK_IMPORTED_MODULE_0__/* .normalCdf */ .v)(-Math.abs(observed) / Math.sqrt(variance))), changed, method: 'normal' };
    }
    // a |sum| within rounding of the observed one ties with it
    const band = { low: Math.abs(observed) - 1e-9 * total, high: Math.abs(observed) + 1e-9 * total };
    if (changed <= exactUpTo)
        return { p: exactMidP(sizes, total, band), changed, method: 'exact' };
    return { p: monteCarloMidP(sizes, band, resamples, seed), changed, method: 'monte_carlo' };
}
/** Over all 2^m sign assignments, walked in Gray-code order: (larger + ½·tied) / 2^m. */
function exactMidP(sizes, total, band) {
    const signed = Float64Array.from(sizes);
    let sum = total;
    let larger = 0;
    let tied = 0;
    const assignments = 2 ** sizes.length;
    for (let step = 0; step < assignments; step++) {
        if (step > 0) {
            // the Gray code's step flips the lowest set bit of the step number
            const j = 31 - Math.clz32(step & -step);
            const value = signed[j];
            sum -= 2 * value;
            signed[j] = -value;
        }
        const size = Math.abs(sum);
        if (size > band.high)
            larger++;
        else if (size >= band.low)
            tied++;
    }
    return (larger + tied / 2) / assignments;
}
/** Over seeded random sign assignments, the observed one among them as a tie: (larger + ½·(tied + 1)) / (resamples + 1). */
function monteCarloMidP(sizes, band, resamples, seed) {
    const m = sizes.length;
    const values = Float64Array.from(sizes);
    // mulberry32 inline (the same stream as bootstrap.ts's mulberry32(seed)): this loop runs resamples × m times;
    // its 32 bits are kept as a signed int32 (no >>> 0), which stays a small integer for the engine
    let state = seed | 0;
    let larger = 0;
    let tied = 0;
    for (let r = 0; r < resamples; r++) {
        let sum = 0;
        let bits = 0;
        for (let i = 0; i < m; i++) {
            if ((i & 31) === 0) {
                state = (state + 0x6d2b79f5) | 0;
                let t = Math.imul(state ^ (state >>> 15), 1 | state);
                t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
                bits = t ^ (t >>> 14);
            }
            // branch-free ±1: a random branch mispredicts half the time
            sum += values[i] * (((bits & 1) << 1) - 1);
            bits >>= 1;
        }
        const size = Math.abs(sum);
        if (size > band.high)
            larger++;
        else if (size >= band.low)
            tied++;
    }
    return (larger + (tied + 1) / 2) / (resamples + 1);
}


/***/ })

};
