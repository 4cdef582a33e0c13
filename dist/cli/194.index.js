export const id = 194;
export const ids = [194];
export const modules = {

/***/ 2199:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ju: () => (/* binding */ chronological),
/* harmony export */   b8: () => (/* binding */ appendHistory),
/* harmony export */   gr: () => (/* binding */ parseHistoryCsv)
/* harmony export */ });
/* unused harmony exports HISTORY_COLUMNS, historyRowsFromResults, formatHistoryCsv, seriesFor */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _io_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7333);
/* harmony import */ var _io_safeWrite_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5804);
/* harmony import */ var _io_tabular_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6575);




const HISTORY_COLUMNS = ['date', 'version', 'eval_set_version', 'metric', 'value'];
const HEADER = HISTORY_COLUMNS.join(',');
const ROW_HINT = 'each row is date,version,eval_set_version,metric,value, e.g. 2026-01-31,v1.2,v1,rules_pass,0.82 (quote a field that holds a comma or a quote: "a, b", "say ""hi""")';
/** ISO 8601 date or date-time: the order of the strings is the order of the dates. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
/** One row per metric that has a mean (a metric nobody could score is not a point on a trend), by metric name. */
function historyRowsFromResults(results, date) {
    const version = results.run.version ?? 'unversioned';
    const eval_set_version = results.run.eval_set_version;
    const rows = [];
    for (const [metric, summary] of Object.entries(results.metrics)) {
        if (summary.mean !== null && Number.isFinite(summary.mean))
            rows.push({ date, version, eval_set_version, metric, value: summary.mean });
    }
    return rows.sort((a, b) => (a.metric < b.metric ? -1 : a.metric > b.metric ? 1 : 0));
}
/** RFC 4180, one `\n`-terminated line per row. */
function formatHistoryCsv(rows, withHeader) {
    const lines = rows.map((r) => [r.date, neutralise(r.version), neutralise(r.eval_set_version), neutralise(r.metric), formatValue(r.value)].map(quoteField).join(','));
    if (withHeader)
        lines.unshift(HEADER);
    return lines.map((line) => `${line}\n`).join('');
}
function formatValue(value) {
    if (!Number.isFinite(value))
        throw new RangeError(`history value must be a finite number, got ${value}`);
    // String() keeps every digit, so format → parse gives the same number back
    return String(value);
}
/**
 * A label a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) gets a
 * leading `'`, as OWASP recommends for CSV injection; so does a label that already starts
 * with `'` before one of those, so reading strips exactly one quote and gives the label
 * back. Only labels: a value like -0.05 is a number, and stays one.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
function neutralise(label) {
    return FORMULA_START.test(label) ? `'${label}` : label;
}
function restoreLabel(cell) {
    return cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell;
}
function quoteField(field) {
    return /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}
/** Parses history.csv (BOM and CRLF tolerated). Empty text is an empty history. */
function parseHistoryCsv(text, file) {
    const table = (0,_io_tabular_js__WEBPACK_IMPORTED_MODULE_3__/* .parseCsv */ .Wk)(file, text);
    const columns = table.columns ?? [];
    if (columns.length === 0)
        return [];
    const missing = HISTORY_COLUMNS.find((c) => !columns.includes(c));
    if (missing) {
        throw new _io_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .GateError */ .ue('bad_input', `${(0,_io_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .locate */ .x5)(file, 1, missing)}: missing from the header (header has: ${columns.join(', ')})`, `the first line of a history file must be exactly: ${HEADER}`);
    }
    const extra = columns.find((c) => !HISTORY_COLUMNS.includes(c));
    if (extra !== undefined) {
        throw new _io_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .GateError */ .ue('bad_input', `${(0,_io_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .locate */ .x5)(file, 1, extra)}: not a history column`, `the first line of a history file must be exactly: ${HEADER}`);
    }
    return table.records.map(({ line, data }) => {
        const field = (column) => String(data[column] ?? '');
        const label = (column) => restoreLabel(field(column));
        const fail = (column, expected, got) => {
            throw new _io_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .GateError */ .ue('bad_input', `${(0,_io_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .locate */ .x5)(file, line, column)}: expected ${expected}, got "${got}"`, ROW_HINT);
        };
        const date = field('date').trim();
        if (!ISO_DATE.test(date))
            fail('date', 'an ISO date (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ)', date);
        const version = label('version');
        if (version.trim() === '')
            fail('version', 'a version label', version);
        const eval_set_version = label('eval_set_version');
        if (eval_set_version.trim() === '')
            fail('eval_set_version', 'an eval set version label', eval_set_version);
        const metric = label('metric').trim();
        if (metric === '')
            fail('metric', 'a metric name', metric);
        const raw = field('value').trim();
        const value = raw === '' ? NaN : Number(raw);
        if (!Number.isFinite(value))
            fail('value', 'a number', raw);
        return { date, version, eval_set_version, metric, value };
    });
}
/**
 * Appends this run's rows to a history file, writing the header when the file is new or
 * empty and creating its folder. Returns how many rows were written. The one function here
 * that touches the disk: the old bytes and the new rows are written as a whole new file by
 * the safe writer (history files are small), so a failed append leaves the old file intact.
 */
function appendHistory(path, results, date) {
    const rows = historyRowsFromResults(results, date);
    if (rows.length === 0)
        return 0;
    const before = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(path) ? (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(path) : Buffer.alloc(0);
    const existing = before.toString('utf8');
    const isEmpty = existing.replace(/^\uFEFF/, '').trim() === '';
    if (!isEmpty) {
        // appending under a foreign header would make the whole file unreadable
        const firstLine = existing
            .replace(/^\uFEFF/, '')
            .split(/\r?\n/, 1)[0]
            .trim();
        if (firstLine !== HEADER) {
            throw new _io_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .GateError */ .ue('bad_input', `${(0,_io_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .locate */ .x5)(path, 1)}: not a history file: the header is "${firstLine.slice(0, 80)}"`, `use a new file, or make its first line exactly: ${HEADER}`);
        }
    }
    const separator = !isEmpty && !/\n$/.test(existing) ? '\n' : '';
    (0,_io_safeWrite_js__WEBPACK_IMPORTED_MODULE_2__/* .writeFileSafely */ .k)(path, Buffer.concat([before, Buffer.from(separator + formatHistoryCsv(rows, isEmpty), 'utf8')]));
    return rows.length;
}
/**
 * The points of one metric, one series per eval set version: scores on different eval sets
 * are never joined into one line. Points in date order (stable for equal dates); series in
 * the order of their first date.
 */
function seriesFor(rows, metric) {
    const bySet = new Map();
    for (const row of chronological(rows, metric)) {
        let series = bySet.get(row.eval_set_version);
        if (!series) {
            series = { eval_set_version: row.eval_set_version, points: [] };
            bySet.set(row.eval_set_version, series);
        }
        series.points.push({ date: row.date, version: row.version, value: row.value });
    }
    // Map keeps insertion order, and rows arrive in date order: series are ordered by first date
    return [...bySet.values()];
}
/** The rows of one metric in date order; rows with equal dates keep their file order. */
function chronological(rows, metric) {
    return rows.filter((r) => r.metric === metric).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}


/***/ }),

/***/ 2194:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  baselineCommand: () => (/* binding */ baselineCommand),
  compareCommand: () => (/* binding */ compareCommand),
  mergeCommand: () => (/* binding */ mergeCommand),
  runCommand: () => (/* binding */ runCommand)
});

// EXTERNAL MODULE: ./src/baseline/baseline.ts + 2 modules
var baseline_baseline = __webpack_require__(8095);
// EXTERNAL MODULE: ./src/io/errors.ts
var errors = __webpack_require__(7333);
// EXTERNAL MODULE: ./src/compare/judgeHealth.ts
var judgeHealth = __webpack_require__(5598);
// EXTERNAL MODULE: ./src/metrics/registry.ts
var registry = __webpack_require__(1118);
// EXTERNAL MODULE: ./src/io/ids.ts
var ids = __webpack_require__(2298);
// EXTERNAL MODULE: ./src/run/score.ts + 3 modules
var score = __webpack_require__(9004);
// EXTERNAL MODULE: ./src/io/countOf.ts
var countOf = __webpack_require__(7262);
;// CONCATENATED MODULE: ./src/run/merge.ts







/**
 * Joins the results.json of every shard of one run into the results of the whole run. The
 * shards must come from the same eval set (version and fingerprint), the same judge and rule
 * definitions and the same shard count, and together cover every question exactly once;
 * anything else is refused with the file and the field. Shards are read one at a time, so
 * memory holds the merged questions, not every shard file at once.
 */
function mergeShardFiles(files) {
    if (files.length === 0)
        throw new errors/* GateError */.ue('usage', 'merge needs the results.json of every shard', 'e.g. evalgate merge --out merged.json shard-1.json shard-2.json');
    let first = null;
    const seen = new Map();
    const questions = (0,ids/* idRecord */.P5)();
    const owner = new Map();
    const metricNames = new Set();
    const notes = new Set();
    let usage = null;
    const timings = { candidate: 0, scoring: 0, total: 0 };
    let startedAt = '';
    let judgeStopped = null;
    for (const file of files) {
        const results = (0,baseline_baseline/* loadResults */.zV)(file);
        const shard = results.run.shard;
        if (!shard)
            throw new errors/* GateError */.ue('bad_input', `${file}: not a shard (run.shard is null)`, 'merge the results of runs made with --shard i/n (Action input shard)');
        if (!first)
            first = { file, results };
        checkSameRun(file, results, first);
        const previous = seen.get(shard.index);
        if (previous)
            throw new errors/* GateError */.ue('bad_input', `${file}: shard ${shard.index}/${shard.count} was already given as ${previous}`, 'give each shard once');
        seen.set(shard.index, file);
        for (const [id, q] of Object.entries(results.questions)) {
            if (owner.has(id))
                throw new errors/* GateError */.ue('bad_input', `${file}: question "${id}" is also in ${owner.get(id)}`, 'shards must not overlap: were they made with the same shard count?');
            owner.set(id, file);
            questions[id] = q;
        }
        Object.keys(results.metrics).forEach((m) => metricNames.add(m));
        results.run.notes.filter((n) => !n.startsWith('shard ')).forEach((n) => notes.add(n));
        usage = usage ? addUsage(usage, results.run.usage) : structuredClone(results.run.usage);
        timings.candidate = Math.max(timings.candidate, results.run.timings_ms.candidate);
        timings.scoring = Math.max(timings.scoring, results.run.timings_ms.scoring);
        timings.total = Math.max(timings.total, results.run.timings_ms.total);
        if (!startedAt || results.run.started_at < startedAt)
            startedAt = results.run.started_at;
        judgeStopped ??= results.run.judge_stopped ?? null;
    }
    const ref = first.results.run;
    const total = checkComplete(ref.shard, seen, Object.keys(questions).length);
    const metrics = (0,registry/* sortMetrics */.g4)(metricNames);
    for (const q of Object.values(questions))
        for (const m of metrics)
            if (!(m in q.scores))
                q.scores[m] = null;
    const summary = (0,score/* summarise */.fS)(questions, metrics);
    return {
        schema_version: first.results.schema_version,
        run: {
            ...ref,
            question_count: total,
            shard: null,
            started_at: startedAt,
            timings_ms: timings,
            usage: usage,
            notes: [...notes, `merged from ${files.length} shards`],
            ...(judgeStopped ? { judge_stopped: judgeStopped } : {}),
        },
        metrics: summary,
        questions,
        comparison: null,
        // the shards' judge health covered their own questions; the whole run's is computed again
        judge_health: first.results.judge_health && (0,judgeHealth/* judgeHealth */.u7)(questions, null, null),
    };
}
/** Every shard given, and together they hold every question of the eval set; returns that count. */
function checkComplete(shard, seen, total) {
    const missing = Array.from({ length: shard.count }, (_, i) => i + 1).filter((i) => !seen.has(i));
    if (missing.length > 0) {
        throw new errors/* GateError */.ue('bad_input', `incomplete run: shard${missing.length > 1 ? 's' : ''} ${missing.join(', ')} of ${shard.count} missing`, "pass the results.json of every shard (download all the matrix jobs' artifacts)");
    }
    if (total !== shard.total_questions) {
        throw new errors/* GateError */.ue('bad_input', `the shards hold ${(0,countOf/* countOf */.p)(total, 'question')}, the eval set has ${shard.total_questions}`, 'every shard must come from the same eval set and run');
    }
    return total;
}
/** A shard of another run (eval set, judge and rules, shard count, k) is refused, naming the field. */
function checkSameRun(file, results, first) {
    const ref = first.results.run;
    const run = results.run;
    const mismatch = (what, a, b) => new errors/* GateError */.ue('bad_input', `${file}: ${what} ${JSON.stringify(b)} differs from ${JSON.stringify(a)} in ${first.file}`, 'merge only the shards of one run: same eval set, judge, rules and shard count');
    if (run.eval_set_version !== ref.eval_set_version)
        throw mismatch('eval_set_version', ref.eval_set_version, run.eval_set_version);
    if (run.eval_set_fingerprint !== ref.eval_set_fingerprint)
        throw mismatch('eval_set_fingerprint', ref.eval_set_fingerprint, run.eval_set_fingerprint);
    if (!sameJudge(run.judge, ref.judge))
        throw mismatch('judge', ref.judge, run.judge);
    if (run.shard.count !== ref.shard.count)
        throw mismatch('shard count', ref.shard.count, run.shard.count);
    if (String(run.k) !== String(ref.k))
        throw mismatch('k', ref.k, run.k);
}
function sameJudge(a, b) {
    return a.provider === b.provider && a.model === b.model && a.embeddings_model === b.embeddings_model && a.definitions_hash === b.definitions_hash && a.rules_hash === b.rules_hash;
}
function addUsage(a, b) {
    const by_family = structuredClone(a.by_family);
    for (const [name, f] of Object.entries(b.by_family)) {
        const t = by_family[name];
        by_family[name] = t
            ? {
                calls: t.calls + f.calls,
                cache_hits: t.cache_hits + f.cache_hits,
                retries: t.retries + f.retries,
                errors: t.errors + f.errors,
                prompt_tokens: t.prompt_tokens + f.prompt_tokens,
                completion_tokens: t.completion_tokens + f.completion_tokens,
                ms: t.ms + f.ms,
            }
            : f;
    }
    return {
        llm_calls: a.llm_calls + b.llm_calls,
        embedding_calls: a.embedding_calls + b.embedding_calls,
        prompt_tokens: a.prompt_tokens + b.prompt_tokens,
        completion_tokens: a.completion_tokens + b.completion_tokens,
        cache_hits: a.cache_hits + b.cache_hits,
        retries: a.retries + b.retries,
        cost_usd: a.cost_usd === null && b.cost_usd === null ? null : (a.cost_usd ?? 0) + (b.cost_usd ?? 0),
        by_family,
        planned: a.planned && b.planned ? { chat: a.planned.chat + b.planned.chat, embeddings: a.planned.embeddings + b.planned.embeddings, tokens: a.planned.tokens + b.planned.tokens } : null,
    };
}

