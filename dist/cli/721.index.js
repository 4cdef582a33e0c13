export const id = 721;
export const ids = [721];
export const modules = {

/***/ 6123:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Cu: () => (/* binding */ DEFAULT_CONFIG_FILE),
/* harmony export */   RG: () => (/* binding */ readConfigFile),
/* harmony export */   iu: () => (/* binding */ applyOverrides),
/* harmony export */   o4: () => (/* binding */ parseConfig),
/* harmony export */   tn: () => (/* binding */ parseRunConfig)
/* harmony export */ });
/* unused harmony export mergeLayers */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var yaml__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8815);
/* harmony import */ var _baseline_gate_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3696);
/* harmony import */ var _schemas_config_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9812);
/* harmony import */ var _io_errors_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7333);





const DEFAULT_CONFIG_FILE = 'evalgate.yml';
/**
 * Reads evalgate.yml. An explicitly named file must exist; the default one is optional (source
 * null when there is none).
 * Returns the raw object: it is validated after flags / inputs are merged over it.
 */
function readConfigFile(path) {
    const file = path ?? DEFAULT_CONFIG_FILE;
    if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(file)) {
        if (path)
            throw new _io_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .GateError */ .ue('bad_config', `${path}: config file not found`, 'check the --config path, or leave it out to use flags only');
        return { source: null, data: {} };
    }
    const data = parseYamlFile(file, (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(file, 'utf8'));
    if (data === null || data === undefined)
        return { source: file, data: {} };
    if (typeof data !== 'object' || Array.isArray(data))
        throw new _io_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .GateError */ .ue('bad_config', `${file}: expected a mapping of settings at the top level`, 'see evalgate.yml in the evalgate README for the layout');
    return { source: file, data: data };
}
function parseYamlFile(file, text) {
    const lines = new yaml__WEBPACK_IMPORTED_MODULE_1__/* .LineCounter */ .HN();
    const doc = (0,yaml__WEBPACK_IMPORTED_MODULE_1__/* .parseDocument */ .Tp)(text, { lineCounter: lines });
    let data;
    try {
        if (doc.errors[0])
            throw doc.errors[0];
        // toJS refuses an alias bomb (billion laughs) with an error of its own
        data = doc.toJS();
    }
    catch (error) {
        const e = error;
        const where = e.linePos?.[0] ? `:${e.linePos[0].line}:${e.linePos[0].col}` : '';
        throw new _io_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .GateError */ .ue('bad_config', `${file}${where}: not valid YAML: ${e.message.split('\n')[0]}`, 'fix the YAML syntax (indentation, quotes around strings with ": ")');
    }
    checkVersionsAreText(doc, file, lines);
    return data;
}
/**
 * A version is a label, but YAML reads `eval_set_version: 1.10` as the number 1.1: the run
 * would then be labelled (and compared with baselines) as "1.1". Every version given as a
 * number is refused, with the quoted form as the fix.
 */
function checkVersionsAreText(doc, file, lines) {
    if (!(0,yaml__WEBPACK_IMPORTED_MODULE_1__/* .isMap */ .jh)(doc.contents))
        return;
    for (const pair of doc.contents.items) {
        const key = (0,yaml__WEBPACK_IMPORTED_MODULE_1__/* .isScalar */ .jn)(pair.key) ? pair.key.value : null;
        const value = pair.value;
        if (typeof key !== 'string' || !/^(.+_)?version$/.test(key) || !(0,yaml__WEBPACK_IMPORTED_MODULE_1__/* .isScalar */ .jn)(value) || typeof value.value !== 'number')
            continue;
        const written = value.source ?? String(value.value);
        const at = value.range ? lines.linePos(value.range[0]) : null;
        throw new _io_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .GateError */ .ue('bad_config', `${file}${at ? `:${at.line}:${at.col}` : ''}: ${key}: ${written} is a number to YAML (it reads as ${String(value.value)}), but a version is a label`, `quote it: ${key}: "${written}"`);
    }
}
/**
 * Later layers win; nested objects merge, arrays and scalars replace; undefined means unset.
 * A null in a later layer removes the setting below it (--no-baseline).
 */
