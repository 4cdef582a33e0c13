export const id = 746;
export const ids = [746];
export const modules = {

/***/ 4746:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  calibrateNoiseCommand: () => (/* binding */ calibrateNoiseCommand)
});

// EXTERNAL MODULE: ./src/baseline/baseline.ts + 2 modules
var baseline_baseline = __webpack_require__(8095);
// EXTERNAL MODULE: ./src/metrics/registry.ts
var registry = __webpack_require__(1118);
// EXTERNAL MODULE: ./src/stats/normal.ts
var normal = __webpack_require__(2160);
// EXTERNAL MODULE: ./src/io/errors.ts
var errors = __webpack_require__(7333);
// EXTERNAL MODULE: ./src/run/pipeline.ts + 15 modules
var pipeline = __webpack_require__(3299);
// EXTERNAL MODULE: ./src/run/prepare.ts + 16 modules
var prepare = __webpack_require__(5816);
// EXTERNAL MODULE: ./src/run/scorers/factory.ts + 33 modules
var factory = __webpack_require__(724);
;// CONCATENATED MODULE: ./src/analysis/noise.ts






/**
 * Scores the same answers K times with the judge asked afresh each time (cache bypassed),
 * and proposes a max_drop per judged metric from the spread of the run means: a gate compares
 * two runs, so the noise of their difference is √2·sd, and 1.96·√2·sd is the drop noise alone
 * stays under 95% of the time (rounded up to 0.005).
 */
async function calibrateNoise(config, environment, passes) {
    if (!(0,factory/* judgedByModel */.wq)(config)) {
        throw new errors/* GateError */.ue('usage', `calibrate-noise measures the LLM judge's variance; judge.provider is ${config.judge.provider}, which gives the same scores every time`, 'use --judge openai (with its model and key)');
    }
    if (!Number.isInteger(passes) || passes < 2)
        throw new errors/* GateError */.ue('usage', `--runs must be a whole number of at least 2, got ${passes}`, 'e.g. --runs 3');
    const means = new Map();
    for (let k = 1; k <= passes; k++) {
        environment.logger.info(`calibrate-noise: pass ${k} of ${passes}`);
        const passConfig = { ...config, baseline: undefined };
        const deps = (0,prepare.prepareRun)(passConfig, { ...environment, judgeVariant: `noise-pass-${k}` });
        const results = await (0,pipeline/* runPipeline */.aI)(deps, passConfig);
        if (!deps.scorer.usesModel)
            throw new errors/* GateError */.ue('usage', 'the LLM tier was skipped (no judge key), so there is no judge variance to measure', `set ${(0,factory/* judgeKeyEnv */.Uo)(config) ?? 'the judge key'}`);
        for (const [metric, s] of Object.entries(results.metrics)) {
            if (s.mean === null)
                continue;
            const list = means.get(metric) ?? [];
            list.push(s.mean);
            means.set(metric, list);
        }
    }
    const z = (0,normal/* normalQuantile */.Z)(0.975);
    return (0,registry/* sortMetrics */.g4)(means.keys())
        .filter((m) => means.get(m).length === passes && (0,registry/* metricInfo */.R)(m)?.unit !== 'ms')
        .map((metric) => {
        const values = means.get(metric);
        const mean = values.reduce((a, b) => a + b, 0) / values.length;
        const sd = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (values.length - 1));
        const judged = (0,registry/* isJudgedByModel */.EC)(metric);
        const proposed = judged ? Math.max(0.005, Math.ceil((z * Math.SQRT2 * sd) / 0.005 - 1e-9) * 0.005) : null;
        return { metric, means: values, sd, proposed_max_drop: proposed === null ? null : Number(proposed.toFixed(3)) };
    });
}

// EXTERNAL MODULE: ./src/run/resolve.ts
var resolve = __webpack_require__(4721);
;// CONCATENATED MODULE: ./src/cli/noise.ts






/**
 * `evalgate calibrate-noise`: the judge asked K times over the same answers; proposes a
 * max_drop per judged metric, and with --write puts them into the baseline's
 * max_drop_overrides, read and written through the baseline's schema.
 */
async function calibrateNoiseCommand({ flags, request, io, logger }) {
    const f = flags;
    const { config, baselinePath } = (0,resolve.resolveRun)(request, 'cli');
    // checked before the first judge call: a baseline that cannot take the proposals would waste every pass
    const baseline = f.write ? (0,baseline_baseline/* readBaselineFile */.s$)(baselinePath) : null;
    if (f.write && !baseline) {
        throw new errors/* GateError */.ue('bad_input', `${baselinePath}: no baseline to write the proposals into`, `write the baseline first: ${(0,baseline_baseline/* updateBaselineCommand */.q8)('results.json', baselinePath)}`);
    }
    const rows = await calibrateNoise(config, (0,prepare.defaultEnvironment)(logger), f.runs);
    io.stdout(noiseTable(rows) + '\n');
    const proposals = Object.fromEntries(rows.filter((r) => r.proposed_max_drop !== null).map((r) => [r.metric, r.proposed_max_drop]));
    if (baseline) {
        (0,baseline_baseline/* writeBaselineFile */.b5)(baselinePath, { ...baseline, max_drop_overrides: { ...baseline.max_drop_overrides, ...proposals } });
        io.stdout(`wrote max_drop_overrides for ${Object.keys(proposals).length} metrics into ${baselinePath}\n`);
    }
    else if (Object.keys(proposals).length > 0) {
        io.stdout("run again with --write to put these into the baseline's max_drop_overrides\n");
    }
    return pipeline/* EXIT */.dc.pass;
}
function noiseTable(rows) {
    const lines = ['metric                 run means                          sd      proposed max_drop'];
    for (const r of rows) {
        lines.push(`${r.metric.padEnd(22)} ${r.means
            .map((m) => m.toFixed(3))
            .join(' ')
            .padEnd(34)} ${r.sd.toFixed(4)}  ${r.proposed_max_drop === null ? '(no judge: keep max_drop)' : r.proposed_max_drop.toFixed(3)}`);
    }
    return lines.join('\n');
}


/***/ }),

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


/***/ })

};