// EXTERNAL MODULE: ./src/run/pipeline.ts + 15 modules
var pipeline = __webpack_require__(3299);
// EXTERNAL MODULE: ./src/run/prepare.ts + 16 modules
var run_prepare = __webpack_require__(5816);
// EXTERNAL MODULE: ./src/run/resolve.ts
var resolve = __webpack_require__(4721);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: ./src/baseline/history.ts
var baseline_history = __webpack_require__(2199);
// EXTERNAL MODULE: ./src/io/jsonFile.ts
var jsonFile = __webpack_require__(6130);
// EXTERNAL MODULE: ./src/io/safeWrite.ts
var safeWrite = __webpack_require__(5804);
// EXTERNAL MODULE: ./src/io/tabular.ts + 1 modules
var tabular = __webpack_require__(6575);
// EXTERNAL MODULE: ./src/baseline/gate.ts
var gate = __webpack_require__(3696);
// EXTERNAL MODULE: ./src/io/visible.ts
var visible = __webpack_require__(8906);
;// CONCATENATED MODULE: ./src/report/escape.ts

/**
 * Everything that came from the eval set, the candidate or the judge goes through here
 * before it reaches Markdown: it must not break a table, inject HTML, open a code span,
 * notify anyone through an @mention, link an issue or a URL, or hide and reorder text with
 * control, bidi or zero-width characters.
 */
