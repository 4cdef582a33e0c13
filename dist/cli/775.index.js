export const id = 775;
export const ids = [775];
export const modules = {

/***/ 2244:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Lc: () => (/* binding */ OutputCollector),
/* harmony export */   av: () => (/* binding */ missingOutput),
/* harmony export */   t2: () => (/* binding */ outputHint),
/* harmony export */   yr: () => (/* binding */ checkOutput)
/* harmony export */ });
/* unused harmony export collectOutputs */
/* harmony import */ var _io_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7333);
/* harmony import */ var _io_similarName_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5334);
/* harmony import */ var _io_tabular_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6575);
/* harmony import */ var _io_ids_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2298);
/* harmony import */ var _schemas_candidate_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3681);





const HINTS = {
    id: 'every output needs the id of the eval-set question it answers',
    latency_ms: 'give latency_ms as a number of milliseconds, or leave it out',
    contexts: 'give contexts as an array of strings (CSV: separated by ||)',
    retrieved_ids: 'give retrieved_ids as an array, best first (CSV: separated by |)',
    model: 'give model as a string naming the model that answered (e.g. "gpt-4o"), or leave it out',
};
/** The fields of an output, and what systems under test call them instead. */
const OUTPUT_FIELDS = Object.keys(_schemas_candidate_js__WEBPACK_IMPORTED_MODULE_2__/* .CandidateOutputInputSchema */ .oO.shape);
const OUTPUT_FIELD_ALIASES = {
    answer: ['response', 'output', 'text', 'reply', 'completion', 'prediction', 'generated_answer', 'generation', 'result', 'content'],
    contexts: ['documents', 'chunks', 'passages', 'retrieved_contexts', 'retrieved_documents'],
    retrieved_ids: ['doc_ids', 'retrieved_doc_ids', 'retrieved_docs', 'document_ids', 'source_ids', 'retrieval_ids'],
    latency_ms: ['duration_ms', 'elapsed_ms', 'time_ms'],
    error: ['err', 'exception', 'error_message'],
};
/**
 * Validates candidate outputs against the eval set, one record at a time (so a file can be
 * streamed): an output for an id the eval set does not have, or two outputs for one id, is an
 * input error (the files do not belong together), never silently ignored.
 */
class OutputCollector {
    outputs = new Map();
    lines = new Map();
    source;
    evalIds;
    wanted;
    /** field name → the known field it looks like, worked out once per name */
    suggestions = new Map();
    /** `wanted`: the ids this run scores (a shard); other ids are checked (known, once) but not parsed further or kept */
    constructor(source, evalIds, wanted = null) {
        this.source = source;
        this.evalIds = evalIds;
        this.wanted = wanted;
    }
    add(record) {
        const schema = this.wanted && !this.wanted.has(String(record.data.id ?? '').trim()) ? IdOnlySchema : _schemas_candidate_js__WEBPACK_IMPORTED_MODULE_2__/* .CandidateOutputInputSchema */ .oO;
        if (schema === _schemas_candidate_js__WEBPACK_IMPORTED_MODULE_2__/* .CandidateOutputInputSchema */ .oO)
            this.checkFieldNames(record);
        // plain type checks for a well-formed line; the schema for anything else, with its located messages
        const output = (schema === _schemas_candidate_js__WEBPACK_IMPORTED_MODULE_2__/* .CandidateOutputInputSchema */ .oO ? (0,_schemas_candidate_js__WEBPACK_IMPORTED_MODULE_2__/* .plainOutput */ .MC)(record.data) : plainId(record.data)) ?? (0,_io_tabular_js__WEBPACK_IMPORTED_MODULE_1__/* .parseRecord */ .Hh)(schema, record, this.source, outputHint);
        if (!this.evalIds.has(output.id)) {
            throw new _io_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .GateError */ .ue('bad_input', `${(0,_io_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .locate */ .x5)(this.source, record.line, 'id')}: output for unknown id "${output.id}": the eval set has no such question`, 'check that the predictions were produced from this eval set (and this eval_set_version)');
        }
        const previous = this.lines.get(output.id);
        if (previous !== undefined) {
            throw new _io_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .GateError */ .ue('bad_input', `${(0,_io_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .locate */ .x5)(this.source, record.line, 'id')}: second output for id "${output.id}" (first on line ${previous})`, 'give exactly one output per question');
        }
        this.lines.set(output.id, record.line);
        if (schema === _schemas_candidate_js__WEBPACK_IMPORTED_MODULE_2__/* .CandidateOutputInputSchema */ .oO)
            this.outputs.set(output.id, output);
    }
    /**
     * A field that is a known one misnamed (`response` for `answer`) while the known one is
     * absent: the unknown field would be dropped and the answer read as empty, scored as a
     * wrong answer rather than refused as a wrong file.
     */
    checkFieldNames(record) {
        for (const key of Object.keys(record.data)) {
            let meant = this.suggestions.get(key);
            if (meant === undefined) {
                meant = OUTPUT_FIELDS.includes(key) ? null : (0,_io_similarName_js__WEBPACK_IMPORTED_MODULE_3__/* .similarName */ .j)(key, OUTPUT_FIELDS, OUTPUT_FIELD_ALIASES);
                this.suggestions.set(key, meant);
            }
            if (meant === null || Object.hasOwn(record.data, meant))
                continue;
            throw new _io_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .GateError */ .ue('bad_input', `${(0,_io_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .locate */ .x5)(this.source, record.line, key)}: unknown field; did you mean "${meant}"?`, `name it ${meant}: evalgate reads ${OUTPUT_FIELDS.join(', ')}, and drops other fields, so this output's ${meant} would be read as missing`);
        }
    }
}
/** How to fix a field of a candidate output. */
function outputHint(column) {
    return HINTS[column] ?? 'fix the value in this field';
}
/**
 * One output checked by the candidate schema exactly as a line of a predictions file is, for
 * a candidate that answers question by question (HTTP): a problem becomes that question's
 * error row, in the words a predictions file would get, instead of stopping the run.
 */
