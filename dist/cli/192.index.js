export const id = 192;
export const ids = [192];
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

/***/ 5908:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CN: () => (/* binding */ GATED),
/* harmony export */   IE: () => (/* binding */ CONFIG_DEFAULTS),
/* harmony export */   Lo: () => (/* reexport safe */ _commands_js__WEBPACK_IMPORTED_MODULE_2__.L),
/* harmony export */   Tt: () => (/* binding */ readOptions),
/* harmony export */   aQ: () => (/* binding */ JUDGE),
/* harmony export */   oq: () => (/* binding */ RUN)
/* harmony export */ });
/* unused harmony export optionName */
/* harmony import */ var _io_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7333);
/* harmony import */ var _schemas_config_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9812);
/* harmony import */ var _commands_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2739);




/** The commands that run a candidate, that gate, and that call the judge: the option table's usual `commands`. */
const RUN = ['run', 'calibrate-noise'];
const GATED = ['run', 'compare', 'merge', 'calibrate-noise'];
const JUDGE = ['run', 'calibrate-noise', 'pairwise'];
/** The config's defaults, shown in --help and action.yml. */
const CONFIG_DEFAULTS = _schemas_config_js__WEBPACK_IMPORTED_MODULE_1__/* .ConfigSchema */ .Sk.parse({});
/** The option's name as the user wrote it: `--max-drop` or `input "max-drop"`. */
function optionName(spec, shell) {
    return shell === 'cli' ? `--${spec.flag}` : `input "${spec.input}"`;
}
/**
 * Reads the options a shell was given, the same way for CLI flags and Action inputs: an empty
 * value is "not given", the value is parsed by its kind, and it lands in the setting it names.
 * Two options that give the same setting contradict each other.
 */
function readOptions(specs, shell, raw) {
    const overrides = {};
    const values = {};
    const settingGivenBy = new Map();
    for (const spec of specs) {
        const value = parseGiven(spec, shell, given(raw(spec)) ?? spec.default);
        if (value === undefined)
            continue;
        values[(shell === 'cli' ? spec.flag : spec.input)] = value;
        if (spec.setting === undefined)
            continue;
        const earlier = settingGivenBy.get(spec.setting);
        if (earlier)
            throw new _io_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .GateError */ .ue('usage', `${optionName(earlier, shell)} and ${optionName(spec, shell)} contradict each other`, 'use one of them');
        settingGivenBy.set(spec.setting, spec);
        setPath(overrides, spec.setting, value);
    }
    return { overrides, values };
}
/** Empty text and an unset switch are "not given". */
function given(raw) {
    if (typeof raw === 'string')
        return raw.trim() === '' ? undefined : raw.trim();
    if (Array.isArray(raw))
        return raw.map((r) => r.trim()).filter((r) => r !== '');
    return raw === true ? true : undefined;
}
function parseGiven(spec, shell, raw) {
    if (raw === undefined || raw === false)
        return undefined;
    if (raw === true)
        return spec.sets === undefined ? true : spec.sets;
    if (Array.isArray(raw))
        return raw;
    const v = spec.value;
    if (v === 'text' || v === 'switch')
        return raw;
    if (v === 'paths')
        return raw.split(/[\s,]+/).filter((p) => p !== '');
    if (v === 'number') {
        const n = Number(raw);
        return Number.isFinite(n) ? n : invalid(spec, shell, raw);
    }
    if (v === 'whole numbers') {
        const ns = raw.split(',').map((s) => Number(s.trim()));
        return ns.every((n) => Number.isInteger(n) && n >= 1) ? ns : invalid(spec, shell, raw);
    }
    return v.includes(raw) ? raw : invalid(spec, shell, raw);
}
/** `--max-drop expects a number, got "two"` on the command line; `input "max-drop": expected a number like 0.02, got "two"` in a workflow. */
function invalid(spec, shell, raw) {
    const v = spec.value;
    const choices = typeof v === 'string' ? null : v;
    if (shell === 'action') {
        const expected = choices ? `one of ${choices.join(', ')}` : `${v === 'number' ? 'a number' : 'whole numbers separated by commas'} like ${spec.example}`;
        throw new _io_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .GateError */ .ue('usage', `${optionName(spec, shell)}: expected ${expected}, got "${raw}"`, 'fix the value in the workflow step\'s "with:" block (see action.yml for every input)');
    }
    const expected = choices ? `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}` : v === 'number' ? 'a number' : 'whole numbers separated by commas';
    const hint = choices && spec.help ? spec.help.replace(/\s+/g, ' ') : `e.g. ${optionName(spec, shell)} ${spec.example ?? ''}`.trimEnd();
    throw new _io_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .GateError */ .ue('usage', `${optionName(spec, shell)} expects ${expected}, got "${raw}"`, hint);
}
function setPath(target, path, value) {
    const keys = path.split('.');
    let node = target;
    for (const key of keys.slice(0, -1))
        node = (node[key] ??= {});
    node[keys.at(-1)] = value;
}


