export const id = 255;
export const ids = [255];
export const modules = {

/***/ 255:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  checkRulesCommand: () => (/* binding */ checkRulesCommand)
});

// EXTERNAL MODULE: ./src/io/errors.ts
var errors = __webpack_require__(7333);
// EXTERNAL MODULE: ./src/metrics/rules.ts
var metrics_rules = __webpack_require__(2158);
// EXTERNAL MODULE: ./src/schemas/evalSet.ts
var evalSet = __webpack_require__(458);
;// CONCATENATED MODULE: ./src/analysis/checkRules.ts
/**
 * `evalgate check-rules`: the rule tier measured against human verdicts (seed 003, 3.4:
 * "规则也要验收": label ~100 answers pass / block, compute each rule's precision and recall;
 * a forbidden-word list that contains "不知道" is the classic false alarm).
 *
 * The positive class is "the rule flags a problem": precision = flagged and truly bad / flagged,
 * recall = flagged and truly bad / truly bad, F1 = 2tp / (2tp + fp + fn); each null when its
 * denominator is 0. The rules are the run's own (metrics/rules.ts), routed on should_refuse.
 */



const RULE_COLUMNS = ['length_ok', 'citation_ok', 'no_forbidden', 'json_ok', 'refuse_ok', 'rules_pass'];
/** a single human verdict on the whole answer: measured against rules_pass */
const ACCEPTABLE = 'acceptable';
const OWN_COLUMNS = new Set(['id', 'answer', 'question', 'should_refuse']);
/** The rule each label column measures: its own name, or rules_pass for `acceptable`. */
function labelColumns(table) {
    const columns = table.columns ?? [...new Set(table.records.flatMap((r) => Object.keys(r.data)))];
    for (const required of ['id', 'answer']) {
        if (!columns.includes(required))
            throw new errors/* GateError */.ue('bad_input', `${(0,errors/* locate */.x5)(table.file, 1)}: missing column "${required}"`, 'a labels file has id, answer and one 0/1 column per rule (or acceptable)');
    }
    const known = new Set([...RULE_COLUMNS, ACCEPTABLE]);
    const unknown = columns.filter((c) => !known.has(c) && !OWN_COLUMNS.has(c) && /(_ok$|^no_)/.test(c));
    if (unknown.length > 0)
        throw new errors/* GateError */.ue('bad_input', `${(0,errors/* locate */.x5)(table.file, 1, unknown[0])}: not a rule`, `label columns are ${[...RULE_COLUMNS, ACCEPTABLE].join(', ')}`);
    if (columns.includes(ACCEPTABLE) && columns.includes('rules_pass')) {
        throw new errors/* GateError */.ue('bad_input', `${(0,errors/* locate */.x5)(table.file, 1, ACCEPTABLE)}: acceptable and rules_pass both label the whole answer`, 'keep one of the two columns');
    }
    const found = columns.filter((c) => known.has(c)).map((column) => ({ column, rule: column === ACCEPTABLE ? 'rules_pass' : column }));
    if (found.length === 0)
        throw new errors/* GateError */.ue('bad_input', `${(0,errors/* locate */.x5)(table.file, 1)}: no label column`, `add one 0/1 column per rule: ${[...RULE_COLUMNS, ACCEPTABLE].join(', ')}`);
    return found;
}
/** A label cell: 1 fine, 0 not fine, empty not labelled. */
function verdict(table, line, column, value) {
    if (value === null || value === undefined || String(value).trim() === '')
        return null;
    const parsed = evalSet/* booleanCell */.tb.safeParse(value);
    if (!parsed.success)
        throw new errors/* GateError */.ue('bad_input', `${(0,errors/* locate */.x5)(table.file, line, column)}: expected 1 (fine by this rule) or 0 (not), got "${String(value)}"`, 'write 1, 0, or leave the cell empty');
    return parsed.data;
}
/**
 * Scores every labelled answer with the rules and counts, per label column, where the rule and
 * the human agree. `rowFor` gives the eval-set row an answer belongs to (its should_refuse,
 * expect_json and required_keys route the rules), or a bad-input error.
 */
