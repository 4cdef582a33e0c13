export const id = 95;
export const ids = [95];
export const modules = {

/***/ 3025:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ur: () => (/* binding */ answerChars),
/* harmony export */   vR: () => (/* binding */ capAnswer),
/* harmony export */   w$: () => (/* binding */ answerSha256),
/* harmony export */   w7: () => (/* binding */ storedAnswer)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _schemas_baseline_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2897);


/**
 * The first `max` code points of `text`, the last of them the cut mark when it was cut.
 * Code points, not UTF-16 units: a cut never splits a surrogate pair (an emoji stays whole).
 */
function capAnswer(text, max = _schemas_baseline_js__WEBPACK_IMPORTED_MODULE_1__/* .ANSWER_CAP */ .gt) {
    const points = [...text];
    if (points.length <= max)
        return { answer: text, answer_truncated: false };
    return { answer: points.slice(0, max - 1).join('') + _schemas_baseline_js__WEBPACK_IMPORTED_MODULE_1__/* .ANSWER_CUT_MARK */ .Yz, answer_truncated: true };
}
function answerSha256(text) {
    return (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(text, 'utf8').digest('hex');
}
/** An answer's length in code points (an emoji counts once, as a reader counts it). */
function answerChars(text) {
    let n = 0;
    for (const _ of text)
        n++;
    return n;
}
function storedAnswer(text) {
    return { ...capAnswer(text), answer_sha256: answerSha256(text), answer_chars: answerChars(text) };
}


/***/ }),

/***/ 8095:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Gf: () => (/* reexport */ defaultPath/* DEFAULT_BASELINE_PATH */.G),
  uu: () => (/* binding */ baselineFromResults),
  oU: () => (/* binding */ loadBaseline),
  N: () => (/* binding */ loadNamedBaseline),
  zV: () => (/* binding */ loadResults),
  s$: () => (/* binding */ readBaselineFile),
  q8: () => (/* binding */ updateBaselineCommand),
  b5: () => (/* binding */ writeBaselineFile)
});

// UNUSED EXPORTS: viewOfBaseline, viewOfResults

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: ./src/baseline/answer.ts
var answer = __webpack_require__(3025);
// EXTERNAL MODULE: ./src/baseline/gate.ts
var gate = __webpack_require__(3696);
;// CONCATENATED MODULE: ./src/io/cliInvocation.ts
/**
 * How a user runs the CLI, spelled once: evalgate is not on the npm registry, so every command
 * evalgate prints (the baseline update command, the demo's echo) and every command the README
 * shows runs it from the tagged GitHub release, whose committed dist/ needs no build step.
 */