function checkOutput(data, source, hint = outputHint) {
    try {
        return { ok: true, output: (0,_io_tabular_js__WEBPACK_IMPORTED_MODULE_1__/* .parseRecord */ .Hh)(_schemas_candidate_js__WEBPACK_IMPORTED_MODULE_2__/* .CandidateOutputInputSchema */ .oO, { data }, source, hint) };
    }
    catch (error) {
        if (!(error instanceof _io_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .GateError */ .ue))
            throw error;
        // one line for a row: the first problem with its fix, then the others (which carry their own)
        const [first, ...others] = error.message.split('\n');
        return { ok: false, error: [error.hint ? `${first} (fix: ${error.hint})` : first, ...others].join('; ') };
    }
}
/** Another shard's answer: only its id is checked here; that shard's run checks the rest. */
const IdOnlySchema = _schemas_candidate_js__WEBPACK_IMPORTED_MODULE_2__/* .CandidateOutputInputSchema */ .oO.pick({ id: true });
/** IdOnlySchema's result for a string id, by a plain check; null for anything else (left to the schema). */
function plainId(data) {
    if (typeof data.id !== 'string')
        return null;
    const id = (0,_io_ids_js__WEBPACK_IMPORTED_MODULE_4__/* .normaliseId */ .GU)(data.id);
    return id === '' ? null : { id };
}
function collectOutputs(records, source, evalIds) {
    const collector = new OutputCollector(source, evalIds);
    for (const record of records)
        collector.add(record);
    return collector.outputs;
}
/** An error row for a question the candidate did not answer: counted and reported, never dropped. */
function missingOutput(id, source) {
    return { id, answer: '', contexts: [], retrieved_ids: [], latency_ms: null, error: `no output from ${source} for this question` };
}


/***/ }),

/***/ 3116:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   l4: () => (/* binding */ checkLatencyCanAct),
/* harmony export */   ok: () => (/* binding */ checkGateCanAct)
/* harmony export */ });
/* unused harmony export whyNot */
/* harmony import */ var _io_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7333);
/* harmony import */ var _metrics_registry_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1118);
/* harmony import */ var _score_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9004);