function checkRules(table, rules, rowFor) {
    const columns = labelColumns(table);
    const checks = Object.fromEntries(columns.map(({ column, rule }) => [rule, { column, precision: null, recall: null, f1: null, tp: 0, fp: 0, fn: 0, tn: 0, not_applicable: 0, misjudged: [] }]));
    for (const record of table.records) {
        const id = String(record.data.id ?? '').trim();
        if (id === '')
            throw new errors/* GateError */.ue('bad_input', `${(0,errors/* locate */.x5)(table.file, record.line, 'id')}: empty id`, 'every labelled answer needs the id of its question');
        const answer = record.data.answer;
        if (typeof answer !== 'string' && typeof answer !== 'number')
            throw new errors/* GateError */.ue('bad_input', `${(0,errors/* locate */.x5)(table.file, record.line, 'answer')}: no answer`, 'give the answer the labels are about');
        const scores = (0,metrics_rules/* scoreRules */.So)(rowFor(id, record.line, record.data), String(answer), rules);
        for (const { column, rule } of columns) {
            const fine = verdict(table, record.line, column, record.data[column]);
            if (fine === null)
                continue;
            const check = checks[rule];
            const score = scores[rule];
            if (!score || score.value === null) {
                check.not_applicable += 1;
                continue;
            }
            const flagged = score.value === 0;
            if (flagged && !fine)
                check.tp += 1;
            else if (flagged && fine)
                check.fp += 1;
            else if (!flagged && !fine)
                check.fn += 1;
            else
                check.tn += 1;
            if (flagged === fine)
                check.misjudged.push({ id, line: record.line, error: flagged ? 'false_positive' : 'false_negative', answer: String(answer), reason: score.reason ?? null });
        }
    }
    for (const check of Object.values(checks)) {
        check.precision = ratio(check.tp, check.tp + check.fp);
        check.recall = ratio(check.tp, check.tp + check.fn);
        check.f1 = ratio(2 * check.tp, 2 * check.tp + check.fp + check.fn);
    }
    return { answers: table.records.length, rules: checks, warnings: [] };
}
function ratio(numerator, denominator) {
    return denominator === 0 ? null : numerator / denominator;
}
/**
 * Rules that will misfire whatever the answers: a forbidden word that a refusal says (every
 * correct refusal to a question not marked should_refuse fails no_forbidden), or one that the
 * expected refusal of a should-refuse question contains.
 */
function staticRuleWarnings(rules, rows, lineOf) {
    const warnings = [];
    for (const word of rules.forbidden) {
        const lower = word.toLowerCase();
        const phrases = rules.refusal_phrases.filter((p) => p.toLowerCase().includes(lower));
        if (phrases.length > 0) {
            warnings.push(`forbidden word "${word}" is ${phrases.some((p) => p.toLowerCase() === lower) ? 'also a refusal phrase' : `inside the refusal phrase${phrases.length > 1 ? 's' : ''} ${phrases.map((p) => `"${p}"`).join(', ')}`}: a correct refusal fails no_forbidden wherever should_refuse is not set; remove it from rules.forbidden`);
        }
        const refusals = rows.filter((r) => r.should_refuse && r.ground_truth?.toLowerCase().includes(lower));
        if (refusals.length > 0) {
            warnings.push(`forbidden word "${word}" appears in the ground truth of should-refuse question${refusals.length > 1 ? 's' : ''} ${refusals
                .slice(0, 5)
                .map((r) => lineOf(r.id))
                .join(', ')}${refusals.length > 5 ? ', …' : ''}: the expected refusal says it, so any question that expects such an answer without should_refuse fails no_forbidden`);
        }
    }
    return warnings;
}

// EXTERNAL MODULE: ./src/io/tabular.ts + 1 modules
var tabular = __webpack_require__(6575);
// EXTERNAL MODULE: ./src/run/config.ts
var config = __webpack_require__(6123);
// EXTERNAL MODULE: ./src/run/evalSet.ts + 2 modules
var run_evalSet = __webpack_require__(7810);
// EXTERNAL MODULE: ./src/run/pipeline.ts + 15 modules
var pipeline = __webpack_require__(3299);
// EXTERNAL MODULE: ./src/schemas/config.ts
var schemas_config = __webpack_require__(9812);
;// CONCATENATED MODULE: ./src/cli/checkRules.ts








/**
 * `evalgate check-rules --labels labels.csv`: informs, never gates (exit 0 unless the input is
 * wrong). It reads only the rules and the eval set of evalgate.yml, and the rules without the
 * run's check that no forbidden word is a refusal phrase: that conflict is what it reports.
 */