function escapeCell(text, maxChars = 160) {
    return escapeInline(flatClip(text, maxChars));
}
/** One line of at most `maxChars` code points (the last one … when cut): line breaks and runs of blanks become one space. */
function flatClip(text, maxChars) {
    const flat = text
        .replace(/\r?\n|\r/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    return [...flat].length > maxChars ? `${[...flat].slice(0, maxChars - 1).join('')}…` : flat;
}
function escapeInline(text) {
    // CommonMark lets any ASCII punctuation be escaped with a backslash: readable in the raw
    // Markdown (report.md, a terminal) and rendered literally (no link, emphasis, code span,
    // or extra table column)
    return inert(htmlEscaped(text).replace(/[\\`*_[\]|~]/g, '\\$&'));
}
/**
 * Text inside raw HTML (a <summary>), where Markdown is not parsed and a backslash would show:
 * entities only, on one line of at most `maxChars` code points.
 */
function escapeHtmlText(text, maxChars = 160) {
    return inert(htmlEscaped(flatClip(text, maxChars)));
}
function htmlEscaped(text) {
    return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
/**
 * Controls as their codes, and entities, not invisible characters, so what is copied is what
 * was written: "#123" and "GH-123" would link an issue, "@octocat" notify a user (GitHub only
 * sees a mention after a non-word character, so "precision@5" is left alone), a bare URL
 * become a link.
 */
function inert(text) {
    return (0,visible/* showInvisible */.jQ)(text, '\n\t')
        .replace(/#(?=[\p{L}\p{N}_])/gu, '&#35;')
        .replace(/(?<![A-Za-z0-9_])@(?=[\p{L}\p{N}_-])/gu, '&#64;')
        .replace(/\b(GH)-(?=\d)/gi, '$1&#45;')
        .replace(/\b([a-z][a-z0-9+.-]*):(?=\/\/)/gi, '$1&#58;')
        .replace(/\b(www)\.(?=[\p{L}\p{N}])/giu, '$1&#46;');
}
/**
 * A code span holding `text` exactly as written: no backslash escape is needed (or shown)
 * inside it, because its fence is one backtick longer than the longest run of backticks in
 * the text (CommonMark), padded with a space when the text starts or ends with one. Line
 * breaks become spaces and control characters their visible codes. Not for table cells,
 * where `|` would still end the cell.
 */
function codeSpan(text) {
    const flat = (0,visible/* showInvisible */.jQ)(text.replace(/\r?\n|\r/g, ' '));
    const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((m) => m[0].length));
    const fence = '`'.repeat(longest + 1);
    const pad = flat.startsWith('`') || flat.endsWith('`') || (flat.startsWith(' ') && flat.endsWith(' ') && flat.trim() !== '') ? ' ' : '';
    return `${fence}${pad}${flat}${pad}${fence}`;
}
/** A fenced code block around `text` as written: the fence is longer than any run of backticks in it. */
function codeBlock(text) {
    const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
    const fence = '`'.repeat(Math.max(3, longest + 1));
    return `${fence}\n${text}\n${fence}`;
}

;// CONCATENATED MODULE: ./src/report/gateSettings.ts



/** The settings that gated the run, in the schema's order, each with its source. */
function gateSettingLines(c) {
    return Object.entries(c.gate).map(([key, value]) => ({ key, value: settingValue(value), source: c.gate_sources?.[key] ?? null }));
}
/** `max_drop 0.05 (evalgate.yml)`; the caller makes the text safe for where it goes. */
function settingText(line) {
    return `${line.key} ${line.value} (${sourceText(line)})`;
}
function sourceText(line) {
    return line.source ?? 'source not recorded';
}
/** A number or word as written; a per-metric or per-category map as `metric value, …`, or `none`. */
function settingValue(value) {
    if (value === undefined || value === null)
        return 'not set';
    if (typeof value !== 'object')
        return String(value);
    const entries = flatten(value, '');
    return entries.length === 0 ? 'none' : entries.join(', ');
}
function flatten(map, prefix) {
    return Object.entries(map).flatMap(([key, value]) => typeof value === 'object' && value !== null ? flatten(value, `${prefix}${key}.`) : [`${prefix}${key} ${String(value)}`]);
}
/** The report's folded block: every setting that gated the run and where its value came from. */
function gateSettingsDetails(c) {
    return [
        '<details><summary>Gate settings</summary>',
        '',
        `Each setting's value and where it came from (${escapeInline(gate/* GATE_PRECEDENCE */.Vv)}: a later one wins):`,
        '',
        ...gateSettingLines(c).map((line) => `- ${codeSpan(line.key)} ${escapeInline(line.value)} (${escapeInline(sourceText(line))})`),
        '',
        '</details>',
        '',
    ];
}
/** The same for the terminal (--verbose): one setting a line, outside text with its control characters shown as codes. */
function gateSettingsText(c, title = 'gate settings') {
    return [`${title} (${gate/* GATE_PRECEDENCE */.Vv}: a later one wins):`, ...gateSettingLines(c).map((line) => `  ${(0,visible/* showInvisible */.jQ)(settingText(line))}`)];
}
/** What `evalgate baseline` wrote (`written`: the settings the new baseline holds), as the run was gated. */
function writtenSettingsText(c, written, resultsPath) {
    const lines = gateSettingLines(c);
    const kept = lines.filter((line) => line.key in written);
    return [
        `gate settings written, as they gated ${(0,visible/* showInvisible */.jQ)(resultsPath)} (${gate/* GATE_PRECEDENCE */.Vv}: a later one wins):`,
        ...(kept.length > 0 ? kept.map((line) => `  ${(0,visible/* showInvisible */.jQ)(settingText(line))}`) : ['  none']),
    ];
}

// EXTERNAL MODULE: ./src/baseline/answer.ts
var answer = __webpack_require__(3025);
;// CONCATENATED MODULE: ./src/report/answers.ts





/** What the reports say when a regressed question's answer hashes the same as in the baseline. */
const UNCHANGED_WORDS = 'answer unchanged: the drop comes from scoring or the contexts, not from the answer';
/** The regressed questions the baseline kept an answer for, worst first, each once. */
function answeredBefore(c) {
    const seen = new Set();
    const out = [];
    for (const { id } of c.regressions) {
        const before = (0,ids/* ownValue */.eC)(c.baseline_answers, id);
        if (seen.has(id) || !before)
            continue;
        seen.add(id);
        out.push([id, before]);
    }
    return out;
}
/**
 * The Markdown report's before/after: one <details> per regressed question, worst first, at
 * most `limit`, with a count of the ones cut. Answers are untrusted text: each line is escaped
 * and the lines joined with <br> on one source line, which starts with our own words, so no
 * answer can open a block (heading, list, HTML), close the <details> or mention anyone.
 */
function answersSection(c, questions, limit) {
    if (c.regressions.length === 0 || c.baseline.kind === 'minimal')
        return [];
    const answered = answeredBefore(c);
    if (answered.length === 0) {
        return ['_No answers to compare: the baseline keeps none (written before evalgate kept them); a baseline written by `evalgate baseline` now keeps each answer._', ''];
    }
    const out = [`**Answers before and after** (${(0,countOf/* countOf */.p)(answered.length, 'question')} that fell, worst first)`, ''];
    for (const [id, before] of answered.slice(0, limit)) {
        const after = (0,answer/* capAnswer */.vR)((0,ids/* ownValue */.eC)(questions, id)?.answer ?? '').answer;
        out.push(`<details><summary>${escapeHtmlText(id, 40)}: ${before.unchanged ? UNCHANGED_WORDS : 'answer changed'}</summary>`, '');
        if (before.unchanged)
            out.push(`**Answer** (the same before and after): ${answerText(after)}`, '');
        else
            out.push(`**Before**: ${answerText(before.answer)}`, '', `**After**: ${answerText(after)}`, '');
        out.push('</details>', '');
    }
    if (answered.length > limit) {
        out.push(`_${(0,countOf/* countOf */.p)(answered.length - limit, 'more answer')} cut to keep the report readable and under GitHub's comment size limit; the baseline's answers are in results.json (comparison.baseline_answers)._`, '');
    }
    return out;
}
/** One source line: each line of the answer escaped, joined with <br>. */
function answerText(text) {
    if (text.trim() === '')
        return '_(empty)_';
    return text
        .split(/\r\n|\r|\n/)
        .map((line) => escapeInline(line))
        .join('<br>');
}
/**
 * The terminal's before/after for the worst few regressed questions: one short line each side
 * (or one line saying the answer did not change), controls shown as codes.
 */
function answerLines(c, questions, max, dim) {
    const answered = answeredBefore(c).slice(0, max);
    if (answered.length === 0)
        return [];
    const lines = ['', `  Answers before → after (worst ${(0,countOf/* countOf */.p)(answered.length, 'question')}):`];
    for (const [id, before] of answered) {
        const label = answers_short(id, 10).padEnd(10);
        if (before.unchanged) {
            lines.push(`    ${label} ${dim(UNCHANGED_WORDS)}`);
            continue;
        }
        lines.push(`    ${label} before: ${answers_short(before.answer, 70)}`, `    ${' '.repeat(10)} after:  ${answers_short((0,ids/* ownValue */.eC)(questions, id)?.answer ?? '', 70)}`);
    }
    return lines;
}
/** One line of at most `max` code points, controls and invisible characters as their codes. */
function answers_short(text, max) {
    const flat = text.replace(/\s+/g, ' ').trim();
    return (0,visible/* showInvisible */.jQ)((0,answer/* capAnswer */.vR)(flat, max).answer);
}

;// CONCATENATED MODULE: ./src/report/words.ts

/**
 * What the gate made of a metric, in plain words: the terminal prints these, the Markdown
 * report puts its emoji in front of them. One map, so the two never say different things.
 */
const STATUS_WORDS = {
    regression: 'regression',
    regression_within_noise: 'regression within noise',
    improvement: 'improvement',
    within: 'within max_drop',
    new: 'new (not gated)',
    not_computed: 'not computed',
    no_baseline: '',
    not_gated: 'not gated',
};
/** A row's status in words; `within` names the limit the row is within (latency: latency_rise and latency_min_ms). */
function statusWords(row) {
    if (row.status === 'within' && row.limit.kind === 'latency_rise')
        return 'within latency_rise';
    return STATUS_WORDS[row.status];
}
/** A latency row's p50 and p95, which the gate holds (the row's own values are means): `p50 30 → 33 ms, p95 40 → 300 ms`. */
function percentileWords(row) {
    if (!row.percentiles)
        return '';
    const ms = (v) => `${Math.round(v)}`;
    return ['p50', 'p95'].map((p) => `${p} ${ms(row.percentiles[p].baseline)} → ${ms(row.percentiles[p].candidate)} ms`).join(', ');
}
/** "9 questions worse, 1 better": the header and the terminal say the counts the noise note tests (compare's changeCounts). */
function questionCountWords(c) {
    const mixed = c.questions_mixed > 0 ? `, ${c.questions_mixed} mixed${MIXED}` : '';
    return `${(0,countOf/* countOf */.p)(c.questions_worse, 'question')} worse, ${c.questions_better} better${mixed}`;
}
/** The distinct questions in the regression (or improvement) table: the worse (better) ones and the mixed ones. */
function questionsIn(c, kind) {
    return (kind === 'regressions' ? c.questions_worse : c.questions_better) + c.questions_mixed;
}
/** A subset run (--only, --failing-from) says plainly that it is not the whole eval set and was not gated; null for any other run. */
function subsetSentence(results) {
    const subset = results.run.subset;
    if (!subset)
        return null;
    const c = results.comparison;
    const compared = c && c.verdict !== 'incomparable' && c.baseline.kind !== 'none' ? `compared with the baseline on these ${(0,countOf/* countOf */.p)(c.common, 'question')} only` : 'not compared with a baseline';
    return `subset run, not gated: ${subset.questions} of the eval set's ${(0,countOf/* countOf */.p)(subset.total_questions, 'question')} (${subset.by}), ${compared}; the gate needs the whole eval set (a subset run exits 2 and cannot become the baseline)`;
}
/** What a mixed question is, said once per report. */
const MIXED = ' (worse on one metric, better on another)';
/**
 * Why a drop beyond its limit is within noise: the recorded reason, or for a file written
 * before the reason was, the same rule applied to its numbers (the interval of a drop that
 * excludes 0 lies on the side of the drop, so "contains 0" needs no direction).
 */
function noiseReason(f) {
    if (f.reason)
        return f.reason;
    if (f.interval.low <= 0 && f.interval.high >= 0)
        return 'interval_includes_zero';
    return f.p !== null && f.p >= 0.05 ? 'test_not_significant' : 'holm_correction';
}
/**
 * The reason in a few words, for a status cell beside the interval: a drop whose interval
 * excludes 0 is never called noise without saying which test disagrees.
 */
function noiseReasonShort(f) {
    switch (noiseReason(f)) {
        case 'interval_includes_zero':
            return 'CI includes 0';
        case 'test_not_significant':
            return `CI excludes 0 but paired test p = ${pValue(f.p)}`;
        case 'holm_correction':
            return `CI excludes 0 but Holm p = ${pValue(f.p_holm)}`;
    }
}
/** A p-value as the reports print it: three places, and "< 0.001" below that. */
function pValue(p) {
    if (p === null)
        return '—';
    return p < 0.001 ? '< 0.001' : p.toFixed(3);
}

;// CONCATENATED MODULE: ./src/report/failures.ts



/**
 * The words for a gate failure, in plain text: the terminal, the check's failure message,
 * and (escaped) the Markdown report. The data is in results.json; nothing parses these.
 */
function failureSentence(f) {
    switch (f.kind) {
        case 'category_floor':
            return `category ${f.category}: ${f.metric} ${fmt(f.value)} is below its floor ${f.limit}`;
        case 'category_missing':
            return `category ${f.category}: by_category sets floors for ${f.metrics.join(', ')}, but no question has this category`;
        default:
            return `${f.metric}: ${failureDetail(f)}`;
    }
}
/** What went wrong with one metric, without its name (the terminal's status column). */
function failureDetail(f) {
    switch (f.kind) {
        case 'latency':
            if (f.percentile !== null)
                return percentileRise(f.percentile, f.baseline, f.candidate, f.value, f.limit, f.min_ms);
            return dropWords(true, f.value, f.limit) + (f.noise ? noiseWords(f.noise) : '');
        case 'max_drop':
        case 'significant':
            return dropWords(f.unit === 'fraction', f.value, f.limit) + (f.kind === 'significant' || !f.noise ? '' : noiseWords(f.noise));
        case 'threshold':
            if (f.value === null)
                return `no value to check against the threshold ${f.limit}`;
            return `${fmt(f.value)} is ${f.bound === 'floor' ? 'below' : 'above'} the threshold ${f.limit}`;
        case 'error_rate':
            return `${f.errors} of ${(0,countOf/* countOf */.p)(f.questions, 'question')} errored (${pct(f.value)}), more than max_error_rate ${pct(f.limit)}`;
    }
}
/**
 * The Markdown report's words: the same sentence, escaped, with each metric name in a code
 * span, so that what is copied from the report (rendered or raw) pastes back into
 * `thresholds` as the metric's own name.
 */
function failureMarkdown(f) {
    switch (f.kind) {
        case 'category_floor':
            return `category ${escapeInline(f.category)}: ${codeSpan(f.metric)} ${fmt(f.value)} is below its floor ${f.limit}`;
        case 'category_missing':
            return `category ${escapeInline(f.category)}: by\\_category sets floors for ${f.metrics.map(codeSpan).join(', ')}, but no question has this category`;
        default:
            return `${codeSpan(f.metric)}: ${escapeInline(failureDetail(f))}`;
    }
}
/** The failures of one metric row, in report order (the drop first). */
function failuresOf(c, metric) {
    return c.failures.filter((f) => f.kind !== 'category_floor' && f.kind !== 'category_missing' && f.metric === metric);
}
function dropWords(latency, value, limit) {
    // a latency rise is relative to the baseline; a score drop is in score points
    return latency ? `rose ${pct(value)}, more than the allowed ${pct(limit)}` : `dropped ${fmt(value)}, more than max_drop ${limit}`;
}
/** A latency percentile's rise: both values in ms, the rise, and both limits it went past. */
function percentileRise(percentile, baseline, candidate, rise, limit, minMs) {
    const ms = (v) => `${+v.toFixed(1)}`;
    const floor = minMs === null ? '' : ` and latency_min_ms ${minMs} ms`;
    return `${percentile} rose from ${ms(baseline)} to ${ms(candidate)} ms (+${ms(candidate - baseline)} ms, +${pct(rise)}), more than latency_rise ${pct(limit)}${floor}`;
}
/** The evidence behind "within noise", with the reason when the interval alone would say otherwise. */
function noiseWords(noise) {
    const flips = noise.flips ? `${(0,countOf/* countOf */.p)(noise.flips.worse, 'question')} worse / ${noise.flips.better} better` : '';
    const ci = `95% CI of Δ ${signedFmt(noise.interval.low)} to ${signedFmt(noise.interval.high)}`;
    switch (noiseReason(noise)) {
        case 'interval_includes_zero':
            return ` (within noise: ${ci} includes 0${flips && `, ${flips}`}, Holm p = ${pValue(noise.p_holm)})`;
        case 'test_not_significant':
            return ` (within noise: the ${ci} excludes 0, but the paired test does not tell the drop from noise${flips && ` on ${flips}`}: p = ${pValue(noise.p)})`;
        case 'holm_correction':
            // a file written before the paired test's p was kept has only the Holm p to show
            return noise.p === null
                ? ` (within noise: the ${ci} excludes 0${flips && ` on ${flips}`}, but not after Holm's correction across the metrics: Holm p = ${pValue(noise.p_holm)})`
                : ` (within noise: the ${ci} excludes 0 and the paired test gives p = ${pValue(noise.p)}${flips && ` on ${flips}`}, but not after Holm's correction across the metrics that changed: Holm p = ${pValue(noise.p_holm)})`;
    }
}
function fmt(value) {
    return value === null ? '—' : value.toFixed(3);
}
function pct(value) {
    return value === null ? '—' : `${(value * 100).toFixed(1)}%`;
}
function signedFmt(v) {
    return `${v >= 0 ? '+' : ''}${v.toFixed(3)}`;
}

;// CONCATENATED MODULE: ./src/report/metricTable.ts



const EMOJI = {
    regression: '❌ ',
    regression_within_noise: '⚠️ ',
    improvement: '✅ ',
    within: '',
    new: '🆕 ',
    not_computed: '⚪ ',
    no_baseline: '',
    not_gated: '',
};
/** The metric table: every metric with baseline, candidate, Δ, its interval, its limit and what the gate made of it. */
function metricTable(results) {
    const c = results.comparison;
    // an incomparable baseline compares nothing: the table shows this run's scores alone
    const compared = c && c.verdict !== 'incomparable' ? c : null;
    const rows = compared ? compared.metrics : Object.entries(results.metrics).map(([metric, s]) => ({ metric, candidate: s.mean, n_candidate: s.n }));
    const lines = ['| metric | baseline | candidate | Δ | 95% CI of Δ | limit | status |', '|---|--:|--:|--:|--:|--:|---|'];
    for (const row of rows) {
        const full = 'status' in row ? row : null;
        const summary = results.metrics[row.metric];
        const nulls = summary && summary.nan > 0 ? ` <sub>n=${summary.n}, ${summary.nan} null${summary.errors > 0 ? `, ${summary.errors} errors` : ''}</sub>` : '';
        const status = full && compared ? statusCell(full, compared) : '—';
        const limit = full && full.status !== 'no_baseline' ? limitCell(full) : '—';
        const ci = full?.interval ? intervalCell(row.metric, full.interval) : '—';
        lines.push(`| ${row.metric} | ${value(row.metric, full?.baseline ?? null)} | ${value(row.metric, row.candidate)}${nulls} | ${full ? deltaCell(full) : '—'} | ${ci} | ${limit} | ${status} |`);
    }
    return lines;
}
function intervalCell(metric, interval) {
    const digits = (0,registry/* metricInfo */.R)(metric)?.unit === 'ms' ? 0 : 3;
    return `${signed(interval.low, digits)} … ${signed(interval.high, digits)}`;
}
function statusCell(row, c) {
    const failures = failuresOf(c, row.metric);
    const words = row.status === 'within' && failures.length > 0 ? '' : statusWords(row) + withinNoiseWhy(row);
    const parts = [words && EMOJI[row.status] + words];
    // the gate holds latency's p50 and p95, not the mean the row shows
    if (row.percentiles)
        parts.push(percentileWords(row));
    if (row.threshold !== null)
        parts.push(failures.some((f) => f.kind === 'threshold') ? `❌ threshold ${row.threshold}` : `threshold ${row.threshold} ✓`);
    if (failures.some((f) => f.kind === 'error_rate'))
        parts.push(`❌ error rate ${row.errors}/${row.questions}`);
    return parts.filter(Boolean).join(' · ') || '—';
}
/** After "regression within noise", why: the interval sits in the next column and may exclude 0. */
function withinNoiseWhy(row) {
    if (row.status !== 'regression_within_noise' || !row.interval)
        return '';
    return ` (${noiseReasonShort({ interval: row.interval, p: row.p, p_holm: row.p_holm, reason: row.noise_reason })})`;
}
function limitCell(row) {
    if (row.limit.kind === 'latency_rise')
        return row.limit.value === null ? 'not gated' : `+${Math.round(row.limit.value * 100)}% and +${row.limit.min_ms ?? '?'} ms`;
    return `−${row.limit.value}`;
}
/** Δ in the metric's unit: milliseconds for latency, score points otherwise. */
function deltaCell(row) {
    if (row.delta === null)
        return '—';
    if ((0,registry/* metricInfo */.R)(row.metric)?.unit === 'ms')
        return `${signed(row.delta, 0)} ms`;
    return signed(row.delta, 3);
}
/** A metric's value in its unit: milliseconds rounded, scores to three places. */
function value(metric, v) {
    if (v === null)
        return '—';
    return (0,registry/* metricInfo */.R)(metric)?.unit === 'ms' ? `${Math.round(v)} ms` : v.toFixed(3);
}
/** A signed number with a real minus sign, and ± for a value that rounds to zero. */
function signed(v, digits) {
    const text = Math.abs(v).toFixed(digits);
    if (Number(text) === 0)
        return `±${text}`;
    return `${v < 0 ? '−' : '+'}${text}`;
}

// EXTERNAL MODULE: ./src/compare/reasons.ts
var reasons = __webpack_require__(2550);
;// CONCATENATED MODULE: ./src/report/worst.ts


/**
 * A run's worst questions, for a run without a baseline to compare with (a first run, a
 * shard, an incomparable baseline): most failing rules (an error counts as one) first, then
 * the lowest mean score, then id. A question that fails nothing and scores 1 everywhere
 * (latency and precision@k, which cannot reach 1 with fewer relevant docs than k, aside) is
 * not listed. The terminal and the Markdown report both list these.
 */
function worstQuestionsOf(results) {
    const metrics = Object.keys(results.metrics);
    const worst = Object.entries(results.questions).map(([id, q]) => describe(id, q, metrics));
    return worst
        .filter((w) => w.failing.length > 0 || w.errors.length > 0 || (w.lowest !== null && w.lowest.value < 1))
        .sort((a, b) => badness(b) - badness(a) || (a.score ?? 0) - (b.score ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
function badness(w) {
    return w.failing.length + (w.errors.length > 0 ? 1 : 0);
}
function describe(id, q, metrics) {
    const failing = [];
    const scores = [];
    for (const metric of metrics) {
        const value = q.scores[metric];
        const info = (0,registry/* metricInfo */.R)(metric);
        // precision@k cannot reach 1 when a question has fewer than k relevant docs: it would make every question look bad
        if (value === null || value === undefined || info?.unit === 'ms' || info?.pattern === 'precision@K')
            continue;
        if (info?.family === 'rules') {
            if (value === 0 && metric !== 'rules_pass')
                failing.push(metric);
        }
        else {
            scores.push({ metric, value: info?.higherIsBetter === false ? 1 - value : value });
        }
    }
    const lowest = scores.reduce((low, s) => (low === null || s.value < low.value ? s : low), null);
    const score = scores.length > 0 ? scores.reduce((sum, s) => sum + s.value, 0) / scores.length : null;
    const errors = Object.keys(q.errors);
    const explained = failing[0] ?? lowest?.metric;
    const reason = (explained && (0,reasons/* questionReason */.F)(q, explained)) ?? (errors.length > 0 ? q.errors[errors[0]] : null);
    return { id, failing, errors, score, lowest, reason };
}
/** What went wrong with a worst question, in words both renderers print: `fails citation_ok; lowest faithfulness 0.20`. */
function worstWords(w) {
    const parts = [
        w.failing.length > 0 ? `fails ${w.failing.join(', ')}` : '',
        w.errors.length > 0 ? `error in ${w.errors.join(', ')}` : '',
        w.lowest && w.lowest.value < 1 ? `lowest ${w.lowest.metric} ${w.lowest.value.toFixed(2)}` : '',
    ];
    return parts.filter(Boolean).join('; ');
}

;// CONCATENATED MODULE: ./src/report/layout.ts





/**
 * The parts of the comment a reviewer reads first, shaped for a phone: short tables of at
 * most five columns with the status in words near the left edge, everything else folded.
 */
/** How many questions "Worst questions" names before the full table further down. */
const WORST_SHOWN = 3;
/** A metric the main table shows: the gate did not call it within its limit (nor leave it ungated), or it failed a threshold or error rate. */
function moved(row, c) {
    return (row.status !== 'within' && row.status !== 'not_gated') || failuresOf(c, row.metric).length > 0;
}
/**
 * The metrics section: with a baseline, only the metrics that moved or failed, the others
 * named in one line, and the full table (interval, limit, nulls) in a <details>.
 */
function metricsSection(results) {
    const c = results.comparison;
    const compared = c && c.verdict !== 'incomparable' && c.baseline.kind !== 'none' ? c : null;
    const full = ['<details><summary>All metrics: baseline, candidate, 95% interval of Δ, limit</summary>', '', ...metricTable(results), '', '</details>', ''];
    if (!compared)
        return ['#### Metrics', '', ...valueTable(results), '', ...full];
    const shown = compared.metrics.filter((m) => moved(m, compared));
    const out = ['#### Metrics', ''];
    if (shown.length > 0)
        out.push(...movedTable(shown, compared), '');
    out.push(foldUnchanged(compared.metrics.filter((m) => !moved(m, compared))), '');
    return [...out, ...full];
}
/** metric | status | baseline → candidate | Δ: four columns, the status second so a 390 px screen sees it. */
function movedTable(rows, c) {
    const lines = ['| metric | status | baseline → candidate | Δ |', '|---|---|---|--:|'];
    for (const row of rows) {
        const delta = deltaCell(row);
        lines.push(`| ${row.metric} | ${statusCell(row, c)} | ${value(row.metric, row.baseline)} → ${value(row.metric, row.candidate)} | ${delta} |`);
    }
    return lines;
}
/** One line naming the metrics that stayed within their limits, with Δ where it does not round to zero. */
function foldUnchanged(rows) {
    if (rows.length === 0)
        return '_Every metric moved beyond its limit or failed a check._';
    const names = rows.map((r) => {
        const delta = deltaCell(r);
        const named = delta !== '—' && delta[0] !== '±' ? `${r.metric} ${delta}` : r.metric;
        return r.status === 'not_gated' ? `${named} (not gated)` : named;
    });
    return `**Within their limits** (${rows.length}): ${names.join(', ')}.`;
}
/** Without a comparison: metric | value | n, every metric. */
function valueTable(results) {
    const lines = ['| metric | value | n |', '|---|--:|---|'];
    for (const [metric, s] of Object.entries(results.metrics)) {
        const n = s.nan > 0 ? `${s.n} (${s.nan} null${s.errors > 0 ? `, ${s.errors} errors` : ''})` : `${s.n}`;
        lines.push(`| ${metric} | ${value(metric, s.mean)} | ${n} |`);
    }
    return lines;
}
/**
 * The worst few questions right under the verdict, as a list (a table here would be seven
 * columns wide): id, category, question, the metric and how far it fell, and why. Without a
 * baseline to compare with, the run's own worst questions.
 */
function worstQuestions(results) {
    const c = results.comparison;
    const questions = results.questions;
    if (!c || c.verdict === 'incomparable' || c.baseline.kind === 'none')
        return worstOfRun(results);
    if (c.regressions.length === 0)
        return [];
    const seen = new Set();
    const worst = c.regressions.filter((q) => !seen.has(q.id) && seen.add(q.id)).slice(0, WORST_SHOWN);
    const lines = [`**Worst questions** (${worst.length} of ${questionsIn(c.change_counts, 'regressions')} that fell; all in the table below)`];
    for (const q of worst) {
        const text = questions[q.id]?.question;
        const what = `${q.metric} ${value(q.metric, q.baseline)} → ${value(q.metric, q.candidate)}`;
        const why = q.reason ? `: ${escapeCell(q.reason, 100)}` : '';
        lines.push(`- **${escapeCell(q.id, 40)}**${q.category ? ` (${escapeCell(q.category, 24)})` : ''}${text ? ` ${escapeCell(text, 60)}` : ''} — ${what}${why}`);
    }
    return [...lines, ''];
}
/** How many of a run's worst questions the report lists when there is no baseline (the rest are in results.json). */
const WORST_LISTED = 25;
/** Without a baseline: the run's own worst questions (worstQuestionsOf), the first few in view, the others folded. */
function worstOfRun(results) {
    const worst = worstQuestionsOf(results);
    if (worst.length === 0)
        return [];
    const item = (w) => {
        const q = results.questions[w.id];
        const why = w.reason ? `: ${escapeCell(w.reason, 100)}` : '';
        return `- **${escapeCell(w.id, 40)}**${q.category ? ` (${escapeCell(q.category, 24)})` : ''} ${escapeCell(q.question, 60)} — ${escapeCell(worstWords(w), 200)}${why}`;
    };
    const lines = [`**Worst questions** (${worst.length} with a failing rule, an error or a score below 1; most failing rules first, then lowest scores)`];
    lines.push(...worst.slice(0, WORST_SHOWN).map(item), '');
    const more = worst.slice(WORST_SHOWN, WORST_LISTED);
    if (more.length > 0) {
        lines.push(`<details><summary>${more.length} more</summary>`, '', ...more.map(item));
        if (worst.length > WORST_LISTED)
            lines.push('', `_${worst.length - WORST_LISTED} more in results.json._`);
        lines.push('', '</details>', '');
    }
    return lines;
}

// EXTERNAL MODULE: ./src/stats/permutation.ts
var permutation = __webpack_require__(1295);
;// CONCATENATED MODULE: ./src/report/noise.ts




/** Noise is stated, not hidden: what this n can detect, how many questions moved, and the other gate mode. */
function noiseSection(c) {
    const lines = [];
    const folded = [];
    if (c.noise) {
        const n = c.noise;
        const chance = n.sign_p === null ? '' : n.sign_p < 0.05 ? ', more than chance explains' : ', within what chance explains';
        // one plain sentence in view; the numbers behind it folded below
        lines.push(`**Noise**: ${(0,countOf/* countOf */.p)(n.n, 'question')} compared; ${n.questions_worse} got worse and ${n.questions_better} better${mixed(c)} (sign test p = ${pValue(n.sign_p)}${chance}), and at this n only a change of about ${noise_pct(n.mde)} or more is detected reliably.`);
        folded.push(`A pass rate has a 95% interval of ±${noise_pct(n.half_width)} at this n; ${noise_pct(n.mde)} is the change detected with 80% power (MDE).`, '', ...perMetricTable(c));
    }
    const modes = c.verdicts_by_mode;
    if (modes) {
        // always stated, so a team can see what switching modes would change before it does
        const other = c.gate.gate_mode === 'strict' ? 'significant' : 'strict';
        const why = other === 'significant'
            ? ' (it fails only on drops whose interval excludes no change and whose paired test does too, Holm-corrected across the metrics that changed)'
            : ' (it fails on every drop beyond max_drop)';
        // a mode that would have decided otherwise is news and stays in view; agreement is folded
        if (modes.strict === modes.significant)
            folded.push('', `gate_mode \`${c.gate.gate_mode}\` decided **${c.verdict}**; \`${other}\` would have said the same.`);
        else
            lines.push('', `gate_mode \`${c.gate.gate_mode}\` decided **${c.verdict}**; \`${other}\` would have said **${modes[other]}**${why}.`);
    }
    if (folded.length > 0)
        lines.push('', '<details><summary>Noise per metric</summary>', '', ...folded, '', '</details>');
    if (lines.length > 0)
        lines.push('');
    return lines;
}
/** Each metric that moved on some question: worse / better, its paired test, p and Holm-corrected p, MDE; then what Holm ran over. */
function perMetricTable(c) {
    const rows = c.metrics.filter((m) => m.flips && m.mde !== null && (m.flips.worse > 0 || m.flips.better > 0));
    if (rows.length === 0)
        return ['No metric changed on any question.'];
    return [
        '| metric | worse / better | p (paired test) | Holm p | MDE |',
        '|---|--:|--:|--:|--:|',
        ...rows.map((m) => `| ${m.metric} | ${m.flips.worse} / ${m.flips.better} | ${pValue(m.p)}${m.test ? ` (${TEST_WORDS[m.test]})` : ''} | ${pValue(m.p_holm)} | ${noise_pct(m.mde)} |`),
        ...holmSentence(c),
    ];
}
const TEST_WORDS = {
    sign_flip_exact: 'permutation, exact',
    sign_flip_monte_carlo: `permutation, ${permutation/* SIGN_FLIP_RESAMPLES */.l.toLocaleString('en')} draws`,
    sign_flip_normal: 'permutation, normal limit',
    mcnemar_mid_p: 'McNemar mid-p',
};
/** What Holm's correction ran over: the metrics that changed, each family of tied metrics counted once. */
function holmSentence(c) {
    const tests = c.noise?.tests ?? [];
    if (tests.length === 0)
        return [];
    const families = tests.filter((t) => t.metrics.length > 1).map((t) => `${t.family} (${t.metrics.join(', ')})`);
    const tied = families.length > 0 ? ` Tied metrics are one family, tested once (Simes' combination of their p): ${families.join('; ')}.` : '';
    const latency = tests.filter((t) => (0,registry/* metricInfo */.R)(t.metrics[0])?.gate === 'latency_rise');
    const scores = tests.length - latency.length;
    const apart = latency.length > 0 ? ` Latency is corrected on its own, apart from the scores.` : '';
    return ['', `Holm's correction ran over ${(0,countOf/* countOf */.p)(scores, 'test')}: one per metric that changed on at least one question; a metric no question moved on is not tested.${tied}${apart}`];
}
function noise_pct(x) {
    return `${(x * 100).toFixed(1)} pp`;
}
/** Questions worse on one metric and better on another: in neither count, named so the counts add up. */
function mixed(c) {
    const m = c.change_counts.questions_mixed;
    return m > 0 ? `, ${m} mixed${MIXED}` : '';
}

;// CONCATENATED MODULE: ./src/report/mermaid.ts
/**
 * Mermaid `xychart-beta` blocks, which GitHub renders inside a PR comment. The grammar is
 * small and strict: a quoted string ends at the next `"`, `[` / `]` delimit lists, `%%`
 * starts a comment and a newline ends a statement. Every label that came from a user is
 * sanitised so it can never end a string or a list early.
 *
 * What real Mermaid does with these blocks (checked by rendering them in a browser):
 * - it draws no legend, and its default light palette starts with #ECECFF, a line that is
 *   barely visible on white: each block sets its own palette in an `%%{init}%%` directive,
 *   and the trend title names each line's colour;
 * - a bar grows from the bottom of the plot, never from zero, so a negative bar is drawn
 *   upwards from the axis minimum: the flip chart draws the size of each change, and the
 *   label says which way it went;
 * - x-axis labels are never rotated or thinned: they are shortened to fit their slot, and
 *   the flip chart is horizontal, one row per question.
 */
/**
 * Points on the trend: the last 20 baselines and this run. Mermaid never rotates or thins
 * x-axis labels itself, so past THIN_ABOVE points every other label is left blank.
 */
const MAX_TREND_POINTS = 21;
/** above this many points, every other x label is left blank so the rest stay legible */
const THIN_ABOVE = 12;
const MAX_LABEL_CHARS = 24;
/**
 * Okabe–Ito colours: told apart with the common colour-vision deficiencies, and visible on
 * both of GitHub's backgrounds (light and dark). The trend title names them.
 */
const PALETTE = [
    { colour: '#0072B2', name: 'blue' },
    { colour: '#E69F00', name: 'orange' },
    { colour: '#009E73', name: 'green' },
    { colour: '#CC79A7', name: 'pink' },
    { colour: '#56B4E9', name: 'light blue' },
    { colour: '#D55E00', name: 'red' },
];
/** chart width in px (Mermaid's default is 700, which clips a three-metric title); GitHub scales it to the column */
const WIDTH = 900;
/** px left for the x-axis labels once the y axis and its title are drawn */
const PLOT_WIDTH = WIDTH - 100;
const LABEL_FONT = 12;
/** average advance of a label character at LABEL_FONT, enough to decide what fits */
const CHAR_PX = 6.6;
/** a trend label is shortened to fit its slot less this gap, but never below MIN_LABEL_CHARS ("this PR") */
const LABEL_GAP_PX = 8;
const MIN_LABEL_CHARS = 7;
/** height of one flip-chart row, and the title and axis above the rows */
const ROW_PX = 22;
const FLIP_CHROME_PX = 110;
/**
 * One line per metric over the last MAX_TREND_POINTS points. xychart-beta draws no legend, so the title
 * names the metrics in the order of the lines. A missing value carries the previous one
 * (0 before the first), and a comment in the block says so. Empty input gives ''.
 */
function trendChart(series, options = {}) {
    const count = Math.min(series.labels.length, MAX_TREND_POINTS);
    if (count === 0 || series.lines.length === 0)
        return '';
    // labels are never rotated: each gets what fits in its slot, its end kept (versions differ at the end)
    // above THIN_ABOVE points only every other label is written (counting back from the newest, so
    // "this PR" always is); the others are distinct invisible strings, so each point keeps its slot
    const thin = count > THIN_ABOVE;
    const slots = thin ? Math.ceil(count / 2) : count;
    const fit = Math.max(MIN_LABEL_CHARS, Math.min(MAX_LABEL_CHARS, Math.floor((PLOT_WIDTH / slots - LABEL_GAP_PX) / CHAR_PX)));
    const written = uniqueLabels(series.labels.slice(-count).map((l) => shortenMiddle(sanitise(l, MAX_LABEL_CHARS), fit)));
    const labels = written.map((l, i) => (thin && (count - 1 - i) % 2 === 1 ? '\u200b'.repeat(i + 1) : l));
    const notes = [];
    const lines = series.lines.map(({ metric, values }) => fillLine(metric, values, count, notes));
    // identical lines would hide each other: one line, named after all of them ("rules_pass = faithfulness")
    const drawn = [];
    for (const line of lines) {
        const same = drawn.find((d) => d.values.every((v, i) => v === line.values[i]));
        if (same)
            same.metrics.push(line.metric);
        else
            drawn.push({ metrics: [line.metric], values: line.values });
    }
    const all = drawn.flatMap((l) => l.values);
    const yMin = Math.min(options.yMin ?? 0, ...all);
    const yMax = Math.max(options.yMax ?? 1, ...all);
    // no legend: the title says which colour is which metric
    const names = drawn.map((l, i) => `${l.metrics.join(' = ')} (${PALETTE[i % PALETTE.length].name})`).join(', ');
    const title = options.title ? `${names} · ${options.title}` : names;
    return block([
        `title ${quote(title, 110)}`,
        `x-axis [${labels.map((l) => `"${l}"`).join(', ')}]`,
        `y-axis "score" ${num(yMin)} --> ${num(yMax)}`,
        ...drawn.map((l) => `line [${l.values.map(num).join(', ')}]`),
        ...notes,
    ], { palette: drawn.map((_, i) => PALETTE[i % PALETTE.length].colour) });
}
/**
 * The last `count` values of one metric, aligned from the end (values[last] belongs to the
 * newest label), with each gap filled and a `%%` note saying how.
 */
function fillLine(metric, values, count, notes) {
    const window = Array.from({ length: count }, (_, i) => values[values.length - count + i] ?? null);
    const filled = [];
    let seen = false;
    let carried = 0;
    let leading = 0;
    for (const v of window) {
        if (v !== null && Number.isFinite(v)) {
            filled.push(round3(v));
            seen = true;
        }
        else if (seen) {
            filled.push(filled.at(-1));
            carried++;
        }
        else {
            filled.push(0);
            leading++;
        }
    }
    const parts = [];
    if (carried > 0)
        parts.push(`${carried} missing value${carried > 1 ? 's' : ''} carried forward from the previous point`);
    if (leading > 0)
        parts.push(`${leading} missing value${leading > 1 ? 's' : ''} before the first one drawn as 0`);
    if (parts.length > 0)
        notes.push(`%% ${comment(metric)}: ${parts.join('; ')}`);
    return { metric, values: filled };
}
/**
 * Per-question change (candidate − baseline) as horizontal bars, one row per question, from
 * the largest drop to the largest gain. A bar is the size of the change and its label says
 * the direction (▼ drop, ▲ gain): Mermaid grows every bar from the axis minimum, so a signed
 * bar would draw the largest drop as the shortest bar. When there are more than `max`
 * questions, the `max` largest |changes| are kept and the block says how many were left
 * out. Empty input gives ''.
 */
function flipChart(changes, options = {}) {
    const max = Math.max(1, Math.floor(options.max ?? 40));
    const deltas = changes.map((c) => ({ id: c.id, delta: c.candidate - c.baseline })).filter((c) => Number.isFinite(c.delta));
    if (deltas.length === 0)
        return '';
    const byId = (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const kept = [...deltas]
        .sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta) || byId(a, b))
        .slice(0, max)
        .sort((a, b) => a.delta - b.delta || byId(a, b));
    const sizes = kept.map((c) => Math.abs(round3(c.delta)));
    // at least 0–1 (a score's whole range), rounded out to 0.25 steps beyond that
    const yMax = Math.max(1, Math.ceil(Math.max(...sizes) / 0.25) * 0.25);
    const cut = deltas.length - kept.length;
    const base = options.title ?? 'per-question change (candidate − baseline)';
    const title = cut > 0 ? `${base}, largest ${kept.length} of ${deltas.length}` : base;
    const arrow = (delta) => (delta < 0 ? '▼' : delta > 0 ? '▲' : '=');
    return block([
        `title ${quote(title, 110)}`,
        `x-axis [${uniqueLabels(kept.map((c) => `${arrow(round3(c.delta))} ${sanitise(c.id, MAX_LABEL_CHARS)}`))
            .map((l) => `"${l}"`)
            .join(', ')}]`,
        `y-axis "size of change (▼ drop, ▲ gain)" 0 --> ${num(yMax)}`,
        `bar [${sizes.map(num).join(', ')}]`,
        ...(cut > 0 ? [`%% ${cut} smaller change${cut > 1 ? 's' : ''} not drawn`] : []),
    ], { horizontal: true, height: FLIP_CHROME_PX + ROW_PX * kept.length, palette: [PALETTE[0].colour] });
}
/**
 * The fenced block: an `%%{init}%%` directive (size, fonts, palette: settings every Mermaid
 * with xychart-beta knows; GitHub honours the directive), then the chart. The directive is
 * built from constants only, never from a label.
 */
function block(statements, layout) {
    const init = {
        xyChart: { width: WIDTH, height: Math.max(250, Math.round(layout.height ?? 500)), titleFontSize: 16, xAxis: { labelFontSize: LABEL_FONT } },
        themeVariables: { xyChart: { plotColorPalette: layout.palette.join(', ') } },
    };
    return ['```mermaid', `%%{init: ${JSON.stringify(init)}}%%`, layout.horizontal ? 'xychart-beta horizontal' : 'xychart-beta', ...statements.map((s) => `  ${s}`), '```', ''].join('\n');
}
/** At most `max` characters with the ellipsis inside, keeping the end: "release-candidate-07" → "re…e-07". */
function shortenMiddle(text, max) {
    const chars = [...text];
    if (chars.length <= max)
        return text;
    const head = Math.floor((max - 1) / 3);
    return `${chars.slice(0, head).join('')}…${chars.slice(chars.length - (max - 1 - head)).join('')}`;
}
function round3(value) {
    const r = Math.round(value * 1000) / 1000;
    return r === 0 ? 0 : r;
}
/** A number the grammar accepts: `[+-]?(\d+(\.\d+)?|\.\d+)`, so never an exponent. */
function num(value) {
    const text = String(round3(value));
    return /e/i.test(text) ? round3(value).toFixed(3) : text;
}
function quote(text, max) {
    return `"${sanitise(text, max)}"`;
}
/**
 * Text that is safe inside a quoted xychart string and renders as written: no `"` (ends the
 * string), no brackets (read as a list by older parsers), no backtick (opens a Markdown
 * string), no `%%` (a comment), no newline (ends the statement), no `;` (read as `#name;`
 * entity by Mermaid's preprocessor), and no `<`, `>` or `&` (Mermaid sanitises labels as
 * HTML, so `<x>` would vanish).
 */
function sanitise(text, max) {
    const clean = text
        .replace(/[\r\n\t]+/g, ' ')
        // eslint-disable-next-line no-control-regex
        .replace(/[\u0000-\u001F\u007F]/g, '')
        .replace(/["`]/g, "'")
        .replace(/\[/g, '(')
        .replace(/\]/g, ')')
        .replace(/</g, '‹')
        .replace(/>/g, '›')
        .replace(/&/g, '＆')
        .replace(/;/g, ',')
        .replace(/%+/g, '%')
        .replace(/\s+/g, ' ')
        .trim();
    const chars = [...clean];
    const clipped = chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : clean;
    return clipped === '' ? '-' : clipped;
}
/** A band axis merges equal labels into one slot: number the repeats ("v1", "v1 (2)"). */
function uniqueLabels(labels) {
    const seen = new Map();
    return labels.map((label) => {
        const count = (seen.get(label) ?? 0) + 1;
        seen.set(label, count);
        let unique = count === 1 ? label : `${label} (${count})`;
        while (count > 1 && seen.has(unique))
            unique = `${unique}′`;
        if (count > 1)
            seen.set(unique, 1);
        return unique;
    });
}
/** A comment line: one line, and never a `%%{` directive. */
function comment(text) {
    return text.replace(/[\r\n]+/g, ' ').replace(/[{}]/g, '');
}

// EXTERNAL MODULE: ./src/io/redact.ts
var redact = __webpack_require__(8075);
;// CONCATENATED MODULE: ./src/report/errorCauses.ts

/** How many causes the terminal and the report show. */
const TOP_ERROR_CAUSES = 3;
const MAX_CAUSE_CHARS = 160;
/**
 * The run's error rows grouped by cause, most frequent first (ties: the cause seen first). Two
 * messages are one cause when they differ only in numbers and ids (attempt counts, ports,
 * positions in a reply, request ids); an HTTP status is kept, so a 401 and a 429 stay apart.
 */
function errorCauses(questions, limit = TOP_ERROR_CAUSES) {
    const groups = new Map();
    let total = 0;
    let errored = 0;
    for (const id of Object.keys(questions)) {
        const messages = Object.values(questions[id].errors);
        if (messages.length > 0)
            errored += 1;
        for (const raw of messages) {
            total += 1;
            const message = (0,redact/* redactSecrets */.fp)(raw);
            const key = causeKey(message);
            const group = groups.get(key) ?? new Map();
            group.set(message, (group.get(message) ?? 0) + 1);
            groups.set(key, group);
        }
    }
    const causes = [...groups.values()].map((group) => {
        const [message] = [...group.entries()].reduce((best, entry) => (entry[1] > best[1] ? entry : best));
        return { message: clip(message), count: [...group.values()].reduce((a, b) => a + b, 0), variants: group.size };
    });
    // a stable sort: equal counts keep the order the causes were first seen in
    causes.sort((a, b) => b.count - a.count);
    return { total, questions: errored, top: causes.slice(0, limit), distinct: causes.length };
}
function clip(text) {
    const chars = [...text.replace(/\s+/g, ' ').trim()];
    return chars.length > MAX_CAUSE_CHARS ? `${chars.slice(0, MAX_CAUSE_CHARS - 1).join('')}…` : chars.join('');
}
/** A message with its ids and free-standing numbers blanked; `HTTP 401` keeps its status, `gpt-4o` its digits. */
function causeKey(message) {
    return message
        .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<id>')
        .replace(/\b(?:req|chatcmpl|call|run|msg)[-_][A-Za-z0-9]+/g, '<id>')
        .replace(/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{12,}\b/gi, '<id>')
        .replace(/(HTTP \d{3})|(?<![A-Za-z_-])\d+(?:\.\d+)*(?![A-Za-z_])/g, (match, status) => status ?? '#')
        .replace(/\battempts?\b/g, 'attempt');
}

;// CONCATENATED MODULE: ./src/report/update.ts
/** The command that writes a new baseline from this run: folded after a normal run, in view when the baseline is not comparable. */
function updateSection(results) {
    const command = results.comparison?.update_command;
    if (!command)
        return '';
    if (results.comparison?.verdict === 'incomparable') {
        return ['If the change is intended (a new eval set version, judge or metric definition), write a new baseline from this run and commit it:', '', '```sh', command, '```'].join('\n');
    }
    return [
        '<details><summary>Update the baseline</summary>',
        '',
        'If this change is intended, regenerate the baseline and commit it, so the reviewer sees the new scores as a diff:',
        '',
        '```sh',
        command,
        '```',
        '',
        '</details>',
    ].join('\n');
}

// EXTERNAL MODULE: ./src/schemas/judgeHealth.ts
var schemas_judgeHealth = __webpack_require__(2913);
;// CONCATENATED MODULE: ./src/report/judgeHealth.ts




/**
 * Judge health, worded from results.json's `judge_health` (compare/judgeHealth.ts computes it):
 * each warning once for the run, then the grade histogram per rubric dimension and, when the
 * answers got longer than the baseline's, the rubric within length bands. Nothing for a run
 * without an LLM judge. Metric names are evalgate's own, but are escaped like any text read
 * back from a results.json.
 */
const GRADES = [0, 1, 2, 3, 4];
const BLOCKS = '▁▂▃▄▅▆▇█';
/** accuracy_norm → accuracy */
const dimensionOf = (metric) => metric.replace(/_norm$/, '');
const percent = (share) => `${Math.round(share * 100)}%`;
const judgeHealth_score = (v) => (v === null ? '—' : v.toFixed(2));
/** The run's judge-health warnings, one sentence each, in the order the section shows them; `name` words (and escapes) a metric. */
function judgeHealthWarnings(health, name) {
    const warnings = [];
    const collapsed = health.dimensions.filter((d) => d.collapsed);
    if (collapsed.length > 0) {
        const [first, ...rest] = collapsed.map((d) => `${name(d.metric)}: ${percent(d.top_share)} of answers got ${d.top_grade}`);
        warnings.push(`the judge has stopped discriminating on ${[first, ...rest.map((r) => `on ${r}`)].join('; ')} (more than ${percent(schemas_judgeHealth/* COLLAPSE_SHARE */.Gf)} on one grade)`);
    }
    const biased = health.dimensions.filter((d) => d.length_biased);
    if (biased.length > 0) {
        // one n for the lot when the dimensions share it (the usual case: every answer graded on all four)
        const oneN = biased.every((d) => d.n === biased[0].n);
        const rhos = biased.map((d) => `${name(d.metric)} ${d.length_rho.toFixed(2)}${oneN ? '' : ` (n = ${d.n})`}`).join(', ');
        warnings.push(`the judge's grades rise with answer length: Spearman rho ${rhos}${oneN ? ` (n = ${biased[0].n})` : ''}, above ${schemas_judgeHealth/* LENGTH_RHO */.pM}; longer answers may be scored higher for their length`);
    }
    const lengths = health.lengths;
    if (lengths?.longer)
        warnings.push(`${longerSentence(lengths)}: compare the rubric within length bands to tell "better" from "longer"`);
    return warnings;
}
function longerSentence(l) {
    const rise = l.median_baseline ? ` (+${percent(l.median_candidate / l.median_baseline - 1)})` : '';
    return `the answers got longer than the baseline's: median ${Math.round(l.median_baseline)} → ${Math.round(l.median_candidate)} characters${rise} over ${(0,countOf/* countOf */.p)(l.n, 'question')}, more than +${percent(schemas_judgeHealth/* LONGER_BY */.qE)}`;
}
function bandLabel(s) {
    if (s.low === null)
        return `≤ ${s.high}`;
    if (s.high === null)
        return `> ${s.low}`;
    return `${s.low + 1}–${s.high}`;
}
function bandName(i, count) {
    if (count === 3)
        return ['short', 'medium', 'long'][i];
    return i === 0 ? 'short' : i === count - 1 ? 'long' : 'medium';
}
/** A five-character bar per grade 0..4, the tallest grade a full block; · for none. */
function sparkline(counts) {
    const max = Math.max(...counts);
    return counts.map((c) => (c === 0 ? '·' : BLOCKS[Math.max(0, Math.ceil((c / max) * BLOCKS.length) - 1)])).join('');
}
/** The terminal's lines: warnings, then one bar line per dimension, then the length bands when the answers got longer. */
function judgeHealthLines(results, { yellow, dim }) {
    const health = results.judge_health;
    if (!health || health.dimensions.length === 0)
        return [];
    const name = (metric) => (0,visible/* showInvisible */.jQ)(dimensionOf(metric));
    const width = Math.max(...health.dimensions.map((d) => name(d.metric).length));
    const lines = ['', `  judge health: rubric grades 0→4 over ${(0,countOf/* countOf */.p)(health.answers, 'answerable question')}`];
    for (const d of health.dimensions) {
        const rho = d.length_rho === null ? '' : `  length rho ${d.length_rho.toFixed(2)}`;
        lines.push(`    ${name(d.metric).padEnd(width)}  ${sparkline(d.counts)}  ${dim(`${d.counts.join(' ')}${rho}`)}`);
    }
    for (const warning of judgeHealthWarnings(health, name))
        lines.push(`  ${yellow(`⚠ ${warning}`)}`);
    const strata = health.lengths?.strata;
    if (strata && strata.length > 0) {
        const metrics = health.dimensions.map((d) => d.metric);
        lines.push(dim(`    length band (characters)   n baseline/candidate   ${metrics.map(name).join(' · ')}: baseline → candidate`));
        strata.forEach((s, i) => {
            const cells = metrics.map((m) => `${judgeHealth_score(s.metrics[m]?.baseline ?? null)} → ${judgeHealth_score(s.metrics[m]?.candidate ?? null)}`).join('  ');
            lines.push(`    ${`${bandName(i, strata.length)} ${bandLabel(s)}`.padEnd(27)}${`${s.n_baseline}/${s.n_candidate}`.padEnd(23)}${cells}`);
        });
    }
    return lines;
}
/** The Markdown section: warnings and length bands in view, the grade table in a collapsible block. */
function judgeHealthSection(results) {
    const health = results.judge_health;
    if (!health || health.dimensions.length === 0)
        return [];
    const name = (metric) => escapeInline(dimensionOf(metric));
    const out = [];
    for (const warning of judgeHealthWarnings(health, name))
        out.push(`> ⚠️ Judge health: ${warning}.`, '');
    const strata = health.lengths?.strata;
    const metrics = health.dimensions.map((d) => d.metric);
    if (strata && strata.length > 0) {
        out.push(`**Rubric within answer-length bands** (cut at the baseline's length tertiles; baseline → candidate mean)`, '');
        out.push(`| length band (characters) | n baseline | n candidate | ${metrics.map(name).join(' | ')} |`, `|---|--:|--:|${metrics.map(() => '--:').join('|')}|`);
        strata.forEach((s, i) => {
            const cells = metrics.map((m) => `${judgeHealth_score(s.metrics[m]?.baseline ?? null)} → ${judgeHealth_score(s.metrics[m]?.candidate ?? null)}`);
            out.push(`| ${bandName(i, strata.length)} (${bandLabel(s)}) | ${s.n_baseline} | ${s.n_candidate} | ${cells.join(' | ')} |`);
        });
        out.push('');
    }
    out.push(`<details><summary>Judge health: rubric grades over ${(0,countOf/* countOf */.p)(health.answers, 'answerable question')}</summary>`, '');
    out.push(`| dimension | n | ${GRADES.join(' | ')} | length ρ |`, `|---|--:|${GRADES.map(() => '--:').join('|')}|--:|`);
    for (const d of health.dimensions) {
        const cells = d.counts.map((c, grade) => (grade === d.top_grade ? `**${c}** (${percent(d.top_share)})` : String(c)));
        out.push(`| ${name(d.metric)} | ${d.n} | ${cells.join(' | ')} | ${d.length_rho === null ? '—' : d.length_rho.toFixed(2)} |`);
    }
    out.push('', `Grades of the answerable questions (a should-refuse one is judged by refuse_ok); ρ is Spearman's between answer length in characters and the grade. Warnings from ${schemas_judgeHealth/* MIN_HEALTH_ANSWERS */.eR} answers: more than ${percent(schemas_judgeHealth/* COLLAPSE_SHARE */.Gf)} on one grade, ρ above ${schemas_judgeHealth/* LENGTH_RHO */.pM}.`, '', '</details>', '');
    return out;
}

;// CONCATENATED MODULE: ./src/compare/conversations.ts

/**
 * The per-conversation view of a run whose questions include conversation turns, or null: each
 * conversation's mean and worst turn on the run's leading metric, its context retention, and
 * whether it regressed (any of its turns in the comparison's regressions).
 */
function conversationsOf(results) {
    const byConversation = new Map();
    for (const id of Object.keys(results.questions)) {
        const conversation = results.questions[id].conversation;
        if (!conversation)
            continue;
        const turns = byConversation.get(conversation.id) ?? [];
        turns.push({ id, turn: conversation.turn });
        byConversation.set(conversation.id, turns);
    }
    const metric = registry/* registry */.u5.trend(results.run.k).find((m) => m in results.metrics) ?? Object.keys(results.metrics)[0];
    if (byConversation.size === 0 || metric === undefined)
        return null;
    const higherIsBetter = (0,registry/* metricInfo */.R)(metric)?.higherIsBetter ?? true;
    const regressedIds = new Set(results.comparison?.regressions.map((r) => r.id) ?? []);
    const conversations = [];
    for (const [id, unsorted] of byConversation) {
        const turns = [...unsorted].sort((a, b) => a.turn - b.turn);
        const valued = turns.flatMap((t) => {
            const value = results.questions[t.id].scores[metric];
            return typeof value === 'number' && Number.isFinite(value) ? [{ ...t, value }] : [];
        });
        const worst = valued.reduce((w, t) => (w === null || (higherIsBetter ? t.value < w.value : t.value > w.value) ? t : w), null);
        conversations.push({
            id,
            turns: turns.length,
            mean: valued.length > 0 ? valued.reduce((sum, t) => sum + t.value, 0) / valued.length : null,
            missing: turns.length - valued.length,
            worst,
            retention: mean(turns.map((t) => results.questions[t.id].scores.context_retention_norm)),
            regressedTurns: turns.filter((t) => regressedIds.has(t.id)).map((t) => t.turn),
        });
    }
    const badness = (c) => (c.mean === null ? -Infinity : higherIsBetter ? c.mean : -c.mean);
    conversations.sort((a, b) => Number(b.regressedTurns.length > 0) - Number(a.regressedTurns.length > 0) || badness(a) - badness(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return { metric, conversations, regressed: conversations.filter((c) => c.regressedTurns.length > 0).length };
}
function mean(values) {
    const numbers = values.filter((v) => typeof v === 'number' && Number.isFinite(v));
    return numbers.length > 0 ? numbers.reduce((a, b) => a + b, 0) / numbers.length : null;
}

;// CONCATENATED MODULE: ./src/report/conversations.ts





/** Conversations listed in the report and in the terminal; the rest are counted. */
const SHOWN_IN_REPORT = 20;
const SHOWN_IN_TERMINAL = 5;
const RULE = 'a conversation regresses when any of its turns did';
function number(metric, v) {
    if (v === null)
        return '—';
    return (0,registry/* metricInfo */.R)(metric)?.unit === 'ms' ? `${Math.round(v)}ms` : v.toFixed(3);
}
function meanText(metric, c) {
    return `${number(metric, c.mean)}${c.missing > 0 ? ` (${(0,countOf/* countOf */.p)(c.missing, 'turn')} without a value)` : ''}`;
}
function worstText(metric, c, id) {
    return c.worst ? `turn ${c.worst.turn} (${id(c.worst.id)}): ${number(metric, c.worst.value)}` : '—';
}
/** The report's per-conversation table (worst first), when the run has conversations. */
function conversationSection(results) {
    const view = conversationsOf(results);
    if (!view)
        return [];
    const { metric, conversations } = view;
    const retention = 'context_retention_norm' in results.metrics;
    const lines = [
        '#### Conversations',
        '',
        `${(0,countOf/* countOf */.p)(conversations.length, 'conversation')}, ${view.regressed} regressed (${RULE}); mean and worst turn on ${metric}.`,
        '',
        `| conversation | turns | mean | worst turn |${retention ? ' context retention |' : ''} regressed |`,
        `|---|--:|--:|---|${retention ? '--:|' : ''}---|`,
    ];
    for (const c of conversations.slice(0, SHOWN_IN_REPORT)) {
        const regressed = c.regressedTurns.length > 0 ? `❌ turn ${c.regressedTurns.join(', ')}` : '—';
        const cells = [
            escapeCell(c.id, 40),
            String(c.turns),
            meanText(metric, c),
            worstText(metric, c, (t) => escapeCell(t, 40)),
            ...(retention ? [number('context_retention_norm', c.retention)] : []),
            regressed,
        ];
        lines.push(`| ${cells.join(' | ')} |`);
    }
    if (conversations.length > SHOWN_IN_REPORT)
        lines.push('', `… and ${(0,countOf/* countOf */.p)(conversations.length - SHOWN_IN_REPORT, 'more conversation', 'more conversations')} (every turn's scores are in results.json).`);
    lines.push('');
    return lines;
}
/** The terminal's few lines on conversations: the count, how many regressed, the worst ones. */
function conversationLines(results, { red, dim }) {
    const view = conversationsOf(results);
    if (!view)
        return [];
    const { metric, conversations } = view;
    const regressed = view.regressed > 0 ? red(`${view.regressed} regressed`) : '0 regressed';
    const lines = ['', `  ${(0,countOf/* countOf */.p)(conversations.length, 'conversation')}, ${regressed} ${dim(`(${RULE}); mean and worst turn on ${metric}`)}:`];
    const width = Math.max(...conversations.slice(0, SHOWN_IN_TERMINAL).map((c) => (0,visible/* showInvisible */.jQ)(c.id).length));
    for (const c of conversations.slice(0, SHOWN_IN_TERMINAL)) {
        const retention = c.retention === null ? '' : `  retention ${number('context_retention_norm', c.retention)}`;
        const flag = c.regressedTurns.length > 0 ? `  ${red(`regressed: turn ${c.regressedTurns.join(', ')}`)}` : '';
        lines.push(`    ${(0,visible/* showInvisible */.jQ)(c.id).padEnd(width)}  ${(0,countOf/* countOf */.p)(c.turns, 'turn')}  mean ${meanText(metric, c)}  worst ${worstText(metric, c, visible/* showInvisible */.jQ)}${retention}${flag}`);
    }
    if (conversations.length > SHOWN_IN_TERMINAL)
        lines.push(dim(`    … ${conversations.length - SHOWN_IN_TERMINAL} more in the report`));
    return lines;
}

;// CONCATENATED MODULE: ./src/report/markdown.ts















/** Marks a line that changes on every run (timings): a comment that differs only there is not rewritten. */
const VOLATILE = '<!-- volatile -->';
/** GitHub rejects comments over 65,536 characters; keep a margin for the marker and wrappers. */
const GITHUB_COMMENT_LIMIT = 65_536;
const STAGES = [
    // No comment holds more than a few hundred table rows, so the first stage already caps them.
    // An answer is up to 500 characters a side, a few times that once escaped: few of them fit.
    { regressions: 400, improvements: 100, errors: 100, answers: 20, categories: true },
    { regressions: 250, improvements: 50, errors: 50, answers: 10, categories: true },
    { regressions: 150, improvements: 20, errors: 20, answers: 5, categories: true },
    { regressions: 60, improvements: 10, errors: 10, answers: 3, categories: true },
    { regressions: 25, improvements: 5, errors: 5, answers: 2, categories: false },
    { regressions: 10, improvements: 0, errors: 0, answers: 1, categories: false },
];
/**
 * One renderer for report.md, the job summary and the PR comment. Pure: the caller passes
 * the run URL and SHA in. When the report is too long it cuts rows in stages and says so.
 */
function renderReport(results, options = {}) {
    const max = options.maxChars ?? GITHUB_COMMENT_LIMIT - 1_000;
    // A file has no size limit, but past a thousand rows a table is read in results.json.
    if (max === Infinity)
        return render(results, options, { regressions: 1_000, improvements: 300, errors: 300, answers: 200, categories: true });
    let body = '';
    for (const limits of STAGES) {
        body = render(results, options, limits);
        if (body.length <= max)
            return body;
    }
    return body.length <= max ? body : `${body.slice(0, max - 200)}\n\n… report cut at ${max} characters; the full report is in report.md and results.json.\n`;
}
function render(results, options, limits) {
    const c = results.comparison;
    const out = [];
    if (options.marker)
        out.push(options.marker);
    out.push(verdictLine(results), '');
    out.push(runIdentity(results, options), '');
    const stopped = results.run.judge_stopped;
    if (stopped)
        out.push(`**The judge stopped**: ${escapeInline(stopped.cause)}; the calls after it were not sent, so this run has no verdict.`, '', `**Fix**: ${escapeInline(stopped.fix)}`, '');
    const subset = subsetSentence(results);
    if (subset)
        out.push(`> ⚠️ **${escapeInline(subset)}**`, '');
    for (const note of [...(c?.judge_model_change ? [`judge: ${c.judge_model_change}`] : []), ...results.run.notes])
        out.push(`> ⚠️ ${escapeInline(note)}`, '');
    if (c && c.reasons.length > 0)
        out.push('**Why the baseline is not comparable**', ...c.reasons.map((reason) => `- ${escapeInline(reason)}`), '');
    if (c && c.failures.length > 0)
        out.push('**Why the gate failed**', ...c.failures.map((f) => `- ${failureMarkdown(f)}`), '');
    out.push(...worstQuestions(results));
    out.push(...metricsSection(results));
    if (c)
        out.push(...noiseSection(c));
    out.push(...judgeHealthSection(results));
    if (limits.categories)
        out.push(...categoryTable(results));
    out.push(...conversationSection(results));
    if (c)
        out.push(...regressionSection(c, limits, results.questions));
    if (limits.categories)
        out.push(...chartsSection(results, options.history ?? []));
    out.push(...errorSection(results, limits.errors));
    if (c && c.messages.length > 0) {
        out.push('<details><summary>Notes</summary>', '');
        for (const m of c.messages)
            out.push(`- ${escapeInline(m)}`);
        out.push('', '</details>', '');
    }
    if (c)
        out.push(...gateSettingsDetails(c));
    out.push(costLine(results), '');
    out.push(...usageDetails(results));
    out.push(updateSection(results));
    return out.join('\n') + '\n';
}
function verdictLine(results) {
    const c = results.comparison;
    if (results.run.judge_stopped)
        return '### ❌ evalgate: the judge stopped, no verdict';
    const regressed = c?.metrics.filter((m) => m.status === 'regression' || m.status === 'regression_within_noise').length ?? 0;
    const counts = c && c.verdict !== 'incomparable' && c.baseline.kind !== 'none' ? ` — ${(0,countOf/* countOf */.p)(regressed, 'metric')} regressed, ${questionCountWords(c.change_counts)}` : '';
    switch (c?.verdict ?? 'no_baseline') {
        case 'pass':
            return `### ✅ evalgate: gate passed${counts}`;
        case 'fail':
            return `### ❌ evalgate: gate failed${counts}`;
        case 'incomparable':
            return '### ⚠️ evalgate: baseline not comparable';
        case 'subset':
            return `### ⚠️ evalgate: subset run, not gated${counts}`;
        default:
            return '### ℹ️ evalgate: no baseline to compare with';
    }
}
function runIdentity(results, options) {
    const r = results.run;
    const c = results.comparison;
    const parts = [];
    const version = r.version ? codeSpan(r.version) : 'this run';
    if (c && c.baseline.kind !== 'none') {
        const kind = c.baseline.kind === 'results' ? 'results' : 'baseline';
        parts.push(`${version} vs ${kind} ${codeSpan(c.baseline.version ?? '?')}${c.baseline.path ? ` (${escapeInline(c.baseline.path)})` : ''}`);
    }
    else {
        parts.push(version);
    }
    const fingerprint = c?.baseline.fingerprint_check === 'match'
        ? 'fingerprint ✅ matches'
        : c?.baseline.fingerprint_check === 'mismatch'
            ? 'fingerprint ❌ differs'
            : `fingerprint \`${r.eval_set_fingerprint.slice(7, 19)}\``;
    parts.push(`eval set ${codeSpan(r.eval_set_version)}: ${(0,countOf/* countOf */.p)(r.question_count, 'question')}, ${fingerprint}`);
    if (c && c.baseline.kind !== 'none' && (c.added.length > 0 || c.removed.length > 0))
        parts.push(`${c.common} compared, ${c.added.length} added, ${c.removed.length} removed`);
    parts.push(`judge: ${escapeInline(r.judge_label)}`);
    if (options.sha)
        parts.push(`commit ${codeSpan(options.sha.slice(0, 7))}`);
    if (options.runUrl)
        parts.push(`[workflow run](${options.runUrl})`);
    return parts.join(' · ');
}
/**
 * Mermaid charts GitHub renders in the comment: the main metrics over the last baselines of
 * this eval set version plus this run, and each question's change on the headline metric.
 */
function chartsSection(results, history) {
    const c = results.comparison;
    const metrics = registry/* registry */.u5
        .trend(results.run.k)
        .filter((m) => results.metrics[m]?.mean != null)
        .slice(0, 3);
    const out = [];
    const sameSet = history.filter((r) => r.eval_set_version === results.run.eval_set_version && metrics.includes(r.metric));
    if (sameSet.length > 0 && metrics.length > 0) {
        const runs = [...new Map(sameSet.map((r) => [`${r.date}\u0000${r.version}`, r])).values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)).slice(-(MAX_TREND_POINTS - 1));
        const valueOf = (run, metric) => sameSet.find((r) => r.date === run.date && r.version === run.version && r.metric === metric)?.value ?? null;
        const chart = trendChart({
            labels: [...runs.map((r) => r.version), 'this PR'],
            lines: metrics.map((m) => ({ metric: m, values: [...runs.map((r) => valueOf(r, m)), results.metrics[m].mean] })),
        });
        if (chart)
            out.push(chart, '');
    }
    // the first trend metric whose questions moved, else the first gated metric that regressed:
    // a metric with no per-question changes (rules_pass all passing) would leave the chart out
    const moved = c ? [...c.regressions, ...c.improvements] : [];
    const regressed = c ? c.metrics.filter((m) => m.status === 'regression' || m.status === 'regression_within_noise').map((m) => m.metric) : [];
    const headline = [...metrics, ...regressed].find((m) => moved.some((q) => q.metric === m));
    const changes = headline ? moved.filter((q) => q.metric === headline) : [];
    if (changes.length > 0) {
        const chart = flipChart(changes.map((q) => ({ id: q.id, baseline: q.baseline, candidate: q.candidate })), { title: `${headline}: per-question change (baseline → candidate)` });
        if (chart)
            out.push(chart, '');
    }
    return out.length > 0 ? ['<details><summary>Trend and per-question changes</summary>', '', ...out, '</details>', ''] : [];
}
function categoryTable(results) {
    const c = results.comparison;
    if (!c || c.categories.length < 2)
        return [];
    const columns = registry/* registry */.u5
        .categoryColumns(results.run.k)
        .filter((m) => m in results.metrics)
        .slice(0, 6);
    const floorsFailed = c.categories.flatMap((cat) => cat.floors.filter((f) => !f.passed).map((f) => `${escapeInline(cat.category)}: ${f.metric}`));
    const tooFew = c.categories.filter((cat) => cat.too_few);
    // a warning that holds for every row is said once, above the table, instead of on each row
    const everyRow = tooFew.length === c.categories.length;
    const warning = `${everyRow ? `All ${c.categories.length}` : `${tooFew.length} of ${c.categories.length}`} categories have too few questions to judge on their own (95% half-width above 0.10 on a headline metric; ± shows the half-width of the candidate mean).`;
    // the table is wide (one column per headline metric): folded, so a phone sees the warning and the failed floors, not a sideways scroll
    const lines = ['#### By category', '', ...(everyRow ? [`⚠️ ${warning}`, ''] : [])];
    if (floorsFailed.length > 0)
        lines.push(`Category floors failed: ${floorsFailed.join(', ')}`, '');
    lines.push(`<details><summary>${c.categories.length} categories × ${columns.length} metrics</summary>`, '');
    lines.push(`| category | n | ${columns.join(' | ')} |`, `|---|--:|${columns.map(() => '--:').join('|')}|`);
    for (const cat of c.categories) {
        const cells = columns.map((m) => {
            const v = cat.metrics[m];
            if (!v)
                return '—';
            const floor = cat.floors.find((f) => f.metric === m);
            const mark = floor ? (floor.passed ? ' ✓' : ` ❌ floor ${floor.floor}`) : '';
            const ci = v.interval ? ` <sub>±${((v.interval.high - v.interval.low) / 2).toFixed(2)}</sub>` : '';
            return v.baseline === null ? `${value(m, v.candidate)}${ci}${mark}` : `${value(m, v.baseline)} → ${value(m, v.candidate)}${ci}${mark}`;
        });
        lines.push(`| ${escapeCell(cat.category, 40)}${cat.too_few && !everyRow ? ' ⚠️' : ''} | ${cat.n} | ${cells.join(' | ')} |`);
    }
    lines.push('', '</details>', '');
    if (tooFew.length > 0 && !everyRow)
        lines.push(`⚠️ ${warning}`, '');
    return lines;
}
function regressionSection(c, limits, questions) {
    if (c.baseline.kind === 'none' || c.verdict === 'incomparable')
        return [];
    if (c.baseline.kind === 'minimal')
        return ['#### Per-question regressions', '', '_The baseline has aggregate metrics only: write it with `evalgate baseline` to get the per-question table._', ''];
    const counts = c.change_counts;
    const out = [`#### Per-question regressions (${(0,countOf/* countOf */.p)(counts.regression_rows, 'row')}, ${(0,countOf/* countOf */.p)(questionsIn(counts, 'regressions'), 'question')})`, ''];
    if (c.regressions.length === 0)
        out.push('No question dropped by more than question_drop.', '');
    else
        out.push(...changeTable(c.regressions, limits.regressions, questions, counts.regression_rows), '', ...answersSection(c, questions, limits.answers));
    if (c.improvements.length > 0) {
        out.push(`<details><summary>Improvements (${(0,countOf/* countOf */.p)(counts.improvement_rows, 'row')}, ${(0,countOf/* countOf */.p)(questionsIn(counts, 'improvements'), 'question')})</summary>`, '');
        out.push(...changeTable(c.improvements, limits.improvements, questions, counts.improvement_rows), '', '</details>', '');
    }
    return out;
}
function changeTable(changes, limit, questions, total) {
    const shown = changes.slice(0, limit);
    // five columns, what matters first: on a phone the id, the metric and the change stay in view
    const lines = ['| id | metric | baseline → candidate (Δ) | reason | question |', '|---|---|---|---|---|'];
    for (const q of shown) {
        const info = (0,registry/* metricInfo */.R)(q.metric);
        const flip = q.flip ? (q.candidate < q.baseline ? ', pass → fail' : ', fail → pass') : '';
        const delta = info?.unit === 'ms' ? `${signed(-(0,registry/* directedChange */.$x)(info, q.baseline, q.candidate) * 100, 0)}%` : signed(q.delta, 2);
        const category = q.category ? ` <sub>${escapeCell(q.category, 24)}</sub>` : '';
        lines.push(`| ${escapeCell(q.id, 40)}${category} | ${q.metric} | ${value(q.metric, q.baseline)} → ${value(q.metric, q.candidate)} (${delta}${flip}) | ${escapeCell(q.reason ?? '', 100)} | ${escapeCell(questions[q.id]?.question ?? '', 60)} |`);
    }
    if (total > shown.length)
        lines.push('', `_${total - shown.length} more rows cut to keep the report readable and under GitHub's comment size limit; every question's scores are in results.json._`);
    return lines;
}
function errorSection(results, limit) {
    const causes = errorCauses(results.questions);
    if (causes.questions === 0)
        return [];
    const errored = Object.entries(results.questions).filter(([, q]) => Object.keys(q.errors).length > 0);
    const more = causes.distinct > causes.top.length ? ` (top ${causes.top.length} of ${causes.distinct} causes)` : '';
    const out = [`**${(0,countOf/* countOf */.p)(causes.total, 'error')} on ${(0,countOf/* countOf */.p)(causes.questions, 'question')}**${more}:`, ''];
    for (const e of causes.top)
        out.push(`- ${e.count} × ${escapeInline(e.message)}${e.variants > 1 ? ' (and similar)' : ''}`);
    out.push('', `<details><summary>⚠️ Errors (${(0,countOf/* countOf */.p)(errored.length, 'question')})</summary>`, '', '| id | where | error |', '|---|---|---|');
    for (const [id, q] of errored.slice(0, limit)) {
        for (const [where, message] of Object.entries(q.errors))
            out.push(`| ${escapeCell(id, 40)} | ${escapeInline(where)} | ${escapeCell(message, 200)} |`);
    }
    if (errored.length > limit)
        out.push('', `_${errored.length - limit} more questions with errors cut; see results.json._`);
    out.push('', '</details>', '');
    return out;
}
function costLine(results) {
    const u = results.run.usage;
    const t = results.run.timings_ms;
    const calls = `${u.llm_calls} LLM calls, ${u.embedding_calls} embedding calls, ${u.prompt_tokens + u.completion_tokens} tokens, ${u.cache_hits} cache hits${u.cost_usd !== null ? `, $${u.cost_usd.toFixed(4)}` : ''}`;
    return `**Cost**: ${calls} · candidate ${seconds(t.candidate)} · scoring ${seconds(t.scoring)} · total ${seconds(t.total)} ${VOLATILE}`;
}
/** Per metric family: where the calls, tokens and time went, and what the cache saved. */
function usageDetails(results) {
    const families = Object.entries(results.run.usage.by_family);
    if (families.length === 0)
        return [];
    const u = results.run.usage;
    const lines = ['<details><summary>Judge calls by metric family</summary>', ''];
    if (u.planned)
        lines.push(`Plan before the first call: up to ${u.planned.chat} chat + ${u.planned.embeddings} embedding calls, ~${u.planned.tokens.toLocaleString('en')} tokens.`, '');
    lines.push('| family | calls | cache hits | retries | errors | prompt tokens | completion tokens | time |', '|---|--:|--:|--:|--:|--:|--:|--:|');
    for (const [name, f] of families)
        lines.push(`| ${name} | ${f.calls} | ${f.cache_hits} | ${f.retries} | ${f.errors} | ${f.prompt_tokens} | ${f.completion_tokens} | ${seconds(f.ms)} ${VOLATILE} |`);
    const stability = results.run.judge_stability;
    if (stability)
        lines.push('', `Judge stability (${stability.repeats} rubric passes): mean absolute difference ${stability.mean_abs_diff === null ? '—' : stability.mean_abs_diff.toFixed(3)} (warning above ${stability.threshold}).`);
    lines.push('', '</details>', '');
    return lines;
}
function seconds(ms) {
    return `${(ms / 1000).toFixed(2)} s`;
}

;// CONCATENATED MODULE: ./src/report/terminal.ts












/**
 * A compact, coloured summary for the terminal; the full report goes to report.md. Text that
 * came from outside (ids, questions, labels, reasons) has its control characters shown as codes
 * (`\x1b`), so it can neither colour nor break a line; the CLI's output guard does the rest.
 */
function renderTerminal(results, options) {
    const paint = (code) => (text) => (options.color ? `\u001b[${code}m${text}\u001b[0m` : text);
    const p = { red: paint('31'), green: paint('32'), yellow: paint('33'), dim: paint('2'), bold: paint('1') };
    const { red, green, yellow, dim, bold } = p;
    const c = results.comparison;
    const lines = [];
    const verdict = c?.verdict ?? 'no_baseline';
    const r = results.run;
    const headline = r.judge_stopped
        ? red(bold('JUDGE STOPPED'))
        : {
            pass: green(bold('PASS')),
            fail: red(bold('FAIL')),
            incomparable: yellow(bold('INCOMPARABLE')),
            no_baseline: yellow(bold('NO BASELINE')),
            subset: yellow(bold('SUBSET, NOT GATED')),
        }[verdict];
    // a shard is compared only after merge: it says so instead of "no baseline"
    const shard = r.shard && !r.judge_stopped ? yellow(bold(`SHARD ${r.shard.index}/${r.shard.count}`)) : null;
    lines.push(`${shard ?? headline}  evalgate · ${(0,visible/* showInvisible */.jQ)(r.version ?? 'run')} on eval set ${(0,visible/* showInvisible */.jQ)(r.eval_set_version)} (${(0,countOf/* countOf */.p)(r.question_count, 'question')}) · judge ${(0,visible/* showInvisible */.jQ)(r.judge.provider)}${r.judge.response_format ? ` (${(0,visible/* showInvisible */.jQ)(r.judge.response_format)})` : ''}`);
    if (c?.judge_model_change)
        lines.push(`  ${yellow(`judge: ${(0,visible/* showInvisible */.jQ)(c.judge_model_change)}`)}`);
    if (r.judge_stopped)
        lines.push(`  ${red(`the judge stopped: ${(0,visible/* showInvisible */.jQ)(r.judge_stopped.cause)}`)}; the calls after it were not sent, so this run has no verdict`, `  fix: ${(0,visible/* showInvisible */.jQ)(r.judge_stopped.fix)}`);
    if (c && c.baseline.kind !== 'none')
        lines.push(dim(`  baseline ${(0,visible/* showInvisible */.jQ)(c.baseline.version ?? '?')} (${(0,visible/* showInvisible */.jQ)(c.baseline.path ?? c.baseline.kind)}) · ${(0,countOf/* countOf */.p)(c.common, 'question')} compared`));
    const subset = subsetSentence(results);
    if (subset)
        lines.push(yellow(`  ${(0,visible/* showInvisible */.jQ)(subset)}`));
    if (r.shard)
        lines.push(dim(`  not gated: merge the ${r.shard.count} shards (evalgate merge) to compare them with the baseline`));
    const compared = c && c.verdict !== 'incomparable' && c.baseline.kind !== 'none';
    lines.push('', ...(compared ? metricLines(results, p) : ownScoreLines(results, p)));
    lines.push(...conversationLines(results, p));
    lines.push(...errorLines(results, p));
    lines.push(...judgeHealthLines(results, p));
    if (c && c.regressions.length > 0) {
        const max = options.maxQuestions ?? 10;
        lines.push('', `  ${red(questionCountWords(c.change_counts))} (${(0,countOf/* countOf */.p)(c.change_counts.regression_rows, 'row')} fell, worst first):`);
        for (const q of c.regressions.slice(0, max)) {
            const why = q.reason ? `  ${terminal_clip(q.reason, 80)}` : '';
            lines.push(`    ${(0,visible/* showInvisible */.jQ)(q.id).padEnd(10)} ${(0,visible/* showInvisible */.jQ)(q.metric).padEnd(18)} ${q.baseline.toFixed(2)} → ${q.candidate.toFixed(2)}  ${dim(terminal_clip(results.questions[q.id]?.question ?? '', 40))}${why}`);
        }
        if (c.change_counts.regression_rows > max)
            lines.push(dim(`    … ${c.change_counts.regression_rows - max} more in the report`));
        lines.push(...answerLines(c, results.questions, WORST_SHOWN, dim));
    }
    else if (c && c.improvements.length > 0)
        lines.push('', `  ${green(questionCountWords(c.change_counts))}`);
    if (!c || c.verdict === 'incomparable' || c.baseline.kind === 'none')
        lines.push(...worstLines(results, options.maxQuestions ?? 10, p));
    if (c && c.failures.length > 0) {
        lines.push('', `  ${bold('Gate failed because:')}`);
        for (const failure of c.failures)
            lines.push(`    - ${(0,visible/* showInvisible */.jQ)(failureSentence(failure))}`);
    }
    if (c && c.verdict === 'incomparable')
        lines.push(...incomparableLines(c, p));
    return lines.join('\n');
}
/** Nothing to compare with (no baseline, an incomparable one, a shard): each metric's own value and how many questions have one. */
function ownScoreLines(results, { dim }) {
    const entries = Object.entries(results.metrics);
    const width = Math.max(8, ...entries.map(([metric]) => metric.length));
    const lines = [dim(`  ${'metric'.padEnd(width)}      value  n`)];
    for (const [metric, s] of entries) {
        const value = s.mean === null ? '—' : (0,registry/* metricInfo */.R)(metric)?.unit === 'ms' ? `${Math.round(s.mean)}ms` : s.mean.toFixed(3);
        const nulls = s.nan > 0 ? ` (${s.nan} null${s.errors > 0 ? `, ${(0,countOf/* countOf */.p)(s.errors, 'error')}` : ''})` : '';
        lines.push(`  ${(0,visible/* showInvisible */.jQ)(metric).padEnd(width)}  ${value.padStart(9)}  ${s.n}${nulls}`);
    }
    return lines;
}
/** One line per metric of the comparison: baseline, candidate, Δ and what the gate made of it. */
function metricLines(results, { red, green, yellow, dim }) {
    const c = results.comparison;
    const rows = c?.metrics ?? [];
    const width = Math.max(8, ...rows.map((m) => m.metric.length));
    const lines = [dim(`  ${'metric'.padEnd(width)}  baseline  candidate       Δ  status`)];
    for (const m of rows) {
        const ms = (0,registry/* metricInfo */.R)(m.metric)?.unit === 'ms';
        const num = (v) => (v === null ? '—' : ms ? `${Math.round(v)}ms` : v.toFixed(3));
        const delta = m.delta === null ? '—' : ms ? `${m.delta >= 0 ? '+' : ''}${Math.round(m.delta)}ms` : `${m.delta >= 0 ? '+' : ''}${m.delta.toFixed(3)}`;
        const failures = c ? failuresOf(c, m.metric) : [];
        // latency is gated on its p50 and p95, which its row of means does not show
        const percentiles = m.percentiles && failures.length === 0 ? dim(` · ${percentileWords(m)}`) : '';
        const status = failures.length > 0
            ? red((0,visible/* showInvisible */.jQ)(failures.map(failureDetail).join('; ')))
            : m.status === 'no_baseline' || m.status === null || m.limit === null
                ? dim('—')
                : m.status === 'improvement'
                    ? green(statusWords(m))
                    : m.status === 'within' || m.status === 'not_gated'
                        ? dim(statusWords(m))
                        : yellow(statusWords(m) + withinNoiseWhy(m));
        lines.push(`  ${(0,visible/* showInvisible */.jQ)(m.metric).padEnd(width)}  ${num(m.baseline).padStart(8)}  ${num(m.candidate).padStart(9)}  ${delta.padStart(7)}  ${status}${percentiles}`);
    }
    return lines;
}
/** The run's top error causes with their counts, most frequent first. */
function errorLines(results, { yellow, dim }) {
    const errors = errorCauses(results.questions);
    if (errors.total === 0)
        return [];
    const width = String(errors.top[0].count).length;
    const more = errors.distinct > errors.top.length ? `, top ${errors.top.length} of ${errors.distinct} causes` : '';
    return [
        '',
        `  ${yellow(`${(0,countOf/* countOf */.p)(errors.total, 'error')} on ${(0,countOf/* countOf */.p)(errors.questions, 'question')}`)}${dim(more)}:`,
        ...errors.top.map((e) => `    ${String(e.count).padStart(width)} × ${(0,visible/* showInvisible */.jQ)(e.message)}${e.variants > 1 ? dim(' (and similar)') : ''}`),
    ];
}
function incomparableLines(c, { yellow, bold }) {
    return [
        '',
        `  ${yellow(bold('Baseline not comparable:'))}`,
        ...c.reasons.map((reason) => `    - ${(0,visible/* showInvisible */.jQ)(reason)}`),
        // a subset run has no update command: it cannot become the baseline
        ...(c.update_command ? ['', `  fix: if the change is intended (a new eval set version, judge or metric definition), write a new baseline from this run:`, `    ${(0,visible/* showInvisible */.jQ)(c.update_command)}`] : []),
    ];
}
/** Without a baseline to compare with: the run's own worst questions, the same ones the report lists. */
function worstLines(results, max, { red, dim }) {
    const worst = worstQuestionsOf(results);
    if (worst.length === 0)
        return [];
    const lines = ['', `  ${red(`${(0,countOf/* countOf */.p)(worst.length, 'question')} with a failing rule, an error or a score below 1`)} (most failing rules first, then lowest scores):`];
    for (const w of worst.slice(0, max)) {
        lines.push(`    ${(0,visible/* showInvisible */.jQ)(w.id).padEnd(10)} ${(0,visible/* showInvisible */.jQ)(worstWords(w))}  ${dim(terminal_clip(results.questions[w.id].question, 40))}${w.reason ? `  ${terminal_clip(w.reason, 80)}` : ''}`);
    }
    if (worst.length > max)
        lines.push(dim(`    … ${worst.length - max} more in the report`));
    return lines;
}
/** Outside text, cut to `max` characters and with its control characters shown as codes. */
function terminal_clip(text, max) {
    const chars = [...text];
    return (0,visible/* showInvisible */.jQ)(chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join(''));
}

;// CONCATENATED MODULE: ./src/cli/command.ts









/** results.json, report.md, the terminal view (--verbose: with the gate settings and their sources); the exit code the verdict gives. */
function finish(results, out, report, io, history = [], verbose = false) {
    if (out)
        (0,jsonFile/* writeJsonFile */.A)(out, results);
    if (report)
        (0,safeWrite/* writeFileSafely */.k)(report, renderReport(results, { maxChars: Infinity, history }));
    io.stdout(renderTerminal(results, { color: io.color }) + '\n');
    if (verbose && results.comparison)
        io.stdout(`\n${gateSettingsText(results.comparison).join('\n')}\n`);
    const written = [out && `results: ${out}`, report && `report: ${report}`].filter(Boolean).join(', ');
    if (written)
        io.stdout(`\n${written}\n`);
    return (0,pipeline/* exitCodeFor */.Rr)(results);
}
function readHistory(path) {
    return path && (0,external_node_fs_.existsSync)(path) ? (0,baseline_history/* parseHistoryCsv */.gr)((0,tabular/* readText */.yR)(path, 'history file'), path) : [];
}
function recordHistory(path, results, io) {
    if (results.run.shard) {
        io.stderr(`history: not written for a single shard; append it after evalgate merge\n`);
        return;
    }
    if (results.run.subset) {
        io.stderr(`history: not written for a subset run (${results.run.subset.by})\n`);
        return;
    }
    if (results.comparison?.verdict === 'incomparable') {
        io.stderr(`history: not written for a run that is not comparable with its baseline\n`);
        return;
    }
    const rows = (0,baseline_history/* appendHistory */.b8)(path, results, results.run.started_at);
    io.stderr(`history: appended ${rows} rows to ${path}\n`);
}

;// CONCATENATED MODULE: ./src/cli/gate.ts









/** `evalgate run`: score the candidate, compare with the baseline when there is one; --plan-only: only say what the judge would cost. */
async function runCommand({ flags, request, io, logger }) {
    const { config, source, gateLayers } = (0,resolve.resolveRun)(request, 'cli');
    const select = { only: flags.only, failingFrom: flags['failing-from'] };
    const prepare = () => (0,run_prepare.prepareRun)(config, (0,run_prepare.defaultEnvironment)(logger), source, gateLayers, select);
    if (flags['plan-only']) {
        await (0,pipeline/* planOnly */.Ev)(prepare());
        return pipeline/* EXIT */.dc.pass;
    }
    // handed over, not kept here: the baseline and the eval set go when the pipeline is done with them, before the files are written
    const results = await (0,pipeline/* runPipeline */.aI)(prepare(), config, config.out ?? pipeline/* DEFAULT_RESULTS_PATH */.xN);
    // the report's trend chart shows the runs before this one, then this run
    const history = readHistory(config.history);
    if (config.history)
        recordHistory(config.history, results, io);
    // the fix command of an incomparable run names results.json: it is written even without --out
    const out = config.out ?? (results.comparison?.verdict === 'incomparable' ? pipeline/* DEFAULT_RESULTS_PATH */.xN : undefined);
    return finish(results, out, config.report, io, history, flags.verbose === true);
}
/** `evalgate compare`: a results.json against a baseline or another results.json. */
function compareCommand({ flags, request, io }) {
    const f = flags;
    if (!f.baseline || !f.candidate)
        throw new errors/* GateError */.ue('usage', 'compare needs --baseline FILE and --candidate RESULTS', `e.g. evalgate compare --baseline ${baseline_baseline/* DEFAULT_BASELINE_PATH */.Gf} --candidate results.json`);
    const { config, gateLayers } = (0,resolve.resolveRun)(request, 'cli', 'gate');
    const results = (0,baseline_baseline/* loadResults */.zV)(f.candidate);
    const baseline = (0,baseline_baseline/* loadNamedBaseline */.N)(f.baseline, '--baseline');
    // the update command names the results file that exists afterwards: --out, else the candidate's own
    const compared = (0,pipeline/* compareResults */.ex)(results, baseline, gateLayers, config.out ?? f.candidate, f.baseline);
    return finish(compared, config.out, config.report, io, [], f.verbose);
}
/** `evalgate merge`: the shards' results joined, and compared when --baseline is given. */
function mergeCommand({ flags, request, positionals, io }) {
    const f = flags;
    if (!f.out)
        throw new errors/* GateError */.ue('usage', 'merge needs --out FILE', 'e.g. evalgate merge --out merged.json shard-*.json');
    let merged = mergeShardFiles(positionals);
    if (f.baseline) {
        const { gateLayers } = (0,resolve.resolveRun)(request, 'cli', 'gate');
        const baseline = (0,baseline_baseline/* loadNamedBaseline */.N)(f.baseline, '--baseline');
        merged = (0,pipeline/* compareResults */.ex)(merged, baseline, gateLayers, f.out, f.baseline);
    }
    const history = readHistory(f.history);
    if (f.history)
        recordHistory(f.history, merged, io);
    io.stderr(`merged ${(0,countOf/* countOf */.p)(positionals.length, 'shard')}: ${(0,countOf/* countOf */.p)(merged.run.question_count, 'question')}\n`);
    return finish(merged, f.out, f.report, io, history, f.verbose);
}
/** `evalgate baseline`: a baseline from a results.json, with the gate settings that gated that run. */
function baselineCommand({ flags, io }) {
    const f = flags;
    if (!f.results)
        throw new errors/* GateError */.ue('usage', 'baseline needs --results RESULTS', `e.g. evalgate baseline --results results.json --out ${baseline_baseline/* DEFAULT_BASELINE_PATH */.Gf}`);
    const results = (0,baseline_baseline/* loadResults */.zV)(f.results);
    const subset = results.run.subset;
    if (subset) {
        throw new errors/* GateError */.ue('bad_input', `${f.results}: a subset run (${subset.by}: ${subset.questions} of ${(0,countOf/* countOf */.p)(subset.total_questions, 'question')}) cannot become the baseline`, 'write the baseline from a run of the whole eval set (evalgate run without --only / --failing-from)');
    }
    if (results.run.judge_stopped) {
        throw new errors/* GateError */.ue('bad_input', `${f.results}: the judge stopped during that run (${results.run.judge_stopped.cause}), so its scores are errors, not answers judged: it cannot become the baseline`, `fix the judge (${results.run.judge_stopped.fix}), run again, and write the baseline from that run`);
    }
    const previous = (0,baseline_baseline/* loadBaseline */.oU)(f.out);
    const baseline = (0,baseline_baseline/* baselineFromResults */.uu)(results, previous, f.version ?? null, (io.now ?? (() => new Date()))());
    (0,baseline_baseline/* writeBaselineFile */.b5)(f.out, baseline);
    io.stdout(`wrote ${f.out}: version ${baseline.version}, eval set ${baseline.eval_set_version}, ${(0,countOf/* countOf */.p)(Object.keys(baseline.questions ?? {}).length, 'question')}, ${(0,countOf/* countOf */.p)(Object.keys(baseline.metrics).length, 'metric')}\n`);
    const c = results.comparison;
    if (c)
        io.stdout(`${writtenSettingsText(c, baseline, f.results).join('\n')}\n`);
    else
        io.stdout(`${previous ? `gate settings kept from the previous ${f.out}` : 'no gate settings written (the defaults apply)'}: ${f.results} was not gated (merge the shards with --baseline to gate them)\n`);
    return pipeline/* EXIT */.dc.pass;
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