/** The gate settings that name metrics; each replaces the layer below as a whole (resolveGate). */
const NAMING_KEYS = ['thresholds', 'max_drop_overrides', 'by_category'];
/**
 * A threshold, category floor or max_drop override on a metric this run does not compute
 * (`recall@10` with `k: [3, 5]`, an LLM metric with the lexical judge) would gate nothing
 * while reading as if it did: an error before the candidate runs, naming the setting and what
 * the run does compute. `rows` is the whole eval set (a shard's metrics are those of the merge).
 * latency_ms is left alone: whether a candidate reports latency shows only in its answers.
 */
function checkGateCanAct(layers, rows, config, scorer) {
    checkLatencyCanAct(layers);
    const computed = (0,_score_js__WEBPACK_IMPORTED_MODULE_2__/* .metricsBeforeAnswers */ .YD)(rows, config, scorer);
    const acting = new Set([...computed, ...(scorer.withheld ?? []), 'latency_ms']);
    for (const key of NAMING_KEYS) {
        // only the layer in force for this key can act; a lower one is replaced whole
        const layer = [...layers].reverse().find((l) => l.settings?.[key] !== undefined);
        if (!layer)
            continue;
        for (const [path, metric] of namedMetrics(key, layer.settings)) {
            if (acting.has(metric))
                continue;
            throw new _io_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .GateError */ .ue('bad_config', `${layer.source}: ${layer.prefix}${path}: this run does not compute ${metric} (${whyNot(metric, rows, config)}), so the setting would never be checked`, `remove the setting, or make the run compute ${metric}; this run computes ${(0,_metrics_registry_js__WEBPACK_IMPORTED_MODULE_1__/* .sortMetrics */ .g4)(computed).join(', ')}`);
        }
    }
}
function namedMetrics(key, settings) {
    if (key === 'by_category')
        return Object.entries(settings.by_category ?? {}).flatMap(([category, floors]) => Object.keys(floors).map((m) => [`by_category.${category}.${m}`, m]));
    return Object.keys(settings[key] ?? {}).map((m) => [`${key}.${m}`, m]);
}
/** Why a known metric is not computed by this run, in the words of the setting that would change it. */
function whyNot(metric, rows, config) {
    const family = (0,_metrics_registry_js__WEBPACK_IMPORTED_MODULE_1__/* .metricInfo */ .R)(metric)?.family;
    if (family === 'retrieval') {
        if (!rows.some((r) => r.relevant_docs.length > 0))
            return 'no question of the eval set lists relevant_doc_ids';
        const k = /@(\d+)$/.exec(metric)?.[1];
        return k ? `k is [${config.k.join(', ')}]: add ${k} to k` : 'retrieval metrics are computed for this eval set';
    }
    if (family === 'rules') {
        if (metric === 'citation_ok')
            return 'rules.require_citation is false';
        if (metric === 'json_ok')
            return 'no answerable question has expect_json';
        if (metric === 'refuse_ok')
            return 'no question has should_refuse';
        return 'every question is a should-refuse question';
    }
    if ((0,_metrics_registry_js__WEBPACK_IMPORTED_MODULE_1__/* .isJudgedByModel */ .EC)(metric))
        return `judge.provider is ${config.judge.provider}, which does not compute it`;
    return 'it is not computed by any part of this run';
}
/** The layer whose value of `key` is in force: the highest that sets it. */
function inForce(layers, key) {
    return [...layers].reverse().find((l) => l.settings?.[key] !== undefined);
}
/**
 * latency_min_ms and a max_drop override of latency_ms only shape the latency gate, which exists
 * only when latency_rise is set: without it latency is reported, not gated, and either setting
 * would read as a gate that is not there. An error wherever a gate is resolved (run, compare, merge).
 */