function checkRulesCommand({ flags, request, io }) {
    const labelsFile = flags.labels;
    if (!labelsFile)
        throw new errors/* GateError */.ue('usage', 'check-rules needs --labels FILE', 'e.g. evalgate check-rules --labels eval/rule_labels.csv');
    const { rules, evalSetFile } = rulesSettings(request.configFile, request.overrides);
    const table = (0,tabular/* readTable */.xz)(labelsFile, 'labels file');
    const evalTable = evalSetFile ? (0,tabular/* readTable */.xz)(evalSetFile, 'eval set') : null;
    const rows = evalTable ? new Map((0,run_evalSet/* evalSetFromTable */.jo)(evalTable).rows.map((r) => [r.id, r])) : null;
    const evalLines = new Map((evalTable?.records ?? []).map((r) => [String(r.data.id ?? '').trim(), r.line]));
    const rowFor = (id, line, data) => {
        const given = data.should_refuse === undefined || String(data.should_refuse).trim() === '' ? null : evalSet/* booleanCell */.tb.safeParse(data.should_refuse);
        if (given && !given.success)
            throw new errors/* GateError */.ue('bad_input', `${(0,errors/* locate */.x5)(labelsFile, line, 'should_refuse')}: expected true/false/1/0/yes/no, got "${String(data.should_refuse)}"`, 'write true or false');
        const row = rows?.get(id);
        if (rows && !row)
            throw new errors/* GateError */.ue('bad_input', `${(0,errors/* locate */.x5)(labelsFile, line, 'id')}: "${id}" is not in the eval set ${evalSetFile}`, 'label answers to the questions of this eval set, or pass --eval-set with the right one');
        if (row && given && given.data !== row.should_refuse) {
            throw new errors/* GateError */.ue('bad_input', `${(0,errors/* locate */.x5)(labelsFile, line, 'should_refuse')}: says ${given.data}, the eval set says ${row.should_refuse} for "${id}"`, 'drop the column from the labels file, or fix one of the two');
        }
        return row ?? { ...BARE_ROW, id, should_refuse: given?.data ?? false };
    };
    const report = checkRules(table, rules, rowFor);
    report.warnings.push(...staticRuleWarnings(rules, [...(rows?.values() ?? [])], (id) => `${id} (${(0,errors/* locate */.x5)(evalSetFile ?? '', evalLines.get(id))})`));
    if (!rows && !table.records.some((r) => 'should_refuse' in r.data))
        report.warnings.push('no eval set and no should_refuse column: every answer was routed as an answerable question');
    io.stdout(flags.json ? JSON.stringify(report, null, 2) + '\n' : describe(report));
    return pipeline/* EXIT */.dc.pass;
}
const BARE_ROW = {
    id: '',
    question: '',
    ground_truth: null,
    reference_points: [],
    category: null,
    difficulty: null,
    should_refuse: false,
    relevant_docs: [],
    expect_json: false,
    required_keys: [],
    extra: {},
};
/** evalgate.yml's rules (checked on their own) and eval set, with --eval-set over the file's. */
function rulesSettings(configFile, overrides) {
    const file = (0,config/* readConfigFile */.RG)(configFile);
    const merged = (0,config/* applyOverrides */.iu)(file.data, overrides);
    const parsed = schemas_config/* RulesConfigSchema */.No.safeParse(merged.rules ?? {});
    if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new errors/* GateError */.ue('bad_config', `${file.source ?? 'flags'}: setting "rules${issue.path.length > 0 ? `.${issue.path.join('.')}` : ''}": ${issue.message}`, 'fix the rules in evalgate.yml');
    }
    const evalSet = merged.eval_set;
    if (evalSet !== undefined && typeof evalSet !== 'string')
        throw new errors/* GateError */.ue('bad_config', `${file.source}: setting "eval_set": expected a file name`, 'e.g. eval_set: eval/eval_set.csv');
    return { rules: parsed.data, evalSetFile: evalSet };
}
function describe(r) {
    const f = (v) => (v === null ? '—' : v.toFixed(2));
    const plain = (t) => t.replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu, ' ').replace(/\s+/g, ' ');
    const clip = (t) => (t.length > 60 ? `${t.slice(0, 59)}…` : t);
    const lines = [`${r.answers} labelled answers; positive = the rule flags a problem`, '', 'rule            precision  recall    F1    tp   fp   fn   tn   n/a'];
    for (const [rule, c] of Object.entries(r.rules)) {
        const counts = [c.tp, c.fp, c.fn, c.tn, c.not_applicable].map((n) => String(n).padStart(4)).join(' ');
        lines.push(`${rule.padEnd(15)} ${f(c.precision).padStart(9)} ${f(c.recall).padStart(7)} ${f(c.f1).padStart(5)} ${counts}${c.column !== rule ? `   (labels: ${c.column})` : ''}`);
    }
    for (const [rule, c] of Object.entries(r.rules)) {
        if (c.misjudged.length === 0)
            continue;
        lines.push('', `${rule} misjudges ${c.misjudged.length}:`);
        for (const m of c.misjudged.slice(0, 20)) {
            const what = m.error === 'false_positive' ? 'flags a fine answer' : 'misses a bad answer';
            lines.push(`  ${plain(m.id)} (line ${m.line}): ${what}${m.reason && m.error === 'false_positive' ? ` (${plain(m.reason)})` : ''}: "${clip(plain(m.answer))}"`);
        }
        if (c.misjudged.length > 20)
            lines.push(`  … and ${c.misjudged.length - 20} more (--json lists them all)`);
    }
    for (const w of r.warnings)
        lines.push('', `warning: ${plain(w)}`);
    return lines.join('\n') + '\n';
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


/***/ })

};