/***/ }),

/***/ 6192:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  cz: () => (/* binding */ optionsOf)
});

// UNUSED EXPORTS: OPTIONS, actionInputs

// EXTERNAL MODULE: ./src/baseline/baseline.ts + 2 modules
var baseline = __webpack_require__(8095);
// EXTERNAL MODULE: ./src/schemas/config.ts
var config = __webpack_require__(9812);
// EXTERNAL MODULE: ./src/schemas/gate.ts
var gate = __webpack_require__(1689);
;// CONCATENATED MODULE: ./src/run/commandOptions.ts

/** Each command's own options (trend, baseline, power, lint-set, …): they lead their command's --help (options.ts puts them first). */
const COMMAND_OPTIONS = [
    { flag: 'history', value: 'text', commands: ['trend'], arg: 'FILE', help: 'history.csv', example: 'history.csv' },
    { flag: 'metric', value: 'text', commands: ['trend'], arg: 'M', help: 'e.g. rules_pass, faithfulness, recall@5', example: 'rules_pass' },
    { flag: 'out', value: 'text', commands: ['trend'], arg: 'FILE', help: 'the SVG to write', example: 'trend.svg' },
    { flag: 'threshold', value: 'number', commands: ['trend'], arg: 'X', help: 'draw the threshold line at X', example: '0.8' },
    { flag: 'title', value: 'text', commands: ['trend'], arg: 'T', help: 'chart title', example: 'rules_pass' },
    { flag: 'results', value: 'text', commands: ['baseline'], arg: 'FILE', help: 'results.json written by "evalgate run --out"', example: 'results.json' },
    { flag: 'out', value: 'text', default: baseline/* DEFAULT_BASELINE_PATH */.Gf, commands: ['baseline'], arg: 'FILE', help: `baseline to write (default ${baseline/* DEFAULT_BASELINE_PATH */.Gf})` },
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
    { flag: 'baseline', value: 'text', commands: ['compare'], arg: 'FILE', help: "baseline.json, or another run's results.json", example: baseline/* DEFAULT_BASELINE_PATH */.Gf },
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
];

// EXTERNAL MODULE: ./src/run/config.ts
var run_config = __webpack_require__(6123);
// EXTERNAL MODULE: ./src/run/option.ts
var run_option = __webpack_require__(5908);
;// CONCATENATED MODULE: ./src/run/judgeOptions.ts