function checkLatencyCanAct(layers) {
    const rise = inForce(layers, 'latency_rise');
    if (rise && rise.settings.latency_rise !== null)
        return;
    const floor = inForce(layers, 'latency_min_ms');
    const minMs = floor?.settings.latency_min_ms;
    if (floor && minMs !== null && minMs !== undefined) {
        throw new _io_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .GateError */ .ue('bad_config', `${floor.source}: ${floor.prefix}latency_min_ms is ${minMs}, but latency_rise is not set: latency is reported and not gated, so the floor would never be checked`, `set gate.latency_rise (e.g. 0.5: a p50 or p95 latency more than 50% and more than ${minMs} ms above the baseline's fails), or remove latency_min_ms`);
    }
    const overrides = inForce(layers, 'max_drop_overrides');
    const override = overrides?.settings.max_drop_overrides?.latency_ms;
    if (overrides && override !== undefined) {
        throw new _io_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .GateError */ .ue('bad_config', `${overrides.source}: ${overrides.prefix}max_drop_overrides.latency_ms is ${override}, but latency_rise is not set: latency is reported and not gated, so the override would never be checked`, `set gate.latency_rise: ${override} instead (it gates the p50 and p95 latency), and remove the override`);
    }
}


/***/ }),

/***/ 9004:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  YD: () => (/* binding */ metricsBeforeAnswers),
  mj: () => (/* binding */ plannedMetrics),
  Bg: () => (/* binding */ scoreQuestion),
  fS: () => (/* binding */ summarise)
});

// EXTERNAL MODULE: ./src/io/countOf.ts
var countOf = __webpack_require__(7262);
// EXTERNAL MODULE: ./src/metrics/rules.ts
var rules = __webpack_require__(2158);
// EXTERNAL MODULE: ./src/metrics/types.ts
var types = __webpack_require__(7032);
;// CONCATENATED MODULE: ./src/metrics/citations.ts



/** Global, for `exec` from the start of each answer (reset before every use). */
const CITATIONS = new RegExp(rules/* CITATION_PATTERN */.zn.source, 'gi');
/** Share of `[文档N]` / `[docN]` / `[N]` citations whose N (1-based) points to a context that exists. */
function scoreCitationValidity(answer, contextCount) {
    let count = 0;
    // the citations as the answer wrote them, so an English answer's reason shows [3], not [文档3]
    const bad = [];
    CITATIONS.lastIndex = 0;
    for (let m = CITATIONS.exec(answer); m !== null; m = CITATIONS.exec(answer)) {
        count += 1;
        const n = Number(m[1]);
        if (n < 1 || n > contextCount)
            bad.push(m[0]);
    }
    if (count === 0)
        return (0,types/* noScore */.SM)('the answer cites nothing');
    const result = (0,types/* score */.fN)((count - bad.length) / count);
    if (bad.length > 0)
        result.reason = `cites ${bad.join(', ')} but only ${(0,countOf/* countOf */.p)(contextCount, 'context')} ${contextCount === 1 ? 'was' : 'were'} given`;
    return result;
}

// EXTERNAL MODULE: ./src/metrics/registry.ts
var registry = __webpack_require__(1118);
;// CONCATENATED MODULE: ./src/metrics/retrieval.ts

/**
 * Retrieval metrics over a ranked list of ids (best first), against graded relevance
 * judgements (grade 0 = judged not relevant). Definitions, SPEC §2:
 *   precision@k = |top-k ∩ relevant| / k           (k even when fewer were returned)
 *   recall@k    = |top-k ∩ relevant| / |relevant|  (null without relevant docs)
 *   hit@k       = 1 if top-k holds a relevant id
 *   mrr         = 1 / rank of the first relevant id in the whole list, 0 if none
 *   ndcg@k      = DCG@k / IDCG@k, gain 2^grade − 1, discount log2(i + 1) (null without relevant docs)
 * Later duplicates of an id are removed before ranking. A should-refuse question with no
 * relevant docs is not a retrieval question: every metric is null, so hit, MRR and precision
 * describe the answerable questions only (an answerable question without relevant docs keeps
 * its 0s: retrieving nothing useful for it is a failure).
 */
function scoreRetrieval(retrieved, judgements, ks, shouldRefuse = false) {
    return scoresOf((sink) => writeRetrieval(sink, retrieved, judgements, ks, shouldRefuse));
}
/**
 * scoreRetrieval written into a sink, as the scoring loop takes it: per question no record, no
 * Score objects, no top-k copies; the cut-offs are indices into the deduplicated list.
 */