function mergeLayers(...layers) {
    const out = {};
    layers.forEach((layer, i) => {
        for (const [key, value] of Object.entries(layer)) {
            if (value === undefined)
                continue;
            if (value === null && i > 0) {
                delete out[key];
                continue;
            }
            const current = out[key];
            out[key] = isPlainObject(value) && isPlainObject(current) ? mergeLayers(current, value) : value;
        }
    });
    return out;
}
function isPlainObject(v) {
    return typeof v === 'object' && v !== null && !Array.isArray(v);
}
/**
 * Flags / inputs over the file. A flag that picks a candidate (predictions or command)
 * replaces the file's choice instead of merging with it, or the two would conflict.
 */
function applyOverrides(file, overrides) {
    const candidate = overrides.candidate;
    const kinds = _schemas_config_js__WEBPACK_IMPORTED_MODULE_3__/* .CANDIDATE_KINDS */ .Iw;
    const picked = kinds.filter((k) => candidate?.[k] !== undefined);
    let base = file;
    if (picked.length > 0 && isPlainObject(file.candidate)) {
        // the other kinds are dropped; the picked one merges (a URL flag keeps the file's paths and headers)
        const cleared = Object.fromEntries(kinds.filter((k) => !picked.includes(k)).map((k) => [k, undefined]));
        base = { ...file, candidate: { ...file.candidate, ...cleared } };
    }
    return mergeLayers(base, overrides);
}
/** Validates the merged config; errors name the setting and where it came from. */
function parseConfig(data, source) {
    return validated(_schemas_config_js__WEBPACK_IMPORTED_MODULE_3__/* .ConfigSchema */ .Sk, data, source);
}
/** A config `run` can run with: RunConfigSchema's checks make the eval set and its version present. */
function parseRunConfig(data, source) {
    return validated(_schemas_config_js__WEBPACK_IMPORTED_MODULE_3__/* .RunConfigSchema */ .Zp, data, source);
}
/** A broken invariant becomes the GateError it carries; any other issue names the setting. */
function validated(schema, data, source) {
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const own = issue.code === 'custom' ? issue.params?.gate : undefined;
        if (own)
            throw new _io_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .GateError */ .ue(own.code, own.located ? `${source}: ${issue.message}` : issue.message, own.hint);
        const path = issue.path.join('.');
        const hint = issue.code === 'unrecognized_keys' ? `remove or rename it; known settings: ${Object.keys(_schemas_config_js__WEBPACK_IMPORTED_MODULE_3__/* .ConfigSchema */ .Sk.shape).join(', ')}` : 'fix the value (flags and Action inputs override evalgate.yml)';
        throw new _io_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .GateError */ .ue('bad_config', `${source}: setting "${path || issue.keys?.join(', ')}": ${issue.message}`, hint);
    }
    (0,_baseline_gate_js__WEBPACK_IMPORTED_MODULE_2__/* .checkGateMetricNames */ .Wc)(parsed.data.gate, source);
    return parsed.data;
}


/***/ }),

/***/ 4721:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   resolveRun: () => (/* binding */ resolveRun)
/* harmony export */ });
/* harmony import */ var _baseline_baseline_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8095);
/* harmony import */ var _config_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6123);