/** The npm specifier of the CLI: the `v1` tag of the repository (moved on each v1.x release). */
const CLI_PACKAGE = 'github:evalgate/evalgate#v1';
/** The prefix of every printed command; `--yes` so that npx does not stop to ask in CI. */
const CLI = `npx --yes ${CLI_PACKAGE}`;
/** One argument as a POSIX shell word: bare when it is safe, else single-quoted. */
function shellWord(arg) {
    if (/^[\w@%+=:,./-]+$/.test(arg))
        return arg;
    return `'${arg.replace(/'/g, `'\\''`)}'`;
}
/** `evalgate <args>` as a command a user can paste into a shell. */
function cliCommand(args) {
    return [CLI, ...args.map(shellWord)].join(' ');
}

// EXTERNAL MODULE: ./src/io/errors.ts
var errors = __webpack_require__(7333);
// EXTERNAL MODULE: ./src/io/ids.ts
var ids = __webpack_require__(2298);
// EXTERNAL MODULE: ./src/io/jsonFile.ts
var jsonFile = __webpack_require__(6130);
// EXTERNAL MODULE: ./src/schemas/baseline.ts
var schemas_baseline = __webpack_require__(2897);
// EXTERNAL MODULE: ./src/schemas/gate.ts
var schemas_gate = __webpack_require__(1689);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 7 modules
var schemas = __webpack_require__(2311);
// EXTERNAL MODULE: ./src/schemas/results.ts + 2 modules
var results = __webpack_require__(6398);
;// CONCATENATED MODULE: ./src/schemas/resultsV1.ts


/**
 * A results.json as written by any version of evalgate: schema_version 1 files (failures
 * as sentences, the limit in `max_drop`) are upgraded first, so `baseline --results`,
 * `compare` and `merge` keep reading the files earlier runs left behind.
 */
const ResultsFileSchema = schemas/* preprocess */.vkY(upgradeResults, results/* ResultsSchema */.SX);
/**
 * schema_version 1 → 2. The sentences are not parsed back into data: they are kept as
 * notes (`messages`), and the structured `failures` of such a file stay empty. Running
 * `evalgate compare` again gives them as data.
 */
function upgradeResults(data) {
    if (!isRecord(data) || data.schema_version !== 1)
        return data;
    return { ...data, schema_version: results/* RESULTS_SCHEMA_VERSION */.q3, comparison: isRecord(data.comparison) ? upgradeComparison(data.comparison) : data.comparison };
}
function upgradeComparison(c) {
    const reasons = strings(c.reasons);
    const messages = strings(c.messages);
    if (c.verdict === 'fail')
        messages.push(...reasons.map((r) => `gate failure (results schema_version 1): ${r}`));
    return {
        ...c,
        metrics: Array.isArray(c.metrics) ? c.metrics.map(upgradeRow) : c.metrics,
        // version 1 never wrote an incomparable comparison; its reasons were the failures above
        reasons: c.verdict === 'incomparable' ? reasons : [],
        failures: [],
        messages,
    };
}
function upgradeRow(row) {
    if (!isRecord(row) || !('max_drop' in row))
        return row;
    const { max_drop, failures: _failures, ...rest } = row;
    // in version 1, latency_ms was the one metric in milliseconds, and its max_drop held latency_rise
    return { ...rest, limit: { kind: row.metric === 'latency_ms' ? 'latency_rise' : 'max_drop', value: max_drop } };
}
function strings(value) {
    return Array.isArray(value) ? value.filter((v) => typeof v === 'string') : [];
}
function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// EXTERNAL MODULE: ./src/metrics/judgeCalls.ts
var judgeCalls = __webpack_require__(3882);
// EXTERNAL MODULE: ./src/baseline/defaultPath.ts
var defaultPath = __webpack_require__(1501);
;// CONCATENATED MODULE: ./src/baseline/baseline.ts













/**
 * The command that writes a new baseline from a run's results: printed wherever a baseline must
 * be refreshed. With the run's version it keeps that label (else the new baseline's version
 * would be whatever the results say, which is the same; the flag makes it visible and editable).
 */
function updateBaselineCommand(resultsPath, baselinePath = defaultPath/* DEFAULT_BASELINE_PATH */.G, version = null) {
    return cliCommand(['baseline', '--results', resultsPath, '--out', baselinePath, ...(version === null ? [] : ['--version', version])]);
}
/**
 * A missing file is "no baseline" (null); an unreadable or invalid one is an error naming the
 * file. Only for a path nobody named (the default path: a first run has none yet) or the file
 * about to be written; a baseline the settings name goes through loadNamedBaseline.
 */
function loadBaseline(path) {
    if (!(0,external_node_fs_.existsSync)(path))
        return null;
    const data = readBaselineJson(path);
    if (isResultsFile(data))
        return viewOfResults(parseResults(data, path), path);
    return viewOfBaseline(parseBaseline(data, path), path);
}
/**
 * A baseline named by --baseline, the Action's baseline input or evalgate.yml: it must exist.
 * A typo must not turn every later run into a passing first run with "no baseline yet".
 */
function loadNamedBaseline(path, namedBy = '--baseline, the baseline input or evalgate.yml') {
    const baseline = loadBaseline(path);
    if (baseline)
        return baseline;
    throw new errors/* GateError */.ue('bad_input', `${path}: baseline not found (named by ${namedBy})`, `check the path (a missing baseline is never taken for a first run); for a first run, leave the baseline unset (evalgate run --no-baseline), then write one from its results: ${updateBaselineCommand('results.json', path)}`);
}
/**
 * A baseline.json to edit (calibrate-noise --write), read through its schema: unknown fields
 * are kept, and so is the file's key order (a committed baseline then changes only where its
 * content does); a results.json or an invalid file is refused naming the file. Null when absent.
 */
function readBaselineFile(path) {
    if (!(0,external_node_fs_.existsSync)(path))
        return null;
    const data = readBaselineJson(path);
    if (isResultsFile(data)) {
        throw new errors/* GateError */.ue('bad_input', `${path}: this is a results.json, not a baseline.json: it has no gate settings to edit`, `write a baseline from it first: ${updateBaselineCommand(path)}`);
    }
    const baseline = parseBaseline(data, path);
    // the file's key order, then any key the schema added
    const keys = [...new Set([...Object.keys(data), ...Object.keys(baseline)])].filter((k) => k in baseline);
    return Object.fromEntries(keys.map((k) => [k, baseline[k]]));
}
/**
 * Every baseline evalgate writes goes through its schema first, so it never writes a file it
 * would refuse to read. The per-question scores are left out of that check: they come from a
 * parsed results.json or baseline, and checking 100,000 of them again costs seconds.
 */
function writeBaselineFile(path, baseline) {
    schemas_baseline/* BaselineSchema */.$R.parse({ ...baseline, questions: undefined });
    (0,jsonFile/* writeJsonFile */.A)(path, baseline);
}
function readBaselineJson(path) {
    const text = readJsonText(path);
    try {
        return JSON.parse(text);
    }
    catch (error) {
        throw new errors/* GateError */.ue('bad_input', `${path}${(0,errors/* jsonErrorLocation */.sZ)(text, error)}: the baseline is not valid JSON: ${error.message}`, `restore it from git (git checkout -- <file>) or write a new one with: ${updateBaselineCommand('results.json', path)}`);
    }
}
/**
 * The file as text, invalid bytes as U+FFFD as readFileSync(path, 'utf8') gives them; decoding
 * the bytes read costs a third less on Node 20 (a 74 MB baseline: ~2.1 -> ~1.5 s CPU).
 */
function readJsonText(path) {
    return (0,external_node_fs_.readFileSync)(path).toString('utf8');
}
function parseBaseline(data, path) {
    // plain checks for a well-formed file; the schema for anything else, with its messages
    const plain = (0,schemas_baseline/* plainBaseline */.P7)(data);
    if (plain) {
        (0,gate/* checkGateMetricNames */.Wc)(plain, path);
        return plain;
    }
    const parsed = schemas_baseline/* BaselineSchema */.$R.safeParse(data);
    if (!parsed.success) {
        const problems = new errors/* Problems */.Zw();
        for (const issue of parsed.error.issues) {
            problems.add(`${path}: not a valid baseline: ${issue.path.length ? `field "${issue.path.join('.')}": ` : ''}${issue.message}`, `a baseline needs at least version, eval_set_version and metrics; write one with: ${updateBaselineCommand('results.json', path)}`);
        }
        problems.fail('bad_input');
    }
    (0,gate/* checkGateMetricNames */.Wc)(parsed.data, path);
    return parsed.data;
}
function viewOfBaseline(b, path) {
    return {
        path,
        kind: b.questions ? 'evalgate' : 'minimal',
        version: b.version,
        eval_set_version: b.eval_set_version,
        eval_set_fingerprint: b.eval_set_fingerprint ?? null,
        judge: b.judge ?? null,
        judge_reported_models: b.judge_reported_models ?? null,
        metrics: b.metrics,
        questions: b.questions ?? null,
        settings: gateSettingsOf(b),
    };
}
function viewOfResults(r, path) {
    return {
        path,
        kind: 'results',
        version: r.run.version,
        eval_set_version: r.run.eval_set_version,
        eval_set_fingerprint: r.run.eval_set_fingerprint,
        judge: r.run.judge,
        judge_reported_models: (0,judgeCalls/* reportedModels */.W)(r.questions),
        metrics: Object.fromEntries(Object.entries(r.metrics).map(([m, s]) => [m, s.mean])),
        questions: (0,ids/* idRecord */.P5)(Object.entries(r.questions).map(([id, q]) => [id, { category: q.category, question: q.question, scores: q.scores, ...(0,answer/* storedAnswer */.w7)(q.answer) }])),
        settings: r.comparison ? gatedWith(r.comparison) : {},
    };
}
function loadResults(path) {
    let data;
    try {
        data = JSON.parse(readJsonText(path));
    }
    catch (error) {
        const code = error.code;
        throw new errors/* GateError */.ue('bad_input', `${path}: cannot read results: ${code === 'ENOENT' ? 'file not found' : error.message}`, 'pass the results.json written by `evalgate run --out`');
    }
    return parseResults(data, path);
}
function parseResults(data, path) {
    const parsed = ResultsFileSchema.safeParse(data);
    if (parsed.success)
        return parsed.data;
    const problems = new errors/* Problems */.Zw();
    for (const issue of parsed.error.issues)
        problems.add(`${path}: not a valid evalgate results.json: field "${issue.path.join('.')}": ${issue.message}`, 'write it again with `evalgate run --out`');
    problems.fail('bad_input');
}
function isResultsFile(data) {
    return typeof data === 'object' && data !== null && 'run' in data && 'questions' in data && 'schema_version' in data;
}
/** The settings that gated a comparison and were set somewhere; all of them in a file that did not record their sources. */
function gatedWith(c) {
    const sources = c.gate_sources;
    const set = sources ? Object.entries(c.gate).filter(([key]) => sources[key] !== gate/* DEFAULT_SOURCE */.Qe) : Object.entries(c.gate);
    return gateSettingsOf(Object.fromEntries(set));
}
function gateSettingsOf(b) {
    const out = {};
    for (const k of schemas_gate/* GATE_KEYS */.L4)
        if (b[k] !== undefined)
            out[k] = b[k];
    return out;
}
/**
 * A new baseline from a run, with the gate settings that gated the run (the baseline it was
 * compared with < evalgate.yml < flags / inputs, as resolveGate found them), so the baseline
 * records what evalgate.yml says rather than what the file it replaces said. Every effective
 * setting is written, defaults included: the baseline states the whole gate it passed. A run
 * nobody gated (a merge without --baseline) has none: the settings of `previous`, the file
 * being replaced, are kept.
 */
function baselineFromResults(results, previous, version, now) {
    const settings = results.comparison ? gateSettingsOf(results.comparison.gate) : (previous?.settings ?? {});
    const reported = (0,judgeCalls/* reportedModels */.W)(results.questions);
    return {
        schema_version: schemas_baseline/* BASELINE_SCHEMA_VERSION */.hv,
        version: version ?? results.run.version ?? 'unversioned',
        eval_set_version: results.run.eval_set_version,
        eval_set_fingerprint: results.run.eval_set_fingerprint,
        judge: results.run.judge,
        ...(reported ? { judge_reported_models: reported } : {}),
        created_at: now.toISOString(),
        ...settings,
        metrics: Object.fromEntries(Object.entries(results.metrics).map(([m, s]) => [m, s.mean === null ? null : round(s.mean)])),
        questions: (0,ids/* idRecord */.P5)(Object.entries(results.questions).map(([id, q]) => [
            id,
            {
                category: q.category,
                question: q.question,
                scores: Object.fromEntries(Object.entries(q.scores).map(([m, v]) => [m, v === null ? null : round(v)])),
                ...(0,answer/* storedAnswer */.w7)(q.answer),
            },
        ])),
    };
}
/** 12 significant digits keep a committed baseline readable in a diff without moving any decision. */
function round(value) {
    return Number(value.toPrecision(12));
}


/***/ }),

/***/ 3696:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Qe: () => (/* binding */ DEFAULT_SOURCE),
/* harmony export */   Vv: () => (/* binding */ GATE_PRECEDENCE),
/* harmony export */   Wc: () => (/* binding */ checkGateMetricNames),
/* harmony export */   mW: () => (/* binding */ resolveGate)
/* harmony export */ });
/* harmony import */ var _io_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7333);
/* harmony import */ var _metrics_registry_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1118);
/* harmony import */ var _schemas_gate_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1689);



/** The order in which gate settings override each other, as every place that states it says it. */
const GATE_PRECEDENCE = 'defaults < baseline < evalgate.yml < flags / Action inputs';
/** Where a setting's value was found when nothing set it. */
const DEFAULT_SOURCE = 'default';
/**
 * The one place gate settings are resolved: defaults < the baseline's committed settings <
 * evalgate.yml < flags / Action inputs, lowest layer first. A layer replaces a setting as a
 * whole (thresholds of the baseline and of evalgate.yml are not merged); an absent key leaves
 * the layer below in force. A latency gate (latency_rise set) gets its floor,
 * DEFAULT_LATENCY_MIN_MS, unless one is set.
 */
function resolveGate(layers) {
    const settings = (0,_schemas_gate_js__WEBPACK_IMPORTED_MODULE_2__/* .defaultGate */ .zh)();
    const sources = Object.fromEntries(_schemas_gate_js__WEBPACK_IMPORTED_MODULE_2__/* .GATE_KEYS */ .L4.map((key) => [key, DEFAULT_SOURCE]));
    for (const { settings: layer, source } of layers) {
        for (const key of _schemas_gate_js__WEBPACK_IMPORTED_MODULE_2__/* .GATE_KEYS */ .L4) {
            const value = layer?.[key];
            if (value === undefined)
                continue;
            settings[key] = value;
            sources[key] = source;
        }
    }
    if (settings.latency_rise !== null)
        settings.latency_min_ms ??= _schemas_gate_js__WEBPACK_IMPORTED_MODULE_2__/* .DEFAULT_LATENCY_MIN_MS */ .Xx;
    return { settings, sources };
}
/**
 * Metric names in gate settings must exist: a typo in a threshold would otherwise never be
 * checked, and a gate that silently checks nothing is worse than no gate.
 */
function checkGateMetricNames(settings, source) {
    const named = [
        ...Object.keys(settings.thresholds ?? {}).map((m) => [m, 'thresholds']),
        ...Object.keys(settings.max_drop_overrides ?? {}).map((m) => [m, 'max_drop_overrides']),
        ...Object.entries(settings.by_category ?? {}).flatMap(([c, floors]) => Object.keys(floors).map((m) => [m, `by_category.${c}`])),
    ];
    for (const [metric, where] of named) {
        if (!(0,_metrics_registry_js__WEBPACK_IMPORTED_MODULE_1__/* .isKnownMetric */ .Oi)(metric)) {
            throw new _io_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .GateError */ .ue('bad_config', `${source}: ${where} names an unknown metric "${metric}"`, `use one of: ${(0,_metrics_registry_js__WEBPACK_IMPORTED_MODULE_1__/* .knownMetricNames */ .q0)().join(', ')} (K is a number, e.g. recall@5)`);
        }
    }
    checkOverrideRanges(settings, source);
}
/**
 * A max_drop override is a drop on the 0-1 score scale like max_drop, except for latency_ms,
 * whose override is a relative rise in place of latency_rise (0.5 = 50% slower) and may exceed 1.
 */
function checkOverrideRanges(settings, source) {
    for (const [metric, value] of Object.entries(settings.max_drop_overrides ?? {})) {
        if ((0,_metrics_registry_js__WEBPACK_IMPORTED_MODULE_1__/* .metricInfo */ .R)(metric)?.unit === 'ms' || value <= 1)
            continue;
        throw new _io_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .GateError */ .ue('bad_config', `${source}: max_drop_overrides.${metric} is ${value}: a max_drop override must be between 0 and 1, a drop on the 0-1 score scale, so ${value} lets every drop pass`, `write the drop as a fraction of the scale, e.g. ${metric}: 0.05 for five points`);
    }
}


/***/ }),

/***/ 2298:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   GU: () => (/* binding */ normaliseId),
/* harmony export */   P5: () => (/* binding */ idRecord),
/* harmony export */   Pe: () => (/* binding */ previewIds),
/* harmony export */   eC: () => (/* binding */ ownValue)
/* harmony export */ });
/* unused harmony export quoteId */
/**
 * Ids (question ids, doc ids, category labels) come from users' files, so `__proto__`,
 * `constructor`, `toString` and `hasOwnProperty` are ordinary ids. Anything keyed by them is a
 * Map or a record without a prototype: no id then collides with Object.prototype, and
 * assigning `record['__proto__']` stores a value instead of replacing the prototype.
 */
/** A record keyed by ids, with no prototype; filled from `entries` when given. */
function idRecord(entries) {
    const record = Object.create(null);
    if (entries)
        for (const [id, value] of entries)
            record[id] = value;
    return record;
}
/** The value stored under `id`, never one inherited from a prototype (`constructor`, `toString`). */
function ownValue(record, id) {
    return record && Object.hasOwn(record, id) ? record[id] : undefined;
}
/** How every id is compared: NFC (the same text typed on macOS and on Linux is one id), line breaks as \n, no surrounding blanks. */
function normaliseId(id) {
    return id.normalize('NFC').replace(/\r\n?/g, '\n').trim();
}
// C0/C1 controls, bidi overrides and isolates, zero-width and other invisible characters: matching them is the point
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;
/** An id as the terminal shows it: quoted, with control, bidi and invisible characters written as \uXXXX. */
function quoteId(id) {
    return `"${id.replace(/["\\]/g, (c) => `\\${c}`).replace(INVISIBLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`;
}
/** Up to `max` ids, quoted, and how many more there are. */
function previewIds(ids, max = 10) {
    const shown = ids.slice(0, max).map(quoteId).join(', ');
    return ids.length > max ? `${shown} … (+${ids.length - max} more)` : shown;
}


/***/ }),

/***/ 6130:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   A: () => (/* binding */ writeJsonFile)
/* harmony export */ });
/* harmony import */ var _safeWrite_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5804);

/** Up to this many questions a results or baseline file is indented for people to read. */
const READABLE_UP_TO = 2_000;
/**
 * Writes results.json / baseline.json with its `questions` streamed entry by entry, so a
 * 100,000-question run never builds one giant string. Small files are indented for reading
 * and diffs; large ones are written one question per line. Through the safe writer, so the
 * target is always either the old file or the new one.
 */
function writeJsonFile(path, data, fs) {
    (0,_safeWrite_js__WEBPACK_IMPORTED_MODULE_0__/* .writeFileStreamed */ .Z)(path, (write) => streamJson(write, data), fs);
}
function streamJson(write, data) {
    const questions = data.questions;
    const count = questions ? Object.keys(questions).length : 0;
    if (count <= READABLE_UP_TO) {
        write(JSON.stringify(data, null, 2) + '\n');
        return;
    }
    const keys = Object.keys(data);
    write('{\n');
    keys.forEach((key, k) => {
        const last = k === keys.length - 1;
        if (key !== 'questions') {
            write(`${JSON.stringify(key)}: ${JSON.stringify(data[key])}${last ? '' : ','}\n`);
            return;
        }
        write('"questions": {\n');
        const ids = Object.keys(questions);
        // one string per question: the writer encodes each into its buffer (a string joined from
        // 100,000 pieces would cost more to encode than to build)
        ids.forEach((id, i) => write(`${JSON.stringify(id)}: ${JSON.stringify(questions[id])}${i === ids.length - 1 ? '' : ','}\n`));
        write(`}${last ? '' : ','}\n`);
    });
    write('}\n');
}


/***/ }),

/***/ 5804:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z: () => (/* binding */ writeFileStreamed),
/* harmony export */   k: () => (/* binding */ writeFileSafely)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7333);
/* harmony import */ var _redact_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8075);





/** Writes `content` to `path` so that `path` is, at every moment, the old file or the new one: see writeFileStreamed. */
function writeFileSafely(path, content, fs = node_fs__WEBPACK_IMPORTED_MODULE_0__) {
    writeFileStreamed(path, (write) => write(content), fs);
}
/**
 * The one way evalgate writes a file. `produce` writes the content chunk by chunk into a
 * temporary file beside the target (so a large file is never one string); every byte is
 * written, the file is flushed to the disk and then renamed over the target, which is
 * atomic on one file system. A `kill -9`, a full disk or a read-only folder therefore leaves
 * the old file as it was (and at most a `.name.PID.RANDOM.tmp` after a kill). Disk errors
 * become a GateError that names the file and the fix.
 */
function writeFileStreamed(path, produce, fs = node_fs__WEBPACK_IMPORTED_MODULE_0__) {
    makeFolder(path, fs);
    const target = existingTarget(path, fs);
    // write beside the real file (a symlink stays a symlink), so the rename stays on one file system
    const into = target?.real ?? path;
    const temp = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)((0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)(into), tempName((0,node_path__WEBPACK_IMPORTED_MODULE_2__.basename)(into)));
    let fd;
    let created = false;
    try {
        // a file made read-only stays refused, as when it was opened for writing, not replaced
        if (target)
            fs.accessSync(target.real, node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.W_OK);
        fd = fs.openSync(temp, 'wx', 0o666);
        created = true;
        // keep the old file's mode; best effort, as some file systems (FAT) have none to set
        if (target)
            ignoreErrors(() => fs.fchmodSync(fd, target.mode & 0o7777));
        const file = new BufferedFile((bytes) => writeAll(fs, fd, bytes));
        const redactor = new RedactingSink((chunk) => file.write(chunk));
        produce((chunk) => redactor.write(chunk));
        redactor.end();
        file.flush();
        fs.fsyncSync(fd);
        const open = fd;
        fd = undefined;
        fs.closeSync(open);
        fs.renameSync(temp, into);
    }
    catch (error) {
        if (fd !== undefined)
            ignoreErrors(() => fs.closeSync(fd));
        if (created)
            ignoreErrors(() => fs.unlinkSync(temp));
        throw writeFailure(path, error, target !== undefined && (target.mode & 0o170000) === 0o100000, 'file');
    }
    syncFolder((0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)(into), fs);
}
function makeFolder(path, fs) {
    const folder = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)(path);
    try {
        fs.mkdirSync(folder, { recursive: true });
    }
    catch (error) {
        // Node's recursive mkdir reports ENOENT for whatever stopped it (a read-only disk, too):
        // creating the first missing folder alone gives the real reason
        if (error.code === 'ENOENT') {
            let missing = folder;
            while ((0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)(missing) !== missing && !exists((0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)(missing), fs))
                missing = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)(missing);
            try {
                fs.mkdirSync(missing);
                fs.mkdirSync(folder, { recursive: true });
                return;
            }
            catch (cause) {
                throw writeFailure(path, cause, false, 'folder');
            }
        }
        throw writeFailure(path, error, false, 'folder');
    }
}
function exists(path, fs) {
    try {
        fs.statSync(path);
        return true;
    }
    catch {
        return false;
    }
}
/** Text chunks pass through the redactor; bytes that are not UTF-8 text are written as they are. */
class RedactingSink {
    redactor = new _redact_js__WEBPACK_IMPORTED_MODULE_4__/* .StreamRedactor */ .d6();
    out;
    decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    constructor(out) {
        this.out = out;
    }
    write(chunk) {
        if (typeof chunk === 'string')
            return this.out(this.redactor.push(chunk));
        let text;
        try {
            text = this.decoder.decode(chunk);
        }
        catch {
            this.out(this.redactor.end());
            return this.out(chunk);
        }
        this.out(this.redactor.push(text));
    }
    end() {
        this.out(this.redactor.end());
    }
}
/** Bytes gathered before each write: few system calls, and never the whole file in memory. */
const CHUNK_BYTES = 1 << 20;
/**
 * Text is encoded piece by piece into one reused buffer, written out when it fills. Encoding
 * many short strings this way costs a fraction of encoding one long concatenated string,
 * which V8 must first flatten (issue 13: 2 s of a 176 MB results.json).
 */
class BufferedFile {
    buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    used = 0;
    out;
    constructor(out) {
        this.out = out;
    }
    write(chunk) {
        // UTF-8 takes at most 3 bytes per UTF-16 code unit
        const most = typeof chunk === 'string' ? chunk.length * 3 : chunk.length;
        if (this.used + most > this.buffer.length)
            this.flush();
        if (most > this.buffer.length)
            return this.out(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
        if (typeof chunk === 'string')
            this.used += this.buffer.write(chunk, this.used, 'utf8');
        else {
            this.buffer.set(chunk, this.used);
            this.used += chunk.length;
        }
    }
    flush() {
        if (this.used === 0)
            return;
        this.out(this.buffer.subarray(0, this.used));
        this.used = 0;
    }
}
/** writeSync may write fewer bytes than asked (a signal, a nearly full disk): write the rest. */
function writeAll(fs, fd, chunk) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    let offset = 0;
    while (offset < bytes.length) {
        const written = fs.writeSync(fd, bytes, offset, bytes.length - offset);
        if (!(written > 0))
            throw Object.assign(new Error(`write accepted no bytes (${bytes.length - offset} left)`), { code: 'EIO', syscall: 'write' });
        offset += written;
    }
}
function existingTarget(path, fs) {
    try {
        const real = fs.realpathSync(path);
        return { real, mode: fs.statSync(real).mode };
    }
    catch {
        // no file yet (or a dangling link): the new file is created at `path`; real errors surface on open
        return undefined;
    }
}
/** `.baseline.json.4242.9f3a1c2b.tmp`: hidden, unique per process and call, and within NAME_MAX. */
function tempName(name) {
    return `.${name.slice(0, 200)}.${process.pid}.${(0,node_crypto__WEBPACK_IMPORTED_MODULE_1__.randomBytes)(4).toString('hex')}.tmp`;
}
/** So the rename itself survives a power cut. Best effort: Windows cannot open a folder, some file systems refuse. */
function syncFolder(folder, fs) {
    let fd;
    try {
        fd = fs.openSync(folder, 'r');
        fs.fsyncSync(fd);
    }
    catch {
        // the file itself is complete and in place; only its durability across a crash is weaker
    }
    finally {
        if (fd !== undefined)
            ignoreErrors(() => fs.closeSync(fd));
    }
}
function ignoreErrors(action) {
    try {
        action();
    }
    catch {
        // cleanup after a failure (the first error is the one to report), or an optional step
    }
}
/** The disk errors a user can do something about, in plain words, with the fix. */
function problemFor(code, path, stage) {
    const folder = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)(path);
    switch (code) {
        case 'ENOSPC':
            return { what: 'no space left on the device', fix: `free some space on the disk that holds ${folder}, then run again` };
        case 'EDQUOT':
            return { what: 'the disk quota is used up', fix: `free some space within your quota on ${folder} (or ask for a larger quota), then run again` };
        case 'EROFS':
            return { what: 'the folder is read-only (read-only file system)', fix: `write to a folder on a writable disk, or remount ${folder} read-write` };
        case 'EACCES':
        case 'EPERM':
            return { what: 'permission denied', fix: `give this user write permission on ${folder}${stage === 'file' ? ' (and on the file, if it exists)' : ''}, or write somewhere else` };
        case 'ENOENT':
            return { what: `the folder ${folder} does not exist`, fix: 'create the folder, or fix the path' };
        case 'EEXIST':
            // only from mkdir does it mean "a file is in the way"; a clash of temp names is not the user's to fix
            return stage === 'folder' ? problemFor('ENOTDIR', path, stage) : undefined;
        case 'ENOTDIR':
            return { what: `a part of the folder path ${folder} is a file, not a folder`, fix: 'fix the path, or move that file out of the way' };
        case 'EISDIR':
            return { what: 'that path is a folder, not a file', fix: 'give the path of a file, not of a folder' };
        case 'EIO':
            return { what: 'the device reported an input/output error', fix: `check the disk that holds ${folder}, then run again` };
        default:
            return undefined;
    }
}
/** A disk error becomes a GateError naming the file; anything else (a bug, a GateError) passes through unchanged. */
function writeFailure(path, error, existed, stage) {
    const code = error?.code;
    if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .GateError */ .ue || typeof code !== 'string')
        return error;
    const problem = problemFor(code, path, stage);
    if (!problem)
        return error;
    const kept = existed ? '; the previous file is left unchanged' : '';
    return new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .GateError */ .ue('write_failed', `${path}: could not write the file: ${problem.what}${kept}`, problem.fix);
}


/***/ }),

/***/ 6511:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Nc: () => (/* binding */ LLM_SOURCES),
/* harmony export */   W0: () => (/* binding */ METRIC_DEFINITIONS),
/* harmony export */   p$: () => (/* binding */ hasEarlierTurns)
/* harmony export */ });
/** The LLM tier's judge calls, in the order a question's scores are written (llm.ts). */
const LLM_SOURCES = ['rubric', 'claims', 'usefulness', 'recall', 'questions'];
const answerable = (run) => run.rows.some((r) => !r.should_refuse);
const withRelevantDocs = (run) => run.rows.some((r) => r.relevant_docs.length > 0);
const always = () => true;
const notRefusal = (row) => !row.should_refuse;
/** a question asked after earlier turns: a conversation's turn 2, 3, …, or a row with a history cell */
const hasEarlierTurns = (row) => (row.conversation?.turn ?? 1) > 1 || (row.history?.length ?? 0) > 0;
/** Rules: pass/fail, from the answer alone; a should-refuse question is checked by refuse_ok only. */
function rule(name, displayName, description, more) {
    return { name, displayName, description, family: 'rules', tiers: ['rules'], higherIsBetter: true, binary: true, unit: 'score', gate: 'max_drop', nullWhen: 'never: 0 or 1', ...more };
}
/** Retrieval: from retrieved_ids against relevant_doc_ids, planned when some question lists relevant docs. */
function retrieval(name, displayName, description, nullWhen, more = {}) {
    return {
        name,
        displayName,
        description,
        family: 'retrieval',
        tiers: ['retrieval'],
        higherIsBetter: true,
        binary: false,
        unit: 'score',
        gate: 'max_drop',
        planned: withRelevantDocs,
        testFamily: 'retrieval',
        nullWhen,
        ...more,
    };
}
/** A score in [0, 1], higher is better, computed by the scoring providers named. */
function judged(name, family, tiers, llmSource, text, more = {}) {
    const [displayName, description, nullWhen] = text;
    return { name, displayName, description, family, tiers, higherIsBetter: true, binary: false, unit: 'score', gate: 'max_drop', llmSource, nullWhen, ...more };
}
const SKIPPED = 'a should-refuse question (judged by refuse_ok)';
const RUBRIC_NULL = 'never: the rubric judges every question, a should-refuse one too (a failed judge call is an error)';
const CLAIMS_NULL = `${SKIPPED}, a refusal (lexical), or an answer that makes no factual claim`;
/** In report order: the SPEC's family table, and within a family the order here. */
const METRIC_DEFINITIONS = [
    rule('length_ok', 'Length within bounds', 'answer length within [min_length, max_length]: characters for CJK text, words for other text', { planned: answerable, askedOf: notRefusal }),
    rule('citation_ok', 'Cites a source', 'answer carries a [文档N] / [docN] / [N] citation', { planned: (run) => answerable(run) && run.config.rules.require_citation, askedOf: notRefusal }),
    rule('no_forbidden', 'No forbidden words', 'answer contains none of the forbidden words', { planned: answerable, askedOf: notRefusal }),
    rule('json_ok', 'Valid JSON', 'answer is a JSON object with the required keys (expect_json rows)', {
        planned: (run) => run.rows.some((r) => r.expect_json && !r.should_refuse),
        askedOf: (row) => row.expect_json,
    }),
    rule('refuse_ok', 'Refuses when it should', 'should-refuse question answered with a refusal phrase', {
        planned: (run) => run.rows.some((r) => r.should_refuse),
        askedOf: (row) => row.should_refuse,
        categoryRank: 2,
    }),
    rule('no_over_refusal', 'Answers when it can', 'answerable question not refused (0 = over-refusal: a refusal phrase where an answer was due)', { planned: answerable, askedOf: notRefusal }),
    rule('rules_pass', 'All rules pass', 'every applicable rule passed', { planned: always, headline: true, trendRank: 2, categoryRank: 1 }),
    retrieval('precision@K', 'Precision@{k}', 'precision over the top {k} retrieved ids', 'never: 0 when nothing relevant is in the top {k}'),
    retrieval('recall@K', 'Recall@{k}', 'recall over the top {k} retrieved ids', 'the question lists no relevant_doc_ids', { trendRank: 6, categoryRank: 3 }),
    retrieval('hit@K', 'Hit@{k}', 'hit over the top {k} retrieved ids', 'never: 0 or 1', { binary: true }),
    retrieval('ndcg@K', 'NDCG@{k}', 'ndcg over the top {k} retrieved ids', 'the question lists no relevant_doc_ids'),
    retrieval('mrr', 'MRR', '1 / rank of the first relevant id, 0 if none', 'never: 0 when no relevant id was retrieved (the note says why)', { trendRank: 5, categoryRank: 4 }),
    {
        name: 'citation_valid',
        displayName: 'Valid citations',
        description: 'share of [N] / [docN] / [文档N] citations whose N (1-based) points to an existing context',
        family: 'citations',
        tiers: ['citations'],
        higherIsBetter: true,
        binary: false,
        unit: 'score',
        gate: 'max_drop',
        planned: always,
        nullWhen: 'the answer cites nothing',
    },
    judged('accuracy_norm', 'judge', ['llm'], 'rubric', ['Accuracy', 'rubric accuracy, 0-4 scaled to 0-1', RUBRIC_NULL], { headline: true, trendRank: 1, categoryRank: 5 }),
    judged('relevance_norm', 'judge', ['llm'], 'rubric', ['Relevance', 'rubric relevance, 0-4 scaled to 0-1', RUBRIC_NULL]),
    judged('completeness_norm', 'judge', ['lexical', 'llm'], 'rubric', ['Completeness', 'rubric completeness (lexical: reference points covered), 0-1', `lexical: ${SKIPPED} or no reference_points; llm: ${RUBRIC_NULL}`], { headline: true, trendRank: 4, categoryRank: 6 }),
    judged('citation_norm', 'judge', ['llm'], 'rubric', ['Citation correctness', 'rubric citation correctness, 0-4 scaled to 0-1', RUBRIC_NULL]),
    judged('context_retention_norm', 'judge', ['lexical', 'llm'], 'rubric', [
        'Context retention',
        'rubric context retention: a turn after the first keeps what was said earlier (0 = forgot it), 0-4 scaled to 0-1',
        'a first turn or a single question (nothing earlier to retain); lexical: always (it cannot judge context retention)',
    ], 
    // only a set with a turn after the first has the column: a single-turn run's results are unchanged
    { planned: (run) => run.rows.some(hasEarlierTurns) }),
    judged('faithfulness', 'rag', ['lexical', 'llm'], 'claims', ['Faithfulness', 'supported claims / all claims', CLAIMS_NULL], {
        headline: true,
        trendRank: 3,
        categoryRank: 7,
        testFamily: 'claims',
    }),
    judged('answer_relevancy', 'rag', ['llm'], 'questions', ['Answer relevancy', 'cosine similarity of questions generated from the answer', `${SKIPPED}, or an empty answer`]),
    judged('context_precision', 'rag', ['lexical', 'llm'], 'usefulness', [
        'Context precision',
        'average precision of useful chunks in rank order',
        `${SKIPPED}, or no ground truth and no answer to judge the chunks against`,
    ]),
    judged('context_recall', 'rag', ['lexical', 'llm'], 'recall', ['Context recall', 'reference points attributable to the contexts', `${SKIPPED}, or no reference points and no ground truth`], {
        categoryRank: 8,
    }),
    judged('hallucination_rate', 'hallucination', ['lexical', 'llm'], 'claims', ['Hallucination rate', '1 - faithfulness on the same claims', CLAIMS_NULL], {
        higherIsBetter: false,
        testFamily: 'claims',
    }),
    judged('contradicted', 'hallucination', ['llm'], 'claims', ['Contradicted', '1 when any claim is contradicted by the contexts', CLAIMS_NULL], { higherIsBetter: false, binary: true }),
    {
        name: 'latency_ms',
        displayName: 'Latency',
        description: 'candidate latency in milliseconds',
        family: 'operations',
        tiers: ['operations'],
        higherIsBetter: false,
        binary: false,
        unit: 'ms',
        gate: 'latency_rise',
        planned: (run) => run.outputs?.some((o) => o.latency_ms !== null) ?? false,
        missingNote: 'the candidate gave no latency_ms for this question',
        nullWhen: 'the candidate gave no latency_ms for the question',
    },
];


/***/ }),

/***/ 3882:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   W: () => (/* binding */ reportedModels)
/* harmony export */ });
/**
 * The distinct model strings the judge's API reported in a run's calls (every question's
 * `judge_calls`), chat and embeddings apart, in first-seen order; null when no call carried one.
 * A baseline keeps them, and the comparison holds this run's against them (judge/trace.ts).
 */
function reportedModels(questions) {
    const chat = new Set();
    const embeddings = new Set();
    for (const q of Object.values(questions)) {
        for (const call of q.judge_calls ?? []) {
            if (call.model !== null)
                (call.family === 'embeddings' ? embeddings : chat).add(call.model);
        }
    }
    return chat.size + embeddings.size === 0 ? null : { chat: [...chat], embeddings: [...embeddings] };
}


/***/ }),

/***/ 1118:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $x: () => (/* binding */ directedChange),
/* harmony export */   EC: () => (/* binding */ isJudgedByModel),
/* harmony export */   Oi: () => (/* binding */ isKnownMetric),
/* harmony export */   R: () => (/* binding */ metricInfo),
/* harmony export */   g4: () => (/* binding */ sortMetrics),
/* harmony export */   q0: () => (/* binding */ knownMetricNames),
/* harmony export */   u5: () => (/* binding */ registry),
/* harmony export */   ui: () => (/* binding */ testFamilyOf)
/* harmony export */ });
/* unused harmony exports MetricRegistry, LATENCY_FLOOR_MS */
/* harmony import */ var _definitions_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6511);

const FAMILY_ORDER = ['rules', 'retrieval', 'citations', 'judge', 'rag', 'hallucination', 'operations'];
/**
 * The lookup over a list of definitions, and every list of metric names derived from it.
 * `registry` below holds evalgate's own; a test can build one with a definition added.
 */
class MetricRegistry {
    definitions;
    /** concrete names already looked up: the comparison asks once per question and metric */
    byName = new Map();
    patterns = [];
    position = new Map();
    constructor(definitions) {
        this.definitions = definitions;
        definitions.forEach((d, i) => {
            this.position.set(d.name, i);
            if (isPattern(d.name))
                this.patterns.push({ definition: d, match: new RegExp(`^${escapeRegExp(d.name.slice(0, -1))}([1-9]\\d*)$`) });
            else
                this.byName.set(d.name, { ...d, pattern: d.name, k: null });
        });
    }
    /** Looks a metric up by name; `@K` metrics exist for every k (`recall@5`, `ndcg@10`). */
    info(name) {
        const known = this.byName.get(name);
        if (known)
            return known;
        for (const { definition, match } of this.patterns) {
            const m = match.exec(name);
            if (!m)
                continue;
            const info = instantiate(definition, Number(m[1]));
            this.byName.set(name, info);
            return info;
        }
        return undefined;
    }
    /** Every name a setting may use: fixed names, then the `@K` patterns. */
    knownNames() {
        const names = this.definitions.map((d) => d.name);
        return [...names.filter((n) => !isPattern(n)), ...names.filter(isPattern)];
    }
    /** Metrics in report order: family (the SPEC's table), then definition order, then k; unknown names last, by name. */
    sort(names) {
        const key = (n) => {
            const info = this.info(n);
            if (!info)
                return [FAMILY_ORDER.length, 0, 0];
            return [FAMILY_ORDER.indexOf(info.family), this.position.get(info.pattern), info.k ?? 0];
        };
        return [...names]
            .map((name) => ({ name, key: key(name) }))
            .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2] || a.name.localeCompare(b.name, 'en', { numeric: true }))
            .map((e) => e.name);
    }
    /** The metrics a tier computes, in definition order (`@K` ones as patterns). */
    computedBy(tier) {
        return this.definitions.filter((d) => d.tiers.includes(tier)).map((d) => d.name);
    }
    /** The LLM tier's metrics in the order its judge calls write them: rubric, claims, usefulness, recall, questions. */
    llmMetrics() {
        return _definitions_js__WEBPACK_IMPORTED_MODULE_0__/* .LLM_SOURCES */ .Nc.flatMap((source) => this.definitions.filter((d) => d.tiers.includes('llm') && d.llmSource === source).map((d) => d.name));
    }
    /** The deterministic tier's metrics a run computes (`@K` ones for every k of the run), before a provider adds its own. */
    plannedDeterministic(run) {
        return this.definitions.filter((d) => d.tiers.some(isDeterministic) && d.planned?.(run)).flatMap((d) => (isPattern(d.name) ? run.config.k.map((k) => kName(d.name, k)) : [d.name]));
    }
    /** Of a provider's metrics, those this run computes: a definition's `planned` decides (context_retention_norm: a set with a turn after the first), else all. */
    plannedByProvider(metrics, run) {
        return metrics.filter((m) => this.info(m)?.planned?.(run) ?? true);
    }
    /** Headline metrics: a category too small to judge on one of them is marked too few. */
    headline() {
        return new Set(this.definitions.filter((d) => d.headline).map((d) => d.name));
    }
    /** The report's trend-chart candidates, in rank order; `@K` ones at the run's first k. */
    trend(k) {
        return this.ranked((d) => d.trendRank, k);
    }
    /** The report's by-category columns, in rank order; `@K` ones at the run's first k. */
    categoryColumns(k) {
        return this.ranked((d) => d.categoryRank, k);
    }
    ranked(rank, k) {
        return this.definitions
            .filter((d) => rank(d) !== undefined)
            .sort((a, b) => rank(a) - rank(b))
            .flatMap((d) => (isPattern(d.name) ? k.slice(0, 1).map((first) => kName(d.name, first)) : [d.name]));
    }
}
function isDeterministic(tier) {
    return tier !== 'lexical' && tier !== 'llm';
}
function isPattern(name) {
    return name.endsWith('@K');
}
function kName(pattern, k) {
    return `${pattern.slice(0, -1)}${k}`;
}
function escapeRegExp(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
function instantiate(definition, k) {
    const fill = (text) => text.replaceAll('{k}', String(k));
    return {
        ...definition,
        name: kName(definition.name, k),
        displayName: fill(definition.displayName),
        description: fill(definition.description),
        nullWhen: fill(definition.nullWhen),
        pattern: definition.name,
        k,
    };
}
/** evalgate's metrics. */
const registry = new MetricRegistry(_definitions_js__WEBPACK_IMPORTED_MODULE_0__/* .METRIC_DEFINITIONS */ .W0);
function metricInfo(name) {
    return registry.info(name);
}
/** The family a metric is tested in (see MetricDefinition.testFamily): its declared one, else its pattern; an unknown metric is its own. */
function testFamilyOf(name) {
    const info = registry.info(name);
    return info?.testFamily ?? info?.pattern ?? name;
}
function isKnownMetric(name) {
    return registry.info(name) !== undefined;
}
function knownMetricNames() {
    return registry.knownNames();
}
function sortMetrics(names) {
    return registry.sort(names);
}
/** Scores from a model: their spread between two passes over the same answers is judge noise (calibrate-noise). */
function isJudgedByModel(name) {
    return registry.info(name)?.tiers.includes('llm') ?? false;
}
/**
 * The smallest latency a relative change is taken against: a baseline under 1 ms counts as 1 ms,
 * so a change from 0 ms is defined and finite (0 → 0.09 ms is a rise of 9%, not +Infinity).
 */
const LATENCY_FLOOR_MS = 1;
/** Positive is better: higher-is-better metrics as they are, the others negated; latency relative (see LATENCY_FLOOR_MS). Always finite. */
function directedChange(info, baseline, candidate) {
    const higherIsBetter = info?.higherIsBetter ?? true;
    if (info?.unit === 'ms')
        return (baseline - candidate) / Math.max(baseline, LATENCY_FLOOR_MS);
    return higherIsBetter ? candidate - baseline : baseline - candidate;
}


/***/ }),

/***/ 2897:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $R: () => (/* binding */ BaselineSchema),
/* harmony export */   P7: () => (/* binding */ plainBaseline),
/* harmony export */   Yz: () => (/* binding */ ANSWER_CUT_MARK),
/* harmony export */   gt: () => (/* binding */ ANSWER_CAP),
/* harmony export */   hv: () => (/* binding */ BASELINE_SCHEMA_VERSION)
/* harmony export */ });
/* unused harmony exports BaselineQuestionSchema, ReportedModelsSchema */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2311);
/* harmony import */ var _gate_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1689);
/* harmony import */ var _io_ids_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2298);
/* harmony import */ var _ids_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9338);
/* harmony import */ var _results_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6398);





/** 2: each question keeps its answer (capped) and the answer's SHA-256. 1 (or none): scores only; still read. */
const BASELINE_SCHEMA_VERSION = 2;
/** How many code points of each answer a baseline keeps, and the mark that ends a cut one (baseline/answer.ts). */
const ANSWER_CAP = 500;
const ANSWER_CUT_MARK = '…';
const BaselineQuestionSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    category: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().nullable(),
    question: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().optional(),
    scores: zod__WEBPACK_IMPORTED_MODULE_3__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .aig().nullable()),
    notes: zod__WEBPACK_IMPORTED_MODULE_3__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP()).optional(),
    /** schema 2: the answer, at most ANSWER_CAP code points, ending with … when cut */
    answer: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP()
        .refine((a) => [...a].length <= ANSWER_CAP, `at most ${ANSWER_CAP} characters (code points): evalgate baseline keeps the first ${ANSWER_CAP - 1} and ${ANSWER_CUT_MARK}`)
        .optional(),
    answer_truncated: zod__WEBPACK_IMPORTED_MODULE_3__/* .boolean */ .zMY().optional(),
    /** schema 2: hex SHA-256 of the whole answer */
    answer_sha256: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP()
        .regex(/^[0-9a-f]{64}$/, 'the hex SHA-256 of the whole answer (64 characters 0-9a-f)')
        .optional(),
    /** the whole answer's length in code points; optional: baselines written before evalgate kept it still load */
    answer_chars: zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .aig().int().min(0).optional(),
});
/** The distinct model strings the judge's API reported, chat and embeddings apart (judge/trace.ts). */
const ReportedModelsSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({ chat: zod__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP()), embeddings: zod__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP()) });
/** required in schema 2 */
const ANSWER_FIELDS = ['answer', 'answer_truncated', 'answer_sha256'];
/** not read from a schema-1 baseline */
const OLD_IGNORED_FIELDS = [...ANSWER_FIELDS, 'answer_chars'];
/**
 * A baseline of schema 1 (or none: the seed's form) keeps no answers: answer fields in one
 * (copied from a results.json by hand) are not read, as before schema 2.
 */
function withoutOldAnswers(data) {
    if (typeof data !== 'object' || data === null || data.schema_version === BASELINE_SCHEMA_VERSION)
        return data;
    const questions = data.questions;
    if (typeof questions !== 'object' || questions === null || Array.isArray(questions))
        return data;
    const kept = (0,_io_ids_js__WEBPACK_IMPORTED_MODULE_4__/* .idRecord */ .P5)();
    for (const id of Object.keys(questions)) {
        const q = questions[id];
        if (typeof q !== 'object' || q === null)
            kept[id] = q;
        else
            kept[id] = Object.fromEntries(Object.entries(q).filter(([field]) => !OLD_IGNORED_FIELDS.includes(field)));
    }
    return { ...data, questions: kept };
}
const BaselineSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .preprocess */ .vkY(withoutOldAnswers, _gate_js__WEBPACK_IMPORTED_MODULE_0__/* .GateSettingsInputSchema */ .gQ.extend({
    schema_version: zod__WEBPACK_IMPORTED_MODULE_3__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_3__/* .literal */ .euz(1), zod__WEBPACK_IMPORTED_MODULE_3__/* .literal */ .euz(BASELINE_SCHEMA_VERSION)]).optional(),
    version: zod__WEBPACK_IMPORTED_MODULE_3__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .aig()]).transform(String),
    eval_set_version: zod__WEBPACK_IMPORTED_MODULE_3__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .aig()]).transform(String),
    eval_set_fingerprint: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().optional(),
    judge: _results_js__WEBPACK_IMPORTED_MODULE_2__/* .JudgeIdentitySchema */ .bF.optional(),
    /** what the judge's API reported answering with (a requested `gpt-4o` is `gpt-4o-2024-08-06`); absent when it reported nothing, or in files written before evalgate kept it */
    judge_reported_models: ReportedModelsSchema.optional(),
    created_at: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().optional(),
    /** aggregate means; the seed's form has only these */
    metrics: zod__WEBPACK_IMPORTED_MODULE_3__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .aig().nullable()),
    /** per-question scores (and, from schema 2, answers), written by `evalgate baseline` */
    questions: (0,_ids_js__WEBPACK_IMPORTED_MODULE_1__/* .idRecordSchema */ .yh)(BaselineQuestionSchema).optional(),
})
    .passthrough()
    .superRefine((b, ctx) => {
    // schema 2 keeps every question's answer: an entry without one is refused
    const current = b.schema_version === BASELINE_SCHEMA_VERSION;
    for (const [id, q] of Object.entries(b.questions ?? {})) {
        for (const field of ANSWER_FIELDS) {
            if (current && q[field] === undefined) {
                ctx.addIssue({ code: 'custom', path: ['questions', id, field], message: `required in a baseline of schema_version ${BASELINE_SCHEMA_VERSION}: write it again with evalgate baseline` });
            }
        }
        if (q.answer_truncated && q.answer !== undefined && ([...q.answer].length !== ANSWER_CAP || !q.answer.endsWith(ANSWER_CUT_MARK))) {
            ctx.addIssue({ code: 'custom', path: ['questions', id, 'answer'], message: `a cut answer (answer_truncated: true) is ${ANSWER_CAP} characters ending with ${ANSWER_CUT_MARK}` });
        }
        if (q.answer_chars !== undefined && q.answer !== undefined && q.answer_truncated !== undefined) {
            const kept = [...q.answer].length;
            if (q.answer_truncated ? q.answer_chars <= ANSWER_CAP : q.answer_chars !== kept) {
                const expected = q.answer_truncated ? `more than ${ANSWER_CAP} (the answer was cut)` : `${kept}, the answer's length in code points`;
                ctx.addIssue({ code: 'custom', path: ['questions', id, 'answer_chars'], message: `expected ${expected}, got ${q.answer_chars}: write the baseline again with evalgate baseline` });
            }
        }
    }
}));
/**
 * BaselineSchema's result for a well-formed baseline.json of the current schema, with its
 * per-question entries checked by plain type checks, which cost a fraction of zod's for
 * 100,000 of them (issue 13); null for anything else (an older schema, a field of an
 * unexpected type, a question that breaks a rule), which the schema then parses and reports
 * in its own words. Equal to the schema's result wherever it is not null
 * (test/baseline/plainBaseline.test.ts).
 */