function writeRetrieval(sink, retrieved, judgements, ks, shouldRefuse = false) {
    const grades = new Map();
    for (const d of judgements)
        if (d.grade > 0)
            grades.set(d.id, d.grade);
    if (shouldRefuse && grades.size === 0)
        return notRetrievalQuestion(sink, ks);
    const ranked = dedupe(retrieved);
    const noRelevant = 'no relevant_doc_ids for this question';
    // the ideal order, highest grade first: the same for every k
    const ideal = grades.size === 0 ? [] : [...grades.values()].sort((a, b) => b - a);
    for (const k of ks) {
        const names = namesAt(k);
        const depth = Math.min(k, ranked.length);
        let hits = 0;
        for (let i = 0; i < depth; i++)
            if (grades.has(ranked[i]))
                hits += 1;
        const why = missedAndRetrieved(ranked, depth, grades);
        explained(sink, names.precision, hits / k, why);
        if (grades.size === 0)
            sink(names.recall, null, noRelevant);
        else
            explained(sink, names.recall, hits / grades.size, why);
        explained(sink, names.hit, hits > 0 ? 1 : 0, why);
        if (grades.size === 0)
            sink(names.ndcg, null, noRelevant);
        else
            explained(sink, names.ndcg, ndcg(ranked, depth, grades, ideal, k), why);
    }
    let firstRelevant = -1;
    for (let i = 0; i < ranked.length && firstRelevant === -1; i++)
        if (grades.has(ranked[i]))
            firstRelevant = i;
    if (firstRelevant === 0)
        sink('mrr', 1);
    else if (firstRelevant !== -1)
        sink('mrr', 1 / (firstRelevant + 1), `first relevant id ${ranked[firstRelevant]} at rank ${firstRelevant + 1}`);
    else
        sink('mrr', 0, ranked.length === 0 ? 'nothing retrieved' : grades.size === 0 ? noRelevant : `no relevant id among ${ranked.length} retrieved`);
}
const namesByK = new Map();
function namesAt(k) {
    let names = namesByK.get(k);
    if (!names) {
        names = { precision: `precision@${k}`, recall: `recall@${k}`, hit: `hit@${k}`, ndcg: `ndcg@${k}` };
        namesByK.set(k, names);
    }
    return names;
}
/** How many ids a reason names per list, and how much of each id it keeps (ids are the user's text). */
const REASON_IDS = 5;
const REASON_ID_CHARS = 40;
/**
 * Why a top-k list falls short, in the ids themselves: `missed doc-7; retrieved doc-2, doc-9`
 * (the relevant ids not in the top k, highest grade first, then the ids that came back in
 * their place). Capped, so a long list or a long id never floods a report; the renderers
 * escape it like any other text from outside.
 */
function missedAndRetrieved(ranked, depth, grades) {
    const missed = [];
    for (const id of grades.keys()) {
        const rank = ranked.indexOf(id);
        if (rank === -1 || rank >= depth)
            missed.push(id);
    }
    if (missed.length > 1)
        missed.sort((a, b) => grades.get(b) - grades.get(a));
    const others = [];
    for (let i = 0; i < depth; i++)
        if (!grades.has(ranked[i]))
            others.push(ranked[i]);
    const parts = [];
    if (missed.length > 0)
        parts.push(`missed ${idList(missed)}`);
    if (depth === 0)
        parts.push('nothing retrieved');
    else if (others.length > 0)
        parts.push(`retrieved ${idList(others)}${missed.length === 0 ? ' (not relevant)' : ''}`);
    return parts.length > 0 ? parts.join('; ') : null;
}
function idList(ids) {
    // an id of at most REASON_ID_CHARS UTF-16 units has at most as many characters: only a longer one is counted
    const clip = (id) => (id.length > REASON_ID_CHARS && [...id].length > REASON_ID_CHARS ? `${[...id].slice(0, REASON_ID_CHARS - 1).join('')}…` : id);
    const shown = ids.slice(0, REASON_IDS).map(clip).join(', ');
    return ids.length > REASON_IDS ? `${shown} (+${ids.length - REASON_IDS} more)` : shown;
}
/** A value below 1 carries the reason; a perfect one needs none. */
function explained(sink, name, value, why) {
    if (value < 1 && why)
        sink(name, value, why);
    else
        sink(name, value);
}
const NOT_A_RETRIEVAL_QUESTION = 'should-refuse question with no relevant docs: not a retrieval question';
function notRetrievalQuestion(sink, ks) {
    for (const k of ks) {
        const names = namesAt(k);
        for (const name of [names.precision, names.recall, names.hit, names.ndcg])
            sink(name, null, NOT_A_RETRIEVAL_QUESTION);
    }
    sink('mrr', null, NOT_A_RETRIEVAL_QUESTION);
}
/** Later duplicates removed. Lists are short: a scan finds that there are none without building a Set. */
function dedupe(ids) {
    if (ids.length > 64)
        return [...new Set(ids)];
    for (let i = 1; i < ids.length; i++)
        if (ids.lastIndexOf(ids[i], i - 1) !== -1)
            return ids.filter((id, j) => ids.indexOf(id) === j);
    return ids;
}
/** DCG@k / IDCG@k over the first `depth` ranked ids; `ideal` is every grade, highest first. */
function ndcg(ranked, depth, grades, ideal, k) {
    let dcg = 0;
    for (let i = 0; i < depth; i++)
        dcg += gain(grades.get(ranked[i]) ?? 0, i);
    let best = 0;
    for (let i = 0; i < Math.min(k, ideal.length); i++)
        best += gain(ideal[i], i);
    return dcg / best;
}
/** Gain 2^grade − 1 at rank i + 1, discounted by log2(i + 2). */
function gain(grade, i) {
    return (2 ** grade - 1) / Math.log2(i + 2);
}