/** The judge's settings (provider, endpoint, model, concurrency, cache, budget, plan): shared by the CLI and the Action, listed in options.ts after the candidate's. */
const JUDGE_OPTIONS = [
    {
        flag: 'judge',
        input: 'judge',
        value: config/* JUDGE_PROVIDERS */.D5,
        setting: 'judge.provider',
        commands: run_option/* JUDGE */.aQ,
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
        commands: run_option/* JUDGE */.aQ,
        arg: 'URL',
        help: `OpenAI-compatible base URL (default ${run_option/* CONFIG_DEFAULTS */.IE.judge.base_url}); azure: the resource endpoint;\nwithout a key, any other URL is called keyless`,
        description: `OpenAI-compatible base URL of the judge (default ${run_option/* CONFIG_DEFAULTS */.IE.judge.base_url}); with judge azure, the resource endpoint (https://NAME.openai.azure.com).`,
        example: 'http://127.0.0.1:11434/v1',
    },
    {
        flag: 'judge-model',
        input: 'judge-model',
        value: 'text',
        setting: 'judge.model',
        commands: run_option/* JUDGE */.aQ,
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
        commands: run_option/* JUDGE */.aQ,
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
        commands: run_option/* RUN */.oq,
        arg: 'E',
        help: 'embeddings model for answer_relevancy (e.g. text-embedding-3-small); azure: the\ndeployment name; none: answer_relevancy off (an endpoint without embeddings)',
        description: 'Embeddings model for answer_relevancy (with judge azure, the deployment name); none turns answer_relevancy off for an endpoint without embeddings.',
        example: 'text-embedding-3-small',
    },
    {
        flag: 'judge-api-key-env',
        value: 'text',
        setting: 'judge.api_key_env',
        commands: run_option/* JUDGE */.aQ,
        arg: 'NAME',
        help: 'environment variable holding the judge key (default OPENAI_API_KEY;\nazure: AZURE_OPENAI_API_KEY)',
        example: 'JUDGE_KEY',
    },
    {
        input: 'judge-api-key',
        value: 'text',
        secret: true,
        commands: [],
        description: 'Judge API key (pass a secret); else the environment variable OPENAI_API_KEY (AZURE_OPENAI_API_KEY for judge azure). Without a key the LLM tier is skipped with a warning, except that a base URL other than api.openai.com is called keyless.',
    },
    {
        flag: 'concurrency',
        value: 'number',
        setting: 'judge.concurrency',
        commands: run_option/* JUDGE */.aQ,
        arg: 'N',
        help: `judge calls in flight at once (default ${run_option/* CONFIG_DEFAULTS */.IE.judge.concurrency}, at most ${config/* MAX_JUDGE_CONCURRENCY */.FI})`,
        example: '4',
    },
    {
        flag: 'cache-dir',
        value: 'text',
        setting: 'judge.cache_dir',
        commands: run_option/* JUDGE */.aQ,
        arg: 'DIR',
        help: `judge response cache (default ${run_option/* CONFIG_DEFAULTS */.IE.judge.cache_dir}); a re-run makes no calls`,
        example: '.cache/judge',
    },
    { flag: 'no-cache', value: 'switch', setting: 'judge.cache', sets: false, commands: run_option/* JUDGE */.aQ, help: 'call the judge even for requests it has answered before' },
    {
        flag: 'budget-calls',
        input: 'budget-calls',
        value: 'number',
        setting: 'budget.calls',
        commands: run_option/* JUDGE */.aQ,
        arg: 'N',
        help: 'at most N judge calls (over budget.calls in evalgate.yml): a plan that needs more even\nwith well-formed replies stops before the candidate runs; past N no call is made and\nthe metrics left are errors. The preflight requests are outside the budget',
        description: 'At most N judge calls (overrides budget.calls in evalgate.yml); the preflight requests are outside the budget.',
        example: '2000',
    },
    {
        flag: 'budget-usd',
        input: 'budget-usd',
        value: 'number',
        setting: 'budget.usd',
        commands: run_option/* RUN */.oq,
        arg: 'X',
        help: 'at most $X of judge tokens at judge.prices (needed; over budget.usd in evalgate.yml),\nstopped the same way; the preflight requests are outside the budget',
        description: 'At most this many dollars of judge tokens at judge.prices, which must be set (overrides budget.usd in evalgate.yml); the preflight requests are outside the budget.',
        example: '5',
    },
    {
        flag: 'plan-only',
        value: 'switch',
        commands: ['run'],
        help: 'print the judge plan (calls, estimated tokens, $ at judge.prices, what the cache\nanswers) and exit 0: no candidate run, no judge request, no preflight',
    },
    {
        input: 'plan-only',
        value: ['true', 'false'],
        default: 'false',
        commands: [],
        description: 'true: print the judge plan (calls, estimated tokens, $ at judge.prices, what the cache answers) and stop: no candidate run, no judge request.',
    },
];

// EXTERNAL MODULE: ./src/run/pipeline.ts + 15 modules
var pipeline = __webpack_require__(3299);
;// CONCATENATED MODULE: ./src/run/options.ts








const NOISE_PASSES = '3';
/**
 * Every option, in the order --help lists them: the one list the CLI parses and action.yml is
 * checked against. The commands' own options and the judge's live in their own files
 * (commandOptions.ts, judgeOptions.ts) and are spliced in here, in place.
 */