function plainBaseline(data) {
    if (!isPlainRecord(data) || data.schema_version !== BASELINE_SCHEMA_VERSION || !isPlainRecord(data.questions))
        return null;
    const questions = (0,_io_ids_js__WEBPACK_IMPORTED_MODULE_4__/* .idRecord */ .P5)();
    for (const key of Object.keys(data.questions)) {
        const id = key.normalize('NFC');
        const question = plainQuestion(data.questions[key]);
        if (question === null || Object.hasOwn(questions, id))
            return null;
        questions[id] = question;
    }
    // everything but the questions through the schema; `questions` keeps its place among the keys
    const rest = BaselineSchema.safeParse({ ...data, questions: {} });
    if (!rest.success)
        return null;
    rest.data.questions = questions;
    return rest.data;
}
/** One question of a schema-2 baseline, as BaselineQuestionSchema and BaselineSchema's rules give it; null when unsure. */
function plainQuestion(q) {
    if (!isPlainRecord(q))
        return null;
    const { category, question, scores, notes, answer, answer_truncated: truncated, answer_sha256: sha, answer_chars: chars } = q;
    if (!(category === null || typeof category === 'string'))
        return null;
    if (!(question === undefined || typeof question === 'string'))
        return null;
    if (!isRecordOf(scores, (v) => v === null || typeof v === 'number'))
        return null;
    if (!(notes === undefined || isRecordOf(notes, (v) => typeof v === 'string')))
        return null;
    // schema 2 requires the three answer fields
    if (typeof answer !== 'string' || typeof truncated !== 'boolean' || typeof sha !== 'string' || !/^[0-9a-f]{64}$/.test(sha))
        return null;
    const kept = codePoints(answer);
    if (kept > ANSWER_CAP || (truncated && (kept !== ANSWER_CAP || !answer.endsWith(ANSWER_CUT_MARK))))
        return null;
    if (chars !== undefined && !(typeof chars === 'number' && Number.isSafeInteger(chars) && (truncated ? chars > ANSWER_CAP : chars === kept)))
        return null;
    // the schema's key order (its shape's), with the optional keys only when present
    return {
        category,
        ...(question !== undefined ? { question } : {}),
        scores: scores,
        ...(notes !== undefined ? { notes: notes } : {}),
        answer,
        answer_truncated: truncated,
        answer_sha256: sha,
        ...(chars !== undefined ? { answer_chars: chars } : {}),
    };
}
function isPlainRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/** An object of such values, read from JSON; a `__proto__` key (which zod's z.record drops) is left to the schema. */
function isRecordOf(value, valid) {
    if (!isPlainRecord(value) || Object.hasOwn(value, '__proto__'))
        return false;
    for (const key in value)
        if (!valid(value[key]))
            return false;
    return true;
}
/** `[...text].length` without building the array: a surrogate pair is one code point, a lone surrogate one too. */
function codePoints(text) {
    let count = text.length;
    for (let i = 0; i < text.length - 1; i++) {
        const c = text.charCodeAt(i);
        if (c >= 0xd800 && c <= 0xdbff) {
            const next = text.charCodeAt(i + 1);
            if (next >= 0xdc00 && next <= 0xdfff) {
                count--;
                i++;
            }
        }
    }
    return count;
}