function resolveRun(request, shell, scope = 'run') {
    const file = (0,_config_js__WEBPACK_IMPORTED_MODULE_1__/* .readConfigFile */ .RG)(request.configFile);
    const givenBy = shell === 'cli' ? 'flags' : 'action inputs';
    const source = file.source === null ? givenBy : `${file.source} + ${givenBy}`;
    // compare and merge take only the file's gate settings: its run settings are not theirs to check
    const fileLayer = scope === 'gate' ? { gate: file.data.gate ?? {} } : file.data;
    const merged = (0,_config_js__WEBPACK_IMPORTED_MODULE_1__/* .applyOverrides */ .iu)(fileLayer, request.overrides);
    const config = scope === 'run' ? (0,_config_js__WEBPACK_IMPORTED_MODULE_1__/* .parseRunConfig */ .tn)(merged, source) : (0,_config_js__WEBPACK_IMPORTED_MODULE_1__/* .parseConfig */ .o4)(merged, source);
    const flagged = givenIn(config.gate, request.overrides.gate);
    const filed = Object.fromEntries(Object.entries(givenIn(config.gate, fileLayer.gate)).filter(([key]) => !(key in flagged)));
    const gateLayers = [
        { settings: filed, source: file.source ?? _config_js__WEBPACK_IMPORTED_MODULE_1__/* .DEFAULT_CONFIG_FILE */ .Cu },
        { settings: flagged, source: givenBy },
    ];
    return { config, source, baselinePath: config.baseline ?? _baseline_baseline_js__WEBPACK_IMPORTED_MODULE_0__/* .DEFAULT_BASELINE_PATH */ .Gf, gateLayers };
}
/** The validated settings of `gate` that a layer (evalgate.yml's `gate:`, the flags') gives. */
function givenIn(gate, layer) {
    const given = typeof layer === 'object' && layer !== null ? layer : {};
    return Object.fromEntries(Object.entries(gate).filter(([key]) => given[key] !== undefined));
}


/***/ }),

/***/ 3681:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   MC: () => (/* binding */ plainOutput),
/* harmony export */   bL: () => (/* binding */ HttpCandidateSchema),
/* harmony export */   oO: () => (/* binding */ CandidateOutputInputSchema)
/* harmony export */ });
/* unused harmony exports CandidateOutputSchema, DEFAULT_HTTP_BODY */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2311);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8532);
/* harmony import */ var _io_ids_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2298);
/* harmony import */ var _ids_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9338);



/** `a||b` in CSV, an array in JSONL; a list of ids takes numbers too, a list of texts only strings. */
function list(separator, items) {
    return zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(items === 'ids' ? _ids_js__WEBPACK_IMPORTED_MODULE_0__/* .idValue */ .$T : zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()), zod__WEBPACK_IMPORTED_MODULE_1__/* ["null"] */ .chJ()])
        .optional()
        .transform((v) => {
        if (v === null || v === undefined)
            return [];
        // ids compare NFC-normalised, as the eval set's relevant_doc_ids do
        const normalise = items === 'ids' ? (s) => s.normalize('NFC').trim() : (s) => s;
        if (Array.isArray(v))
            return v.map(normalise);
        return v === '' ? [] : v.split(separator).map((s) => normalise(s.trim()));
    });
}
const optionalNumber = zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig(), zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* ["null"] */ .chJ()])
    .optional()
    .transform((v, ctx) => {
    if (v === null || v === undefined || v === '')
        return null;
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isFinite(n) || n < 0) {
        ctx.addIssue({ code: 'custom', message: `expected a non-negative number of milliseconds, got "${String(v)}"` });
        return zod__WEBPACK_IMPORTED_MODULE_2__/* .NEVER */ .tm;
    }
    return n;
});
/** What the system under test answered for one question (a predictions file row or a command's stdout line). */
const CandidateOutputInputSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    id: (0,_ids_js__WEBPACK_IMPORTED_MODULE_0__/* .idField */ .ei)('id is empty'),
    answer: zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* ["null"] */ .chJ()])
        .optional()
        .transform((v) => (v ?? '').normalize('NFC')),
    contexts: list('||', 'texts'),
    retrieved_ids: list('|', 'ids').transform((ids) => ids.filter((id) => id !== '')),
    latency_ms: optionalNumber,
    error: zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* ["null"] */ .chJ()])
        .optional()
        .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v)),
    /** the model that answered, as the candidate declares it (for the same-vendor judge warning); untrusted text */
    model: zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* ["null"] */ .chJ()])
        .optional()
        .transform((v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined)),
});
/**
 * CandidateOutputInputSchema's output for the common well-formed JSON record (string id,
 * answer and error, arrays of strings, a plain latency) by plain type checks, which cost a
 * tenth of zod's per line (issue 13); null for anything else, which the schema then parses,
 * and reports with its own words. Equal to the schema's result wherever it is not null
 * (test/candidates/plainOutput.test.ts).
 */