;// CONCATENATED MODULE: ./src/metrics/deterministic.ts





/**
 * The deterministic tier's scoring function per tier (definitions.ts names a metric's tier),
 * each writing its metrics into the sink. Typed by the tiers, so a new tier without its function
 * does not compile.
 */
const TIER_SCORERS = {
    rules: ({ row, output, config, refused }, sink) => (0,rules/* writeRules */.bC)(sink, row, output.answer, config.rules, refused ?? (0,rules/* isRefusal */.vu)(output.answer, config.rules.refusal_phrases)),
    citations: ({ output }, sink) => {
        const s = scoreCitationValidity(output.answer, output.contexts.length);
        sink('citation_valid', s.value, s.reason);
    },
    retrieval: ({ row, output, config }, sink) => writeRetrieval(sink, output.retrieved_ids, row.relevant_docs, config.k, row.should_refuse),
    operations: ({ output }, sink) => {
        if (output.latency_ms !== null)
            sink('latency_ms', output.latency_ms);
    },
};
const DETERMINISTIC = Object.keys(TIER_SCORERS);
/** A run's planned metric list → the deterministic tiers it needs (asked once per question, so remembered per list). */
const tiersOfPlan = new WeakMap();
function plannedTiers(metrics) {
    let tiers = tiersOfPlan.get(metrics);
    if (!tiers) {
        const needed = new Set(metrics.flatMap((m) => (0,registry/* metricInfo */.R)(m)?.tiers ?? []));
        tiers = DETERMINISTIC.filter((t) => needed.has(t));
        tiersOfPlan.set(metrics, tiers);
    }
    return tiers;
}
/** The deterministic tier's scores of one answered question, for the tiers its run planned. */
function scoreDeterministic(question, metrics) {
    return scoresOf((sink) => writeDeterministic(question, metrics, sink));
}
/** scoreDeterministic written into a sink: the scoring loop's way. */
function writeDeterministic(question, metrics, sink) {
    for (const tier of plannedTiers(metrics))
        TIER_SCORERS[tier](question, sink);
}

;// CONCATENATED MODULE: ./src/run/score.ts