/***/ }),

/***/ 1689:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   L4: () => (/* binding */ GATE_KEYS),
/* harmony export */   Xx: () => (/* binding */ DEFAULT_LATENCY_MIN_MS),
/* harmony export */   au: () => (/* binding */ GateSettingsSchema),
/* harmony export */   gQ: () => (/* binding */ GateSettingsInputSchema),
/* harmony export */   sV: () => (/* binding */ DEFAULT_GATE),
/* harmony export */   zh: () => (/* binding */ defaultGate)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2311);
/* harmony import */ var _ids_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9338);


/**
 * The gate settings: every key, its default and its validation, in one place. The input form
 * (evalgate.yml `gate:`, a baseline's committed settings, flags and inputs), the defaults and
 * the key list are derived from it.
 */
/** A drop on the 0-1 score scale: above 1 no score could ever drop that far, and the gate would pass everything. */
const SCORE_DROP = 'must be between 0 and 1: it is a drop on the 0-1 score scale (0.02 = two points)';
const scoreDrop = () => zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().min(0, SCORE_DROP).max(1, SCORE_DROP);
/** The absolute floor of a latency rise when latency_rise is set and latency_min_ms is not: below it a rise is scheduling jitter. */
const DEFAULT_LATENCY_MIN_MS = 50;
const GateSettingsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    max_drop: scoreDrop().default(0.02),
    /** per metric: a drop like max_drop, or for latency_ms a relative rise in place of latency_rise (baseline/gate.ts checks which) */
    max_drop_overrides: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().min(0)).default({}),
    thresholds: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig()).default({}),
    /** category label → metric → floor; labels are ids from the eval set */
    by_category: (0,_ids_js__WEBPACK_IMPORTED_MODULE_0__/* .idRecordSchema */ .yh)(zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig())).default({}),
    max_error_rate: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().min(0).max(1).default(0.1),
    question_drop: scoreDrop().default(0.25),
    /**
     * Latency is reported always and gated only when this is set: a relative rise of the p50 or
     * p95 latency across questions (0.5 = 50% slower) that also exceeds latency_min_ms fails.
     * null (the default): not gated.
     */
    latency_rise: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().min(0).nullable().default(null),
    /** the absolute rise in ms a latency rise must also exceed; null: DEFAULT_LATENCY_MIN_MS once latency_rise is set (resolveGate) */
    latency_min_ms: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().min(0).nullable().default(null),
    gate_mode: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(['strict', 'significant']).default('strict'),
});
/** Every setting optional and without its default, so layers merge: an absent key leaves the layer below in force. */
function withoutDefaults(shape) {
    return Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, schema.unwrap().optional()]));
}
/** Gate settings as written in a file: the seed's minimal baseline.json and evalgate's own form load through it. */
const GateSettingsInputSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc(withoutDefaults(GateSettingsSchema.shape));
const GATE_KEYS = GateSettingsSchema.keyof().options;
/** A fresh copy each time: callers merge layers into it. */
function defaultGate() {
    return GateSettingsSchema.parse({});
}
const DEFAULT_GATE = Object.freeze(defaultGate());