function plainOutput(data) {
    const { id, answer, contexts, retrieved_ids: retrieved, latency_ms: latency, error, model } = data;
    if (typeof id !== 'string')
        return null;
    if (!(model === undefined || model === null || typeof model === 'string'))
        return null;
    const cleanId = (0,_io_ids_js__WEBPACK_IMPORTED_MODULE_3__/* .normaliseId */ .GU)(id);
    if (cleanId === '')
        return null;
    if (!(answer === undefined || answer === null || typeof answer === 'string'))
        return null;
    if (!(error === undefined || error === null || typeof error === 'string'))
        return null;
    if (!(latency === undefined || latency === null || (typeof latency === 'number' && Number.isFinite(latency) && latency >= 0)))
        return null;
    const texts = plainList(contexts);
    const ids = plainList(retrieved);
    if (texts === null || ids === null)
        return null;
    const retrievedIds = [];
    for (const raw of ids) {
        const clean = (0,_io_ids_js__WEBPACK_IMPORTED_MODULE_3__/* .normaliseId */ .GU)(raw);
        if (clean !== '')
            retrievedIds.push(clean);
    }
    return {
        id: cleanId,
        answer: (answer ?? '').normalize('NFC'),
        contexts: texts,
        retrieved_ids: retrievedIds,
        latency_ms: latency ?? null,
        error: error === undefined || error === null || error.trim() === '' ? null : error,
        // the schema writes the key only when the line has one
        ...(model !== undefined ? { model: typeof model === 'string' && model.trim() !== '' ? model.trim() : undefined } : {}),
    };
}
/** An absent list as empty, an array of strings as itself; anything else (a CSV string, numbers) null: left to the schema. */
function plainList(value) {
    if (value === undefined || value === null)
        return [];
    if (!Array.isArray(value))
        return null;
    for (const item of value)
        if (typeof item !== 'string')
            return null;
    return value;
}
const CandidateOutputSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    id: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    answer: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    contexts: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    retrieved_ids: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    latency_ms: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().nullable(),
    error: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    model: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
});
const DEFAULT_HTTP_BODY = '{"question": "{{question}}", "id": "{{id}}"}';
/** `candidate.http` in evalgate.yml: the system under test as an endpoint, one request per question. */
const HttpCandidateSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    url: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().min(1, 'url is empty'),
    method: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(['POST', 'GET']).default('POST'),
    /** JSON with `{{question}}`, `{{id}}`, `{{history}}` (the earlier turns, a JSON array) or `{{column}}` placeholders; not sent for GET. */
    body: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().default(DEFAULT_HTTP_BODY),
    /** A value may contain `${ENV_NAME}`, filled from the environment. */
    headers: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).default({}),
    answer_path: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().min(1).default('answer'),
    contexts_path: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().min(1).optional(),
    retrieved_ids_path: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().min(1).optional(),
    /** where the response names the model that answered; without it, the response's top-level `model` string when there is one */
    model_path: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().min(1).optional(),
    timeout_ms: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().positive().default(30_000),
    retries: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().min(0).max(10).default(2),
    concurrency: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().min(1).max(64).default(4),
    /** a response body above this many MB is an error row, read no further (as a command's max_output_mb) */
    max_response_mb: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().positive().max(1024).default(10),
    /** the whole candidate step, every question and retry: past it, questions without an answer are error rows */
    total_timeout_ms: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().positive().default(1_800_000),
})
    .strict();