/** Which metrics a run computes, decided before any question is scored, so every row has the same keys. */
function plannedMetrics(rows, config, outputs, scorer) {
    const run = { rows, config, outputs: [...outputs] };
    const names = [...registry/* registry */.u5.plannedDeterministic(run), ...registry/* registry */.u5.plannedByProvider(scorer.metrics, run)];
    // one canonical order, so a run and the merge of its shards list metrics alike
    return (0,registry/* sortMetrics */.g4)(names);
}
/** Every metric of plannedMetrics that is known before the candidate answers: all but those planned by what the answers carry (latency_ms). Unsorted. */
function metricsBeforeAnswers(rows, config, scorer) {
    const run = { rows, config, outputs: null };
    return [...registry/* registry */.u5.plannedDeterministic(run), ...registry/* registry */.u5.plannedByProvider(scorer.metrics, run)];
}
const plans = new WeakMap();
const askedOfAll = () => true;
function metricsPlan(metrics) {
    let plan = plans.get(metrics);
    if (!plan) {
        const infos = metrics.map((m) => (0,registry/* metricInfo */.R)(m));
        plan = {
            nullScores: Object.fromEntries(metrics.map((m) => [m, null])),
            position: new Map(metrics.map((m, j) => [m, j])),
            askedOf: infos.map((info) => info?.askedOf ?? askedOfAll),
            missingNote: infos.map((info) => info?.missingNote),
        };
        plans.set(metrics, plan);
    }
    return plan;
}
/** Scores one question; a candidate error makes every metric null and counted as an error. */
function scoreQuestion(row, output, config, metrics, scorer) {
    const plan = metricsPlan(metrics);
    const scores = { ...plan.nullScores };
    const result = {
        question: row.question,
        category: row.category,
        difficulty: row.difficulty,
        should_refuse: row.should_refuse,
        answer: output.answer,
        scores,
        notes: {},
        errors: {},
    };
    if (row.conversation)
        result.conversation = { id: row.conversation.id, turn: row.conversation.turn };
    if (output.error !== null) {
        result.errors.candidate = output.error;
        return result;
    }
    // per place in the plan, the reason written with its score: '' for none, undefined while it has no score
    const reasons = new Array(metrics.length).fill(undefined);
    const sink = (name, value, reason) => {
        const j = plan.position.get(name);
        if (j === undefined)
            return;
        scores[name] = value ?? null;
        reasons[j] = reason ?? '';
    };
    const refusal = (0,rules/* isRefusal */.vu)(output.answer, config.rules.refusal_phrases);
    writeDeterministic({ row, output, config, refused: refusal }, metrics, sink);
    const own = scorer.scoreAnswer?.(row, output, refusal);
    if (own) {
        for (const name in own.scores) {
            const s = own.scores[name];
            if (s)
                sink(name, s.value, s.reason);
        }
        if (own.claims)
            result.claims = own.claims;
    }
    for (let j = 0; j < metrics.length; j++) {
        const reason = reasons[j];
        if (reason === undefined) {
            if (plan.askedOf[j](row))
                result.notes[metrics[j]] = plan.missingNote[j] ?? notApplicable(row, output);
        }
        else if (reason !== '')
            result.notes[metrics[j]] = reason;
    }
    return result;
}
/** The note on a question a metric is asked of but has no value for, when its definition names none. */
function notApplicable(row, output) {
    if (row.should_refuse)
        return 'should-refuse question: judged by refuse_ok';
    if (output.retrieved_ids.length === 0)
        return 'no retrieved_ids';
    return 'not applicable';
}
/** Mean over non-null values, with how many had a value, how many did not, and how many errored. */
function summarise(questions, metrics) {
    // summed in id order, so a merged run of shards gives the same floating-point means as one run
    const ids = Object.keys(questions).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const m = metrics.length;
    const sum = new Float64Array(m);
    const n = new Float64Array(m);
    const nan = new Float64Array(m);
    const errors = new Float64Array(m);
    for (const id of ids) {
        const q = questions[id];
        const scores = q.scores;
        for (let j = 0; j < m; j++) {
            const v = scores[metrics[j]];
            if (v === null || v === undefined) {
                nan[j] = nan[j] + 1;
                if (q.errors.candidate !== undefined || q.errors[metrics[j]] !== undefined)
                    errors[j] = errors[j] + 1;
                continue;
            }
            sum[j] = sum[j] + v;
            n[j] = n[j] + 1;
        }
    }
    const summary = {};
    metrics.forEach((metric, j) => {
        summary[metric] = { mean: n[j] === 0 ? null : sum[j] / n[j], n: n[j], nan: nan[j], errors: errors[j] };
    });
    return summary;
}


/***/ })

};