/***/ }),

/***/ 9338:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $T: () => (/* binding */ idValue),
/* harmony export */   ei: () => (/* binding */ idField),
/* harmony export */   yh: () => (/* binding */ idRecordSchema)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2311);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8532);
/* harmony import */ var _io_ids_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2298);


/**
 * An id as a file gives it: a string, or a whole number that JSON holds exactly. JSON.parse
 * rounds a number beyond 2^53 (9007199254740993 → 9007199254740992), so two such ids would
 * silently become one: that is an error, with the fix (quote it).
 */
const idValue = zod__WEBPACK_IMPORTED_MODULE_0__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig()]).transform((v, ctx) => {
    if (typeof v === 'number' && !(Math.abs(v) <= Number.MAX_SAFE_INTEGER)) {
        ctx.addIssue({
            code: 'custom',
            message: `id ${String(v)} is a number beyond 2^53, which JSON cannot hold exactly (it may already have lost digits): write the id as a string, e.g. "${String(v)}"`,
        });
        return zod__WEBPACK_IMPORTED_MODULE_1__/* .NEVER */ .tm;
    }
    return (0,_io_ids_js__WEBPACK_IMPORTED_MODULE_2__/* .normaliseId */ .GU)(String(v));
});
/** A required id: normalised (NFC, trimmed) and not empty. */
function idField(emptyMessage) {
    return idValue.pipe(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1, emptyMessage));
}
/**
 * A JSON object keyed by ids (results.json / baseline.json `questions`, `by_category`).
 * zod's z.record drops a `__proto__` key and builds a plain object; this keeps every key, in a
 * record without a prototype, with keys NFC-normalised (two keys that normalise alike are an
 * error: the file holds one question twice).
 */