/***/ }),

/***/ 9812:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D5: () => (/* binding */ JUDGE_PROVIDERS),
/* harmony export */   FI: () => (/* binding */ MAX_JUDGE_CONCURRENCY),
/* harmony export */   GV: () => (/* binding */ CandidateTimeoutSchema),
/* harmony export */   Hn: () => (/* binding */ NO_EMBEDDINGS),
/* harmony export */   Iw: () => (/* binding */ CANDIDATE_KINDS),
/* harmony export */   No: () => (/* binding */ RulesConfigSchema),
/* harmony export */   Sk: () => (/* binding */ ConfigSchema),
/* harmony export */   Su: () => (/* binding */ DEFAULT_JUDGE_BASE_URL),
/* harmony export */   Zp: () => (/* binding */ RunConfigSchema),
/* harmony export */   gB: () => (/* binding */ DEFAULT_REFUSAL_PHRASES)
/* harmony export */ });
/* unused harmony exports DEFAULT_REFUSAL_PHRASES_BY_LANGUAGE, CandidateConfigSchema, RESPONSE_FORMATS, JudgeConfigSchema, BudgetSchema */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2311);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8532);
/* harmony import */ var _gate_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1689);
/* harmony import */ var _candidate_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3681);



/**
 * Phrases that make an answer a refusal, per language. Matching ignores case, full-width forms
 * and apostrophes ("I don’t know", "I don't know" and "I dont know" are one phrase), so each is
 * written once, with a straight apostrophe.
 */
const DEFAULT_REFUSAL_PHRASES_BY_LANGUAGE = {
    zh: ['不知道', '不清楚', '没有相关', '无法回答', '未收录', '无法提供', '不能回答', '无法确定'],
    en: [
        "i don't know",
        'i do not know',
        'cannot answer',
        "can't answer",
        'unable to answer',
        'not able to answer',
        "can't help with",
        'cannot help with',
        'unable to help with',
        'not in the knowledge base',
        'no information',
        'no relevant information',
        "don't have information",
        'do not have information',
        "don't have enough information",
        'do not have enough information',
        "don't have any information",
        'do not have any information',
    ],
};
const DEFAULT_REFUSAL_PHRASES = Object.values(DEFAULT_REFUSAL_PHRASES_BY_LANGUAGE).flat();
/** The most judge calls in flight at once: the tier's memory follows it (a pool of questions per slot), a rate limit decides it. */
const MAX_JUDGE_CONCURRENCY = 512;
const RulesConfigSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    min_length: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().min(0).default(5),
    max_length: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().min(1).default(500),
    require_citation: zod__WEBPACK_IMPORTED_MODULE_2__/* .boolean */ .zMY().default(true),
    forbidden: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().min(1)).default([]),
    refusal_phrases: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().min(1)).min(1).default(DEFAULT_REFUSAL_PHRASES),
})
    .strict();
const CandidateTimeoutSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().positive().default(300_000);
/** a command's stdout above this many MB is an error (its stderr is never a limit: only its end is kept) */
const CandidateMaxOutputSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().positive().max(4096).default(256);
/** variables a command gets although they are scrubbed (ACTIONS_RUNTIME_*, ACTIONS_ID_TOKEN_*, INPUT_*, GITHUB_TOKEN) */
const CandidateEnvPassthroughSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().regex(/^[A-Za-z_][A-Za-z0-9_-]*$/, 'an environment variable name, e.g. GITHUB_TOKEN')).default([]);
/** candidate.model: the model the candidate answers with, as its team declares it (the same-vendor judge warning); a name, or absent */
const CandidateModelSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .unknown */ .L5J()
    .optional()
    .superRefine((value, ctx) => {
    if (value === undefined || (typeof value === 'string' && value.trim() !== ''))
        return;
    const got = typeof value === 'string' ? 'an empty string' : `${JSON.stringify(value) ?? String(value)}`.slice(0, 60);
    const params = {
        gate: { code: 'bad_config', located: true, hint: 'set candidate.model to the name of the model the candidate answers with, as a string (e.g. candidate.model: "gpt-4o"), or leave it out' },
    };
    ctx.addIssue({ code: 'custom', message: `setting "candidate.model": expected a model name (a string), got ${got}`, params });
})
    .transform((value) => (typeof value === 'string' ? value.trim() : undefined));