const OPTIONS = [
    { flag: 'help', short: 'h', value: 'switch', commands: run_option/* COMMANDS */.Lo },
    // the commands' own options first: they lead their command's --help
    ...COMMAND_OPTIONS,
    // the settings a run is made of, shared by the CLI and the Action
    {
        flag: 'config',
        input: 'config',
        value: 'text',
        commands: ['run', 'compare', 'merge', 'calibrate-noise', 'pairwise', 'lint-set', 'check-rules'],
        arg: 'FILE',
        help: `settings file (default: ${run_config/* DEFAULT_CONFIG_FILE */.Cu} when present); flags win`,
        helpIn: {
            compare: `settings file for gate overrides (default: ${run_config/* DEFAULT_CONFIG_FILE */.Cu} when present)`,
            merge: `gate settings (default: ${run_config/* DEFAULT_CONFIG_FILE */.Cu} when present)`,
            pairwise: `settings file for the judge (default: ${run_config/* DEFAULT_CONFIG_FILE */.Cu} when present); flags win`,
            'lint-set': `settings file: eval_set and rules.refusal_phrases (default: ${run_config/* DEFAULT_CONFIG_FILE */.Cu} when present)`,
            'check-rules': `settings file: the rules to check and eval_set (default: ${run_config/* DEFAULT_CONFIG_FILE */.Cu} when present)`,
        },
        description: `Path of ${run_config/* DEFAULT_CONFIG_FILE */.Cu} (settings); inputs below override it.`,
        example: 'ci/evalgate.yml',
    },
    {
        flag: 'eval-set',
        input: 'eval-set',
        value: 'text',
        setting: 'eval_set',
        commands: [...run_option/* JUDGE */.aQ, 'lint-set', 'check-rules'],
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
        commands: run_option/* RUN */.oq,
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
        commands: run_option/* RUN */.oq,
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
        commands: run_option/* RUN */.oq,
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
        commands: run_option/* RUN */.oq,
        arg: '"CMD"',
        help: 'candidate as a command: JSONL {id, question} on stdin, JSONL answers on stdout',
        description: 'Candidate as a command (JSONL questions on stdin, JSONL answers on stdout).',
        example: 'python rag.py --jsonl',
    },
    {
        flag: 'candidate-timeout',
        value: 'number',
        setting: 'candidate.timeout_ms',
        commands: run_option/* RUN */.oq,
        arg: 'MS',
        help: `timeout for the candidate command (default ${config/* CandidateTimeoutSchema */.GV.parse(undefined)})`,
        example: '60000',
    },
    {
        flag: 'candidate-url',
        input: 'candidate-url',
        value: 'text',
        setting: 'candidate.http.url',
        commands: run_option/* RUN */.oq,
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
        commands: run_option/* RUN */.oq,
        label: '--k 5,10',
        help: `cut-offs for precision@k, recall@k, hit@k, ndcg@k (default ${run_option/* CONFIG_DEFAULTS */.IE.k.join(',')})`,
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
        example: baseline/* DEFAULT_BASELINE_PATH */.Gf,
    },
    { flag: 'no-baseline', value: 'switch', setting: 'baseline', sets: null, commands: run_option/* RUN */.oq, help: 'compare with nothing, even if evalgate.yml names a baseline (to write a new one)' },
    {
        flag: 'max-drop',
        input: 'max-drop',
        value: 'number',
        setting: 'gate.max_drop',
        commands: run_option/* GATED */.CN,
        arg: 'X',
        help: `allowed drop of any metric before the gate fails (default ${gate/* DEFAULT_GATE */.sV.max_drop})`,
        description: 'Allowed drop of any metric before the gate fails.',
        example: '0.02',
    },
    {
        flag: 'gate-mode',
        input: 'gate-mode',
        value: ['strict', 'significant'],
        setting: 'gate.gate_mode',
        commands: run_option/* GATED */.CN,
        arg: 'MODE',
        help: 'strict (default: fail on any drop beyond max_drop) or significant\n(fail only on drops whose 95% interval excludes no change, Holm-corrected)',
        description: 'strict (default): fail on any metric drop beyond max-drop; significant: only on drops whose 95% interval excludes no change (Holm-corrected).',
        example: 'significant',
    },
    {
        flag: 'out',
        value: 'text',
        setting: 'out',
        commands: run_option/* GATED */.CN,
        arg: 'FILE',
        help: `write results.json (a run not comparable with its baseline writes\n./${pipeline/* DEFAULT_RESULTS_PATH */.xN} without it: the fix command it prints names that file)`,
        helpIn: { compare: 'write results.json with the comparison', merge: 'merged results.json' },
        example: 'results.json',
    },
    { flag: 'report', value: 'text', setting: 'report', commands: run_option/* GATED */.CN, arg: 'FILE', help: 'write the Markdown report', example: 'report.md' },
    { flag: 'verbose', value: 'switch', commands: ['run', 'compare', 'merge'], help: 'also print every gate setting and where its value came from\n(default, the baseline, evalgate.yml or a flag)' },
    {
        flag: 'shard',
        input: 'shard',
        value: 'text',
        setting: 'shard',
        commands: run_option/* RUN */.oq,
        arg: 'i/n',
        help: 'score only the i-th of n deterministic slices (a GitHub Actions matrix);\nmerge the shards with "evalgate merge" to gate',
        description: 'i/n: score only the i-th of n deterministic slices of the eval set (a matrix job); merge them with mode: merge.',
        example: '2/4',
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
    { flag: 'no-color', value: 'switch', commands: run_option/* GATED */.CN, help: 'plain terminal output' },
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
        description: 'Lint the eval set before scoring (evalgate lint-set): findings become annotations on its lines. true: they never change the verdict; strict: an error-level finding fails the check; false (default): no lint.',
    },
    { input: 'results-path', value: 'text', default: 'evalgate-results.json', commands: [], description: 'Where to write results.json.' },
    { input: 'report-path', value: 'text', default: 'evalgate-report.md', commands: [], description: 'Where to write the Markdown report.' },
];
/** The options a command takes, in --help order. */
function optionsOf(command) {
    return OPTIONS.filter((o) => o.flag !== undefined && o.commands.includes(command));
}
/** The Action's inputs, one per action.yml entry. */
function actionInputs() {
    return OPTIONS.filter((o) => o.input !== undefined);
}


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