function idRecordSchema(value) {
    return zod__WEBPACK_IMPORTED_MODULE_0__/* .custom */ .IeY((v) => typeof v === 'object' && v !== null && !Array.isArray(v), { message: 'expected an object keyed by id' })
        .transform((input, ctx) => {
        const out = (0,_io_ids_js__WEBPACK_IMPORTED_MODULE_2__/* .idRecord */ .P5)();
        for (const key of Object.keys(input)) {
            const id = key.normalize('NFC');
            if (Object.hasOwn(out, id)) {
                ctx.addIssue({ code: 'custom', message: `"${key}" is listed twice (once in another Unicode normalisation form)`, path: [key] });
                continue;
            }
            const parsed = value.safeParse(input[key]);
            if (parsed.success)
                out[id] = parsed.data;
            else
                for (const issue of parsed.error.issues)
                    ctx.addIssue({ code: 'custom', message: issue.message, path: [key, ...issue.path] });
        }
        return out;
    });
}


/***/ }),

/***/ 2913:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gf: () => (/* binding */ COLLAPSE_SHARE),
/* harmony export */   N4: () => (/* binding */ JudgeHealthSchema),
/* harmony export */   eR: () => (/* binding */ MIN_HEALTH_ANSWERS),
/* harmony export */   pM: () => (/* binding */ LENGTH_RHO),
/* harmony export */   qE: () => (/* binding */ LONGER_BY)
/* harmony export */ });
/* unused harmony exports RubricDimensionHealthSchema, LengthStratumSchema, AnswerLengthsSchema */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2311);

/** A warning when more than this share of the judged answers got one grade on a dimension: the judge has stopped discriminating. */
const COLLAPSE_SHARE = 0.6;
/** A warning when Spearman's rho between answer length and a rubric score is above this: longer answers score higher. */
const LENGTH_RHO = 0.3;
/** The candidate's median answer length this much above the baseline's: the rubric is shown within length strata. */
const LONGER_BY = 0.2;
/** Fewer judged answers than this give no warning: one grade or one ranking among a handful says nothing about the judge. */
const MIN_HEALTH_ANSWERS = 10;
/** One rubric dimension (a 0–4 grade, stored as grade / 4): how the judge spread its grades, and whether they follow answer length. */
const RubricDimensionHealthSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    /** the metric the grade is stored as: accuracy_norm, … */
    metric: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    /** answers with a grade on this dimension */
    n: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int(),
    /** answers per grade 0, 1, 2, 3, 4 (the mean of the passes rounded to the nearest grade when judge.repeats > 1) */
    counts: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int()).length(5),
    /** the grade most answers got (the lowest on a tie), and their share of n; null without answers */
    top_grade: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().min(0).max(4).nullable(),
    top_share: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nullable(),
    /** top_share above COLLAPSE_SHARE, over at least MIN_HEALTH_ANSWERS answers */
    collapsed: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY(),
    /** Spearman's rho between the answer's length (code points) and the grade; null when either is constant or n < 2 */
    length_rho: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nullable(),
    /** length_rho above LENGTH_RHO, over at least MIN_HEALTH_ANSWERS answers */
    length_biased: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY(),
});
/** Answers of one length band (code points, low < length ≤ high; null: unbounded), baseline and candidate each, with their rubric means. */
const LengthStratumSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    low: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nullable(),
    high: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nullable(),
    n_baseline: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int(),
    n_candidate: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int(),
    /** metric → mean score (0–1) of the answers in this band; null when the band has none */
    metrics: zod__WEBPACK_IMPORTED_MODULE_0__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({ baseline: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nullable(), candidate: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nullable() })),
});
const AnswerLengthsSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    /** questions whose answer length is known on both sides (answerable, in both runs) */
    n: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int(),
    /** median answer length in code points over those questions */
    median_baseline: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nullable(),
    median_candidate: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nullable(),
    /** the candidate's median is more than LONGER_BY above the baseline's */
    longer: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY(),
    /** when longer: short / medium / long by the baseline's length tertiles; null otherwise */
    strata: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(LengthStratumSchema).nullable(),
});
/** Judge health of an LLM-judged run, computed by analysis/judgeHealth.ts; the renderers word it. */
const JudgeHealthSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    /** answerable questions the rubric judged (should-refuse ones are left out: a correct refusal gets 4 on every dimension) */
    answers: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int(),
    dimensions: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(RubricDimensionHealthSchema),
    /** against the baseline's answers; null without a comparable baseline that knows its answers' lengths */
    lengths: AnswerLengthsSchema.nullable(),
});


/***/ }),

/***/ 6398:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  bF: () => (/* binding */ JudgeIdentitySchema),
  q3: () => (/* binding */ RESULTS_SCHEMA_VERSION),
  SX: () => (/* binding */ ResultsSchema)
});

// UNUSED EXPORTS: BaselineAnswerSchema, CategoryRowSchema, ClaimSchema, ComparisonSchema, FamilyUsageSchema, GateSettingsSchema, IntervalSchema, JudgeCallSchema, MetricRowSchema, MetricStatusSchema, MetricSummarySchema, PairedTestSchema, QuestionChangeSchema, QuestionResultSchema, RunInfoSchema, ShardSchema, SubsetSchema, UsageSchema, VerdictSchema

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 7 modules
var schemas = __webpack_require__(2311);
// EXTERNAL MODULE: ./src/schemas/ids.ts
var ids = __webpack_require__(9338);
;// CONCATENATED MODULE: ./src/schemas/failures.ts