/**
 * The system under test, one member per kind; `kind` picks its implementation in
 * candidates/factory.ts. A new kind is a member here, a line in `CandidateBlockSchema`,
 * its file in candidates/ and a line in the factory.
 */
const CandidateConfigSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .discriminatedUnion */ .gMt('kind', [
    /** a predictions file written by an earlier step */
    zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({ kind: zod__WEBPACK_IMPORTED_MODULE_2__/* .literal */ .euz('predictions'), predictions: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(), model: CandidateModelSchema }).strict(),
    /** a command reading JSONL questions on stdin and writing JSONL answers on stdout */
    zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
        kind: zod__WEBPACK_IMPORTED_MODULE_2__/* .literal */ .euz('command'),
        command: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
        timeout_ms: CandidateTimeoutSchema,
        max_output_mb: CandidateMaxOutputSchema,
        env_passthrough: CandidateEnvPassthroughSchema,
        model: CandidateModelSchema,
    })
        .strict(),
    /** an HTTP endpoint, one request per question */
    zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({ kind: zod__WEBPACK_IMPORTED_MODULE_2__/* .literal */ .euz('http'), http: _candidate_js__WEBPACK_IMPORTED_MODULE_1__/* .HttpCandidateSchema */ .bL, model: CandidateModelSchema }).strict(),
]);
const CANDIDATE_KINDS = CandidateConfigSchema.options.map((o) => o.shape.kind.value);
/**
 * `candidate:` as evalgate.yml, flags and Action inputs write it: the kind is the key that is
 * set (`candidate: {command: "..."}`), with `timeout_ms` beside it. Becomes a
 * `CandidateConfig`, or undefined when no kind is set (compare, merge and pairwise need none;
 * a run says "no candidate given").
 */
const CandidateBlockSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    predictions: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().optional(),
    command: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().optional(),
    http: _candidate_js__WEBPACK_IMPORTED_MODULE_1__/* .HttpCandidateSchema */ .bL.optional(),
    timeout_ms: CandidateTimeoutSchema,
    max_output_mb: CandidateMaxOutputSchema,
    env_passthrough: CandidateEnvPassthroughSchema,
    model: CandidateModelSchema,
})
    .strict()
    .transform((block, ctx) => {
    const given = CANDIDATE_KINDS.filter((kind) => block[kind] !== undefined);
    if (given.length > 1) {
        const params = { gate: { code: 'usage', hint: 'use exactly one of --predictions, --candidate-cmd and --candidate-url' } };
        ctx.addIssue({ code: 'custom', message: `more than one candidate given (${given.join(', ')})`, params });
        return zod__WEBPACK_IMPORTED_MODULE_3__/* .NEVER */ .tm;
    }
    const kind = given[0];
    if (kind === undefined)
        return undefined;
    // the member's own keys: the kind's setting and whichever shared settings (timeout_ms) it uses
    const member = CandidateConfigSchema.options.find((o) => o.shape.kind.value === kind);
    const picked = Object.fromEntries(Object.keys(member.shape).flatMap((key) => (key in block ? [[key, block[key]]] : [])));
    return CandidateConfigSchema.parse({ ...picked, kind });
});
const DEFAULT_JUDGE_BASE_URL = 'https://api.openai.com/v1';
/** The values of judge.provider: each is one scoring provider in run/scorers/, chosen by its factory. */
const JUDGE_PROVIDERS = ['lexical', 'openai', 'azure', 'none'];
/** `embeddings_model: none`: no embeddings endpoint (Groq, llama.cpp without --embeddings); answer_relevancy is off */
const NO_EMBEDDINGS = 'none';
/** auto: strict json_schema, stepping down to json_object and then to plain text when the endpoint rejects a format */
const RESPONSE_FORMATS = ['auto', 'json_schema', 'json_object', 'text'];
/** `${NAME}` in a header or query value: filled from the environment, and the value is a secret */
const EnvTemplateMapSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().min(1), zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP()).default({});
/** A number in [low, high], or `default`: not sent, the server's own default applies. */
function sampling(name, low, high, whole, fallback) {
    const hint = `set judge.${name} to ${whole ? 'a whole number' : 'a number'} from ${low} to ${high}, or default to leave it to the server`;
    return zod__WEBPACK_IMPORTED_MODULE_2__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig(), zod__WEBPACK_IMPORTED_MODULE_2__/* .literal */ .euz('default')])
        .default(fallback)
        .superRefine((value, ctx) => {
        if (value === 'default' || (value >= low && value <= high && (!whole || Number.isInteger(value))))
            return;
        const params = { gate: { code: 'bad_config', hint, located: true } };
        ctx.addIssue({ code: 'custom', message: `judge.${name} is ${value}, outside ${low}..${high}`, params });
    });
}
const JudgeConfigSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    /** lexical: offline, deterministic; openai: any OpenAI-compatible endpoint; azure: Azure OpenAI deployments; none: rules, retrieval, citations only */
    provider: zod__WEBPACK_IMPORTED_MODULE_2__/* ["enum"] */ .k5n(JUDGE_PROVIDERS).default('lexical'),
    /** azure: the resource endpoint, e.g. https://my-resource.openai.azure.com */
    base_url: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().url().default(DEFAULT_JUDGE_BASE_URL),
    /** azure: the deployment name */
    model: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().min(1).optional(),
    /** azure: the embeddings deployment name; `none` turns answer_relevancy off */
    embeddings_model: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().min(1).optional(),
    /** azure: the api-version query parameter, e.g. 2024-10-21 */
    api_version: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().min(1).optional(),
    /** the name of the environment variable holding the key, never the key itself (default: the provider's, e.g. OPENAI_API_KEY) */
    api_key_env: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP()
        .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name, e.g. OPENAI_API_KEY')
        .optional(),
    /** extra request headers; `${NAME}` is filled from the environment */
    headers: EnvTemplateMapSchema,
    /** extra query parameters on every request; `${NAME}` is filled from the environment */
    query: EnvTemplateMapSchema,
    response_format: zod__WEBPACK_IMPORTED_MODULE_2__/* ["enum"] */ .k5n(RESPONSE_FORMATS).default('auto'),
    temperature: sampling('temperature', 0, 2, false, 0),
    /** a cap on each reply; a model stuck repeating itself stops here instead of at its context length */
    max_tokens: sampling('max_tokens', 1, 1_000_000, true, 4096),
    concurrency: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig()
        .int()
        .min(1, 'at least 1 judge call in flight')
        .max(MAX_JUDGE_CONCURRENCY, `at most ${MAX_JUDGE_CONCURRENCY} judge calls in flight at once; set it to what the endpoint's rate limit allows`)
        .default(8),
    timeout_ms: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().positive().default(60_000),
    max_retries: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().min(0).max(10).default(4),
    cache: zod__WEBPACK_IMPORTED_MODULE_2__/* .boolean */ .zMY().default(true),
    cache_dir: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().min(1).default('.evalgate-cache'),
    repeats: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().min(1).max(5).default(1),
    answer_relevancy: zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
        questions: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().min(1).max(10).default(3),
        noncommittal: zod__WEBPACK_IMPORTED_MODULE_2__/* ["enum"] */ .k5n(['soft', 'any', 'all']).default('soft'),
    })
        .strict()
        .default({ questions: 3, noncommittal: 'soft' }),
    prices: zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
        prompt_per_million: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().min(0).optional(),
        completion_per_million: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().min(0).optional(),
        embedding_per_million: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().min(0).optional(),
    })
        .strict()
        .optional(),
})
    .strict();
const BudgetSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({ calls: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().positive().optional(), tokens: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().positive().optional(), usd: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().positive().optional() }).strict();
/**
 * Everything a run needs, from evalgate.yml, CLI flags or Action inputs (in that order of
 * precedence, flags and inputs winning). Paths are relative to the working directory.
 */
const ConfigSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    eval_set: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().optional(),
    eval_set_version: zod__WEBPACK_IMPORTED_MODULE_2__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig()]).transform(String).optional(),
    version: zod__WEBPACK_IMPORTED_MODULE_2__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig()]).transform(String).optional(),
    candidate: CandidateBlockSchema.optional(),
    judge: JudgeConfigSchema.default(JudgeConfigSchema.parse({})),
    /** the run stops before its first model call when the plan would exceed this */
    budget: BudgetSchema.default({}),
    k: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().int().positive()).min(1).default([5]),
    rules: RulesConfigSchema.default(RulesConfigSchema.parse({})),
    baseline: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().optional(),
    gate: _gate_js__WEBPACK_IMPORTED_MODULE_0__/* .GateSettingsInputSchema */ .gQ.strict().default({}),
    out: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().optional(),
    report: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().optional(),
    /** history.csv to append this run's metrics to (and to draw the trend chart from) */
    history: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().optional(),
    /** `i/n`: score only the i-th of n deterministic slices of the eval set (merge them with evalgate merge) */
    shard: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP()
        .regex(/^\s*[1-9]\d*\s*\/\s*[1-9]\d*\s*$/, 'shard is written i/n, e.g. 2/4')
        .transform((v) => {
        const [index, count] = v.split('/').map((x) => Number(x.trim()));
        return { index, count };
    })
        .refine((s) => s.index <= s.count, 'the shard index must be between 1 and the shard count, e.g. 2/4')
        .optional(),
})
    .strict()
    .superRefine((config, ctx) => {
    const refusalAsForbidden = config.rules.forbidden.filter((w) => config.rules.refusal_phrases.some((p) => p.toLowerCase() === w.toLowerCase()));
    if (refusalAsForbidden.length > 0) {
        broken(ctx, ['rules', 'forbidden'], `rules.forbidden lists ${refusalAsForbidden.map((w) => `"${w}"`).join(', ')}, which is also a refusal phrase`, {
            code: 'bad_config',
            hint: 'a correct refusal must never count as a forbidden word: remove it from rules.forbidden',
            located: true,
        });
    }
});
/**
 * What `run` and calibrate-noise need beyond valid settings: an eval set, its version label and
 * a candidate (CandidateBlockSchema already refuses two). A scoring provider's own needs (the
 * LLM judge's model) are checked by its scorer in run/scorers/.
 */
const RunConfigSchema = ConfigSchema.superRefine((config, ctx) => {
    const usage = (path, message, hint) => broken(ctx, [path], message, { code: 'usage', hint });
    if (!config.eval_set)
        return usage('eval_set', 'no eval set given', 'pass --eval-set FILE or set eval_set in evalgate.yml');
    if (!config.eval_set_version) {
        return usage('eval_set_version', 'no eval_set_version given', 'pass --eval-set-version V (e.g. v1) or set eval_set_version in evalgate.yml: it labels which version of the questions the scores belong to');
    }
    if (!config.candidate)
        usage('candidate', 'no candidate given', 'pass --predictions FILE, --candidate-cmd "CMD" or --candidate-url URL (or candidate.predictions / .command / .http in evalgate.yml)');
});
function broken(ctx, path, message, gate) {
    const params = { gate };
    ctx.addIssue({ code: 'custom', path, message, params });
}


/***/ })

};