/**
 * Why the gate failed, as data. compare/ decides; report/ and action/ turn each kind into
 * words, and nobody reads the words back. `value` and `limit` are in `unit`:
 * `score` a metric value in [0, 1] (or the difference of two), `ms` milliseconds,
 * `fraction` a share (a latency rise relative to the baseline, an error rate).
 */
const FailureUnitSchema = schemas/* enum */.k5n(['score', 'ms', 'fraction']);
/**
 * Why a drop beyond its limit is still within noise: its interval includes 0; its interval
 * excludes 0 but the paired test does not reject "no change"; or that test does, but not after
 * Holm's correction across the metrics that changed.
 */
const NoiseReasonSchema = schemas/* enum */.k5n(['interval_includes_zero', 'test_not_significant', 'holm_correction']);
/** The paired evidence on a drop: 95% bootstrap interval of Δ, questions worse / better, the paired test's p and Holm-adjusted p. */
const DropEvidenceSchema = schemas/* object */.Ikc({
    interval: schemas/* object */.Ikc({ low: schemas/* number */.aig(), high: schemas/* number */.aig(), level: schemas/* number */.aig() }),
    flips: schemas/* object */.Ikc({ worse: schemas/* number */.aig().int(), better: schemas/* number */.aig().int() }).nullable(),
    p: schemas/* number */.aig().nullable().default(null),
    p_holm: schemas/* number */.aig(),
    /** set when the drop is within noise; null in files written before it was recorded */
    reason: NoiseReasonSchema.nullable().default(null),
});
const drop = {
    metric: schemas/* string */.YjP(),
    /** the means compared (over the questions both runs have) */
    baseline: schemas/* number */.aig(),
    candidate: schemas/* number */.aig(),
    /** how far the metric moved the wrong way; null when it cannot be written as a number (a rise from 0 ms) */
    value: schemas/* number */.aig().nullable(),
    limit: schemas/* number */.aig(),
};
const GateFailureSchema = schemas/* discriminatedUnion */.gMt('kind', [
    /** a score fell by more than its max_drop; `noise` is set when the paired interval cannot tell the drop from noise (gate_mode strict) */
    schemas/* object */.Ikc({ kind: schemas/* literal */.euz('max_drop'), ...drop, unit: schemas/* literal */.euz('score'), noise: DropEvidenceSchema.nullable() }),
    /**
     * latency rose by more than latency_rise (or its override), relative to the baseline, and by more
     * than `min_ms`: `percentile` names which latency across questions (p50, p95), whose values
     * `baseline` and `candidate` then are; null in files written before the gate used percentiles (the mean)
     */
    schemas/* object */.Ikc({
        kind: schemas/* literal */.euz('latency'),
        ...drop,
        unit: schemas/* literal */.euz('fraction'),
        noise: DropEvidenceSchema.nullable(),
        percentile: schemas/* enum */.k5n(['p50', 'p95']).nullable().default(null),
        min_ms: schemas/* number */.aig().nullable().default(null),
    }),
    /** a drop (or latency rise) beyond its limit that the paired test tells from noise: it fails under either gate mode */
    schemas/* object */.Ikc({ kind: schemas/* literal */.euz('significant'), ...drop, unit: schemas/* enum */.k5n(['score', 'fraction']), evidence: DropEvidenceSchema }),
    /** the run's mean is on the wrong side of an absolute threshold (a ceiling for lower-is-better metrics), or has no value */
    schemas/* object */.Ikc({ kind: schemas/* literal */.euz('threshold'), metric: schemas/* string */.YjP(), value: schemas/* number */.aig().nullable(), limit: schemas/* number */.aig(), unit: schemas/* enum */.k5n(['score', 'ms']), bound: schemas/* enum */.k5n(['floor', 'ceiling']) }),
    /** more than max_error_rate of the questions errored on this metric */
    schemas/* object */.Ikc({ kind: schemas/* literal */.euz('error_rate'), metric: schemas/* string */.YjP(), value: schemas/* number */.aig(), limit: schemas/* number */.aig(), unit: schemas/* literal */.euz('fraction'), errors: schemas/* number */.aig().int(), questions: schemas/* number */.aig().int() }),
    /** a category's mean is on the wrong side of its by_category floor, or has no value */
    schemas/* object */.Ikc({
        kind: schemas/* literal */.euz('category_floor'),
        category: schemas/* string */.YjP(),
        metric: schemas/* string */.YjP(),
        value: schemas/* number */.aig().nullable(),
        limit: schemas/* number */.aig(),
        unit: schemas/* enum */.k5n(['score', 'ms']),
        bound: schemas/* enum */.k5n(['floor', 'ceiling']),
    }),
    /** by_category sets floors for a category no question has: a typo must not pass silently */
    schemas/* object */.Ikc({ kind: schemas/* literal */.euz('category_missing'), category: schemas/* string */.YjP(), metrics: schemas/* array */.YOg(schemas/* string */.YjP()) }),
]);
/**
 * What a metric row's change is held against: max_drop (score points) or latency_rise (a share of
 * the baseline, on the p50 and p95 latency; null when latency_rise is not set: reported, not gated)
 * with `min_ms`, the absolute rise in ms it must also exceed.
 */
const MetricLimitSchema = schemas/* object */.Ikc({ kind: schemas/* enum */.k5n(['max_drop', 'latency_rise']), value: schemas/* number */.aig().nullable(), min_ms: schemas/* number */.aig().nullable().default(null) });

// EXTERNAL MODULE: ./src/schemas/gate.ts
var gate = __webpack_require__(1689);
// EXTERNAL MODULE: ./src/schemas/judgeHealth.ts
var judgeHealth = __webpack_require__(2913);
;// CONCATENATED MODULE: ./src/schemas/usage.ts

/** What the judge spent: results.json run.usage, per run and per metric family. */
const FamilyUsageSchema = schemas/* object */.Ikc({
    calls: schemas/* number */.aig().int(),
    cache_hits: schemas/* number */.aig().int(),
    retries: schemas/* number */.aig().int(),
    errors: schemas/* number */.aig().int(),
    prompt_tokens: schemas/* number */.aig().int(),
    completion_tokens: schemas/* number */.aig().int(),
    ms: schemas/* number */.aig(),
});
const UsageSchema = schemas/* object */.Ikc({
    llm_calls: schemas/* number */.aig().int(),
    embedding_calls: schemas/* number */.aig().int(),
    prompt_tokens: schemas/* number */.aig().int(),
    completion_tokens: schemas/* number */.aig().int(),
    cache_hits: schemas/* number */.aig().int(),
    retries: schemas/* number */.aig().int().default(0),
    cost_usd: schemas/* number */.aig().nullable(),
    /** per metric family (judge prompt) and embeddings */
    by_family: schemas/* record */.g1P(schemas/* string */.YjP(), FamilyUsageSchema).default({}),
    /** the plan stated before the first call */
    planned: schemas/* object */.Ikc({ chat: schemas/* number */.aig().int(), embeddings: schemas/* number */.aig().int(), tokens: schemas/* number */.aig().int() }).nullable().default(null),
});

;// CONCATENATED MODULE: ./src/schemas/results.ts








/** 2: gate failures are data (`comparison.failures`), a metric row names its limit (`limit`), `reasons` only explain an incomparable baseline. */
const RESULTS_SCHEMA_VERSION = 2;
const JudgeIdentitySchema = schemas/* object */.Ikc({
    provider: schemas/* string */.YjP(),
    model: schemas/* string */.YjP().nullable(),
    embeddings_model: schemas/* string */.YjP().nullable(),
    /** sha256 over the judge's prompts and metric settings: a changed definition is never compared with an old score */
    definitions_hash: schemas/* string */.YjP(),
    /** sha256 over the rule settings (lengths, citation rule, forbidden words, refusal phrases) */
    rules_hash: schemas/* string */.YjP().optional(),
    /** an LLM judge's endpoint: scheme, host and port only (never a key, a path or a query) */
    endpoint: schemas/* string */.YjP().nullable().optional(),
    /** the response format the LLM judge's requests ended with: json_schema, json_object or text */
    response_format: schemas/* string */.YjP().nullable().optional(),
});
const IntervalSchema = schemas/* object */.Ikc({ low: schemas/* number */.aig(), high: schemas/* number */.aig(), level: schemas/* number */.aig() });
const MetricSummarySchema = schemas/* object */.Ikc({
    mean: schemas/* number */.aig().nullable(),
    /** questions with a value */
    n: schemas/* number */.aig().int(),
    /** questions without one (not applicable or errored); always counted, never averaged in */
    nan: schemas/* number */.aig().int(),
    /** the subset of `nan` caused by an error */
    errors: schemas/* number */.aig().int(),
    interval: IntervalSchema.nullable().optional(),
});
const ClaimSchema = schemas/* object */.Ikc({
    text: schemas/* string */.YjP(),
    verdict: schemas/* enum */.k5n(['supported', 'contradicted', 'not_mentioned']),
    evidence: schemas/* string */.YjP().nullable().optional(),
});
/**
 * One judge call behind a question's scores, as the endpoint answered it: the `model` string and
 * response `id` it returned (null when it sent none; embeddings responses carry no id), and
 * whether the reply came from the judge cache (then with the model and id of the call that first
 * gave it). Kept per question, model strings inline: the response id is unique per call and is
 * most of an entry, so a per-run table of models referenced by index would save little and make
 * merging shards a renumbering.
 */
const JudgeCallSchema = schemas/* object */.Ikc({
    family: schemas/* string */.YjP(),
    model: schemas/* string */.YjP().nullable(),
    id: schemas/* string */.YjP().nullable(),
    cached: schemas/* boolean */.zMY(),
});
const QuestionResultSchema = schemas/* object */.Ikc({
    question: schemas/* string */.YjP(),
    category: schemas/* string */.YjP().nullable(),
    difficulty: schemas/* string */.YjP().nullable(),
    should_refuse: schemas/* boolean */.zMY(),
    answer: schemas/* string */.YjP(),
    /** metric → value in [0,1] (ms for latency_ms) or null */
    scores: schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* number */.aig().nullable()),
    /** metric → why the value is null, or the judge's reason */
    notes: schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* string */.YjP()),
    /** metric → error message; "candidate" when the system under test failed on this question */
    errors: schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* string */.YjP()),
    claims: schemas/* array */.YOg(ClaimSchema).optional(),
    /** every LLM-judge call behind this question's scores; absent when the judge made none (or in files written before evalgate kept them) */
    judge_calls: schemas/* array */.YOg(JudgeCallSchema).optional(),
    /** one turn of a conversation (`conversation_id` + `turn`); absent for a single question */
    conversation: schemas/* object */.Ikc({ id: schemas/* string */.YjP(), turn: schemas/* number */.aig().int().min(1) }).optional(),
});
/** shard i of n: which slice of the eval set this run scored, and how many questions the whole set has */
const ShardSchema = schemas/* object */.Ikc({ index: schemas/* number */.aig().int().min(1), count: schemas/* number */.aig().int().min(1), total_questions: schemas/* number */.aig().int().min(0) });
/** a subset run (--only, --failing-from): which questions it re-ran, of how many; never gated against the full baseline */
const SubsetSchema = schemas/* object */.Ikc({ by: schemas/* string */.YjP(), questions: schemas/* number */.aig().int().min(0), total_questions: schemas/* number */.aig().int().min(0) });
const RunInfoSchema = schemas/* object */.Ikc({
    version: schemas/* string */.YjP().nullable(),
    eval_set_version: schemas/* string */.YjP(),
    eval_set_fingerprint: schemas/* string */.YjP(),
    eval_set_path: schemas/* string */.YjP().nullable(),
    question_count: schemas/* number */.aig().int(),
    candidate: schemas/* string */.YjP(),
    judge: JudgeIdentitySchema,
    judge_label: schemas/* string */.YjP(),
    k: schemas/* array */.YOg(schemas/* number */.aig().int()),
    shard: ShardSchema.nullable(),
    subset: SubsetSchema.nullable().default(null),
    started_at: schemas/* string */.YjP(),
    timings_ms: schemas/* object */.Ikc({ candidate: schemas/* number */.aig(), scoring: schemas/* number */.aig(), total: schemas/* number */.aig() }),
    usage: UsageSchema,
    /** judge.repeats > 1: mean absolute difference between the rubric passes (0-1 scale) */
    judge_stability: schemas/* object */.Ikc({ repeats: schemas/* number */.aig().int(), mean_abs_diff: schemas/* number */.aig().nullable(), threshold: schemas/* number */.aig() }).nullable().default(null),
    /** what the run wants the reader to know: a skipped tier, an unstable judge */
    notes: schemas/* array */.YOg(schemas/* string */.YjP()).default([]),
    /** the LLM judge stopped sending requests mid-run (a refused key, a server gone): why, and the fix; the run exits 2 */
    judge_stopped: schemas/* object */.Ikc({ cause: schemas/* string */.YjP(), fix: schemas/* string */.YjP() }).nullable().optional(),
});
/**
 * regression: dropped by more than max_drop and the paired interval excludes no change;
 * regression_within_noise: dropped by more than max_drop, but the data cannot tell it from noise;
 * not_gated: compared and reported, but no setting gates it (latency_ms without gate.latency_rise).
 */
const MetricStatusSchema = schemas/* enum */.k5n(['regression', 'regression_within_noise', 'improvement', 'within', 'new', 'not_computed', 'no_baseline', 'not_gated']);
/** One latency percentile on both sides, in ms, and its direction-aware relative change (positive is faster, see directedChange). */
const LatencyPairSchema = schemas/* object */.Ikc({ baseline: schemas/* number */.aig(), candidate: schemas/* number */.aig(), change: schemas/* number */.aig() });
const PairedTestSchema = schemas/* enum */.k5n(['sign_flip_exact', 'sign_flip_monte_carlo', 'sign_flip_normal', 'mcnemar_mid_p']);
const MetricRowSchema = schemas/* object */.Ikc({
    metric: schemas/* string */.YjP(),
    baseline: schemas/* number */.aig().nullable(),
    candidate: schemas/* number */.aig().nullable(),
    /** candidate − baseline, in the metric's own unit */
    delta: schemas/* number */.aig().nullable(),
    /** direction-aware change: positive is better (relative for latency_ms) */
    change: schemas/* number */.aig().nullable(),
    /** what `change` is held against: max_drop (or its override) for scores, latency_rise for latency_ms */
    limit: MetricLimitSchema,
    status: MetricStatusSchema,
    /** absolute threshold (floor, or ceiling for lower-is-better metrics) */
    threshold: schemas/* number */.aig().nullable(),
    errors: schemas/* number */.aig().int(),
    questions: schemas/* number */.aig().int(),
    n_baseline: schemas/* number */.aig().int().nullable(),
    n_candidate: schemas/* number */.aig().int(),
    /** 95% paired-bootstrap interval of delta (candidate − baseline) over the common questions */
    interval: IntervalSchema.nullable(),
    /**
     * two-sided p-value of delta from `test`, and after Holm correction across the metrics that
     * changed (tied metrics as one family; a member's is at least its own p); p_holm is null for
     * a metric no question moved on, which is not tested
     */
    p: schemas/* number */.aig().nullable().default(null),
    p_holm: schemas/* number */.aig().nullable().default(null),
    /** the paired test behind `p`: the sign-flip permutation test on the mean Δ (exact, seeded Monte Carlo or its normal limit), McNemar's mid-p for pass/fail */
    test: PairedTestSchema.nullable().default(null),
    /** why a drop beyond its limit is a regression within noise (status regression_within_noise); null otherwise */
    noise_reason: NoiseReasonSchema.nullable().default(null),
    /** per-question changes: how many questions got worse / better on this metric, and the sign test */
    flips: schemas/* object */.Ikc({ worse: schemas/* number */.aig().int(), better: schemas/* number */.aig().int(), p: schemas/* number */.aig() }).nullable().default(null),
    /** smallest difference detectable at this n and base rate (alpha 0.05, power 0.8) */
    mde: schemas/* number */.aig().nullable().default(null),
    note: schemas/* string */.YjP().nullable(),
    /** latency_ms against a per-question baseline: the p50 and p95 latency across the questions both sides timed, which the gate holds (the mean is only reported) */
    percentiles: schemas/* object */.Ikc({ p50: LatencyPairSchema, p95: LatencyPairSchema }).nullable().default(null),
});
const CategoryRowSchema = schemas/* object */.Ikc({
    category: schemas/* string */.YjP(),
    n: schemas/* number */.aig().int(),
    metrics: schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* object */.Ikc({
        baseline: schemas/* number */.aig().nullable(),
        candidate: schemas/* number */.aig().nullable(),
        /** 95% interval of the candidate mean in this category (Wilson for pass/fail metrics) */
        interval: schemas/* object */.Ikc({ low: schemas/* number */.aig(), high: schemas/* number */.aig() }).nullable().default(null),
    })),
    /** a 95% half-width above 0.10 on a headline metric: too few questions to judge this category */
    too_few: schemas/* boolean */.zMY().default(false),
    floors: schemas/* array */.YOg(schemas/* object */.Ikc({ metric: schemas/* string */.YjP(), floor: schemas/* number */.aig(), value: schemas/* number */.aig().nullable(), passed: schemas/* boolean */.zMY() })),
});
/** One question's change on one metric; its text is in `questions[id]`, not repeated here. */
const QuestionChangeSchema = schemas/* object */.Ikc({
    id: schemas/* string */.YjP(),
    category: schemas/* string */.YjP().nullable(),
    metric: schemas/* string */.YjP(),
    baseline: schemas/* number */.aig(),
    candidate: schemas/* number */.aig(),
    delta: schemas/* number */.aig(),
    /** direction-aware size: positive is better */
    change: schemas/* number */.aig(),
    flip: schemas/* boolean */.zMY(),
    reason: schemas/* string */.YjP().nullable(),
});
/** A regressed question's answer in the baseline (capped, as the baseline keeps it), and whether this run's answer is the same (equal SHA-256). */
const BaselineAnswerSchema = schemas/* object */.Ikc({ answer: schemas/* string */.YjP(), answer_truncated: schemas/* boolean */.zMY(), unchanged: schemas/* boolean */.zMY() });
/** subset: a run of some questions only (--only, --failing-from), compared on those, never gated */
const VerdictSchema = schemas/* enum */.k5n(['pass', 'fail', 'incomparable', 'no_baseline', 'subset']);
const ComparisonSchema = schemas/* object */.Ikc({
    verdict: VerdictSchema,
    /** why the baseline cannot be compared with this run (verdict `incomparable`); empty otherwise */
    reasons: schemas/* array */.YOg(schemas/* string */.YjP()),
    /** why the gate failed under the chosen gate_mode, in report order; empty when it did not */
    failures: schemas/* array */.YOg(GateFailureSchema),
    baseline: schemas/* object */.Ikc({
        path: schemas/* string */.YjP().nullable(),
        kind: schemas/* enum */.k5n(['evalgate', 'minimal', 'results', 'none']),
        version: schemas/* string */.YjP().nullable(),
        eval_set_version: schemas/* string */.YjP().nullable(),
        fingerprint_check: schemas/* enum */.k5n(['match', 'mismatch', 'absent']),
    }),
    common: schemas/* number */.aig().int(),
    added: schemas/* array */.YOg(schemas/* string */.YjP()),
    removed: schemas/* array */.YOg(schemas/* string */.YjP()),
    metrics: schemas/* array */.YOg(MetricRowSchema),
    categories: schemas/* array */.YOg(CategoryRowSchema),
    /** the largest changes, worst first, at most MAX_STORED_CHANGES each; every score is in `questions` */
    regressions: schemas/* array */.YOg(QuestionChangeSchema),
    improvements: schemas/* array */.YOg(QuestionChangeSchema),
    /** per question in `regressions`: what the baseline kept of its answer; empty when the baseline keeps no answers (schema 1, or none written before evalgate kept them) */
    baseline_answers: (0,ids/* idRecordSchema */.yh)(BaselineAnswerSchema).default(() => ({})),
    /** all changes, including rows beyond the stored ones, and distinct questions: worse on some metric and better on none, the reverse, or both (mixed) */
    change_counts: schemas/* object */.Ikc({
        regression_rows: schemas/* number */.aig().int(),
        improvement_rows: schemas/* number */.aig().int(),
        /** questions worse on some metric and better on none; better likewise; mixed: worse on one and better on another (the noise note counts the same) */
        questions_worse: schemas/* number */.aig().int(),
        questions_better: schemas/* number */.aig().int(),
        questions_mixed: schemas/* number */.aig().int().default(0),
    })
        .default({ regression_rows: 0, improvement_rows: 0, questions_worse: 0, questions_better: 0, questions_mixed: 0 }),
    messages: schemas/* array */.YOg(schemas/* string */.YjP()),
    /** the model string the judge's API reports differs from the baseline's under the same requested model (a silent vendor upgrade); shown beside the judge line */
    judge_model_change: schemas/* string */.YjP().nullable().default(null),
    gate: gate/* GateSettingsSchema */.au,
    /** where each gate setting's value came from: "default", the baseline's path, evalgate.yml, "flags" or "action inputs"; absent in files written before evalgate recorded it */
    gate_sources: schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* string */.YjP()).optional(),
    /** the verdict under each gate mode, so the report can say what the other mode would have done */
    verdicts_by_mode: schemas/* object */.Ikc({ strict: VerdictSchema, significant: VerdictSchema }).nullable().default(null),
    noise: schemas/* object */.Ikc({
        n: schemas/* number */.aig().int(),
        half_width: schemas/* number */.aig(),
        mde: schemas/* number */.aig(),
        questions_worse: schemas/* number */.aig().int(),
        questions_better: schemas/* number */.aig().int(),
        sign_p: schemas/* number */.aig(),
        /** the Holm set: one test per metric that changed, tied metrics as one family (Simes); latency adjusted on its own */
        tests: schemas/* array */.YOg(schemas/* object */.Ikc({ family: schemas/* string */.YjP(), metrics: schemas/* array */.YOg(schemas/* string */.YjP()), p: schemas/* number */.aig(), p_holm: schemas/* number */.aig() })).default([]),
    })
        .nullable()
        .default(null),
    update_command: schemas/* string */.YjP(),
});
const ResultsSchema = schemas/* object */.Ikc({
    schema_version: schemas/* literal */.euz(RESULTS_SCHEMA_VERSION),
    run: RunInfoSchema,
    metrics: schemas/* record */.g1P(schemas/* string */.YjP(), MetricSummarySchema),
    questions: (0,ids/* idRecordSchema */.yh)(QuestionResultSchema),
    comparison: ComparisonSchema.nullable(),
    /** an LLM-judged run's judge health (grade spread, length bias); null for lexical and rules-only runs, and in files written before evalgate kept it */
    judge_health: judgeHealth/* JudgeHealthSchema */.N4.nullable().default(null),
});


/***/ })

};
