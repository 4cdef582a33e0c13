export const id = 253;
export const ids = [253];
export const modules = {

/***/ 7810:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  jo: () => (/* binding */ evalSetFromTable),
  fH: () => (/* binding */ loadEvalSet)
});

// UNUSED EXPORTS: fingerprintRows

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: ./src/io/errors.ts
var errors = __webpack_require__(7333);
// EXTERNAL MODULE: ./src/io/tabular.ts + 1 modules
var tabular = __webpack_require__(6575);
// EXTERNAL MODULE: ./src/schemas/evalSet.ts
var evalSet = __webpack_require__(458);
// EXTERNAL MODULE: ./src/io/ids.ts
var ids = __webpack_require__(2298);
;// CONCATENATED MODULE: ./src/schemas/plainEvalRow.ts

/** Thrown inside the fast path: this row is the schema's to parse (and to report in its own words). */
const UNSURE = Symbol('unsure');
/**
 * EvalRowInputSchema's known fields for the common row, whose cells are text (every CSV row;
 * JSONL rows of strings), by plain string handling at a fraction of zod's cost per row
 * (issue 13); null for anything else (other JSON types, a history, a JSON list of keys, any
 * cell the schema would refuse), which the schema then parses. Equal to the schema's result
 * wherever it is not null (test/run/plainEvalRow.test.ts).
 */
function plainEvalRow(data) {
    try {
        const history = cell(data.history);
        if (history !== null && history.trim() !== '')
            return null;
        const id = (0,ids/* normaliseId */.GU)(required(data.id));
        const question = clean(required(data.question));
        if (id === '' || question === '')
            return null;
        return {
            id,
            question,
            ground_truth: optionalText(data.ground_truth),
            reference_points: list(cell(data.reference_points)),
            category: optionalText(data.category),
            difficulty: optionalText(data.difficulty),
            should_refuse: booleanCell(data.should_refuse),
            relevant_doc_ids: relevantDocs(cell(data.relevant_doc_ids)),
            expect_json: booleanCell(data.expect_json),
            required_keys: requiredKeys(cell(data.required_keys)),
            conversation_id: optionalText(data.conversation_id),
            turn: turnCell(cell(data.turn)),
            history: null,
        };
    }
    catch (error) {
        if (error === UNSURE)
            return null;
        throw error;
    }
}
/** A text cell, or null for an absent one; anything else is left to the schema. */
function cell(value) {
    if (value === undefined || value === null)
        return null;
    if (typeof value === 'string')
        return value;
    throw UNSURE;
}
function required(value) {
    if (typeof value === 'string')
        return value;
    throw UNSURE;
}
function clean(text) {
    return text.normalize('NFC').replace(/\r\n?/g, '\n').trim();
}
function optionalText(value) {
    const text = cell(value);
    if (text === null)
        return null;
    const s = clean(text);
    return s === '' ? null : s;
}
function list(text) {
    if (text === null)
        return [];
    return text
        .split(';')
        .map((s) => s.normalize('NFC').trim())
        .filter((s) => s !== '');
}
const truthy = new Set(['true', '1', 'yes']);
const falsy = new Set(['false', '0', 'no', '']);
function booleanCell(value) {
    if (typeof value === 'boolean')
        return value;
    const text = cell(value);
    if (text === null)
        return false;
    const s = text.trim().toLowerCase();
    if (truthy.has(s))
        return true;
    if (falsy.has(s))
        return false;
    throw UNSURE;
}
function relevantDocs(text) {
    if (text === null)
        return [];
    const docs = [];
    const seen = new Set();
    for (const raw of text.split('|')) {
        const item = raw.normalize('NFC').trim();
        if (item === '')
            continue;
        const graded = /^(.+):(\d+)$/.exec(item);
        const id = (graded ? graded[1] : item).trim();
        const grade = graded ? Number(graded[2]) : 1;
        if (grade > 3 || seen.has(id))
            throw UNSURE;
        seen.add(id);
        docs.push({ id, grade });
    }
    return docs;
}
function requiredKeys(text) {
    if (text === null)
        return [];
    const s = text.trim();
    if (s === '')
        return [];
    if (s.startsWith('['))
        throw UNSURE;
    return s
        .split(';')
        .map((k) => k.trim())
        .filter((k) => k !== '');
}
function turnCell(text) {
    if (text === null || text.trim() === '')
        return null;
    const n = /^\s*\d+\s*$/.test(text) ? Number(text) : NaN;
    if (Number.isInteger(n) && n >= 1)
        return n;
    throw UNSURE;
}

// EXTERNAL MODULE: ./src/io/similarName.ts
var similarName = __webpack_require__(5334);
;// CONCATENATED MODULE: ./src/run/evalSetChecks.ts



/** What people call the eval-set columns when they do not read the docs first. */
const EVAL_COLUMN_ALIASES = {
    question: ['query', 'prompt', 'input'],
    ground_truth: ['expected_answer', 'reference_answer', 'gold_answer', 'expected', 'answer', 'groundtruth_answer'],
    reference_points: ['key_points', 'keypoints', 'points', 'reference_point_list'],
    relevant_doc_ids: ['relevant_docs', 'relevant_ids', 'relevant_documents', 'gold_doc_ids', 'gold_docs', 'doc_ids', 'relevant'],
    should_refuse: ['refuse', 'should_reject', 'unanswerable'],
    expect_json: ['json', 'expects_json', 'is_json'],
    required_keys: ['json_keys', 'keys'],
};
const KNOWN = [...evalSet/* KNOWN_EVAL_COLUMNS */.pX];
/**
 * An unknown column that looks like a known one (`relevant_docs`, `Question`, `query`) while
 * the known one is absent is an error: it would be passed through silently, and whatever it
 * holds (the relevant ids, say) would never be scored. Other unknown columns pass through.
 */
function checkColumnNames(table) {
    const problems = new errors/* Problems */.Zw();
    const suggestions = new Map();
    const reported = new Set();
    const suggest = (key) => {
        if (!suggestions.has(key))
            suggestions.set(key, evalSet/* KNOWN_EVAL_COLUMNS */.pX.has(key) ? null : (0,similarName/* similarName */.j)(key, KNOWN, EVAL_COLUMN_ALIASES));
        return suggestions.get(key);
    };
    const check = (keys, line) => {
        for (const key of keys) {
            const meant = suggest(key);
            if (meant === null || keys.includes(meant) || reported.has(key))
                continue;
            reported.add(key);
            problems.add(`${(0,errors/* locate */.x5)(table.file, line, key)}: unknown column; did you mean "${meant}"?`, `rename the column to ${meant} (a column evalgate does not know is only passed through to the candidate, so what it holds would never be scored)`);
        }
    };
    if (table.columns)
        check(table.columns, 1);
    else
        for (const record of table.records)
            check(Object.keys(record.data), record.line);
    problems.throwIfAny('bad_input');
}
/**
 * A conversation is asked turn by turn, each turn after the answers to the earlier ones: the
 * turns must be 1, 2, 3, … with none missing or given twice, and a row names both its
 * conversation and its turn, or neither. A row gives its history either as a `history` cell
 * or through its conversation, not both (the two would disagree about what came before).
 */
function checkConversations(file, rows, problems) {
    const turns = new Map();
    const firstLine = new Map();
    for (const row of rows) {
        if ((row.conversationId === null) !== (row.turn === null)) {
            const missing = row.conversationId === null ? 'conversation_id' : 'turn';
            problems.add(`${(0,errors/* locate */.x5)(file, row.line, missing)}: empty, but this row has a ${missing === 'turn' ? 'conversation_id' : 'turn'}`, 'give a row of a conversation both its conversation_id and its turn number (1, 2, 3, …); leave both empty for a single question');
            continue;
        }
        if (row.conversationId === null || row.turn === null)
            continue;
        if (row.hasHistory) {
            problems.add(`${(0,errors/* locate */.x5)(file, row.line, 'history')}: a row with a conversation_id takes its history from the earlier turns`, 'leave history empty on conversation rows, or drop conversation_id and turn and give the whole history in the history cell');
        }
        const seen = turns.get(row.conversationId) ?? new Map();
        turns.set(row.conversationId, seen);
        if (!firstLine.has(row.conversationId))
            firstLine.set(row.conversationId, row.line);
        const previous = seen.get(row.turn);
        if (previous !== undefined) {
            problems.add(`${(0,errors/* locate */.x5)(file, row.line, 'turn')}: conversation "${row.conversationId}" has turn ${row.turn} twice (first on line ${previous})`, 'one question per turn: renumber the turns of this conversation 1, 2, 3, … or move the row to another conversation');
            continue;
        }
        seen.set(row.turn, row.line);
    }
    for (const [id, seen] of turns) {
        const highest = Math.max(...seen.keys());
        const missing = Array.from({ length: highest }, (_, i) => i + 1).filter((t) => !seen.has(t));
        if (missing.length === 0)
            continue;
        problems.add(`${(0,errors/* locate */.x5)(file, firstLine.get(id), 'turn')}: conversation "${id}" has no turn ${missing.join(', ')} (it has turns ${[...seen.keys()].sort((a, b) => a - b).join(', ')})`, 'number the turns of each conversation 1, 2, 3, … without gaps: add the missing turn or renumber the later ones');
    }
}
/** Rows named in one warning; the rest are counted. */
const SHOWN_ROWS = 5;
/**
 * A `,` in a reference_points or relevant_doc_ids cell most likely separates items that the
 * file format separates otherwise (`;` and `|` in CSV, arrays in JSONL): the cell is then read
 * as one long item. Worth a warning, not an error: a reference point may be a sentence with
 * commas in it, so a reference_points cell already split by `;` (or a JSONL array) is trusted.
 */
function separatorWarnings(table) {
    const warnings = [];
    for (const [column, separator] of [
        ['reference_points', ';'],
        ['relevant_doc_ids', '|'],
    ]) {
        const lines = [];
        for (const record of table.records)
            if (commaSeparated(record.data[column], column, separator))
                lines.push(record.line);
        if (lines.length === 0)
            continue;
        const shown = lines.slice(0, SHOWN_ROWS).map((line) => `${(0,errors/* locate */.x5)(table.file, line)}`);
        const more = lines.length > SHOWN_ROWS ? ` and ${lines.length - SHOWN_ROWS} more row(s)` : '';
        const how = table.format === 'csv' ? `separate items with ${separator}` : 'give the items as a JSON array';
        warnings.push(`${shown.join(', ')}${more}: column "${column}" has "," inside a cell, which is read as part of one item; ${how}`);
    }
    return warnings;
}
function commaSeparated(value, column, separator) {
    if (typeof value === 'string')
        return value.includes(',') && (column === 'relevant_doc_ids' || !value.includes(separator));
    // an array's items are explicit; an id with a comma in it is still a slip, a sentence with one is not
    return column === 'relevant_doc_ids' && Array.isArray(value) && value.some((item) => typeof item === 'string' && item.includes(','));
}

;// CONCATENATED MODULE: ./src/run/evalSet.ts






const columnHints = {
    id: 'give every row a stable, unique id (e.g. q001) and never reuse one for a different question',
    question: 'write the question text, or remove the row',
    should_refuse: 'write true or false (1/0 and yes/no work too)',
    expect_json: 'write true or false (1/0 and yes/no work too)',
    relevant_doc_ids: 'separate ids with | and give a grade as doc:G with G in 0-3 (e.g. D1|D2:3)',
    reference_points: 'separate reference points with ; (CSV) or give a JSON array (JSONL)',
    required_keys: 'list key names separated by ; or as a JSON array',
    turn: 'number the turns of each conversation 1, 2, 3, … (the row with turn 1 opens the conversation)',
    history: 'give the earlier messages as a JSON array, e.g. [{"role":"user","content":"…"},{"role":"assistant","content":"…"}]',
};
function loadEvalSet(file) {
    return evalSetFromTable((0,tabular/* readTable */.xz)(file, 'eval set'));
}
function evalSetFromTable(table) {
    // before the required columns: a `query` column gets "did you mean question?" rather than "no question column"
    checkColumnNames(table);
    (0,tabular/* requireColumns */.fe)(table, evalSet/* REQUIRED_EVAL_COLUMNS */.H0, 'the eval set needs at least the columns id and question');
    const rows = [];
    const firstLine = new Map();
    // every bad row is reported at once, so one run shows everything to fix
    const problems = new errors/* Problems */.Zw();
    const conversationCells = [];
    // a CSV whose columns are all known passes nothing through: no per-row search for extra columns
    const noExtra = table.columns !== null && table.columns.every((c) => evalSet/* KNOWN_EVAL_COLUMNS */.pX.has(c));
    for (const record of table.records) {
        // plain string handling for a row of text cells; the schema for anything else, with its located messages
        const parsed = plainEvalRow(record.data) ?? (0,tabular/* tryParseRecord */.kr)(evalSet/* EvalRowInputSchema */.aI, record, table.file, (c) => columnHints[c] ?? 'fix the value in this cell', problems);
        if (!parsed)
            continue;
        const previous = firstLine.get(parsed.id);
        if (previous !== undefined) {
            problems.add(`${(0,errors/* locate */.x5)(table.file, record.line, 'id')}: duplicate id "${parsed.id}" (first used on line ${previous})`, 'ids must be unique: give this row a new id; keep the old id for the old question');
            continue;
        }
        firstLine.set(parsed.id, record.line);
        conversationCells.push({ line: record.line, conversationId: parsed.conversation_id, turn: parsed.turn, hasHistory: parsed.history !== null });
        // fromEntries defines properties: a `__proto__` column stays a column instead of becoming the prototype
        const extra = noExtra ? {} : Object.fromEntries(Object.entries(record.data).filter(([key]) => !evalSet/* KNOWN_EVAL_COLUMNS */.pX.has(key)));
        rows.push({
            id: parsed.id,
            question: parsed.question,
            ground_truth: parsed.ground_truth,
            reference_points: parsed.reference_points,
            category: parsed.category,
            difficulty: parsed.difficulty,
            should_refuse: parsed.should_refuse,
            relevant_docs: parsed.relevant_doc_ids,
            expect_json: parsed.expect_json,
            required_keys: parsed.required_keys,
            ...(parsed.conversation_id !== null && parsed.turn !== null ? { conversation: { id: parsed.conversation_id, turn: parsed.turn } } : {}),
            ...(parsed.history !== null ? { history: parsed.history } : {}),
            extra,
        });
    }
    checkConversations(table.file, conversationCells, problems);
    problems.throwIfAny('bad_input');
    if (rows.length === 0)
        throw new errors/* GateError */.ue('bad_input', `${table.file}: the eval set has no rows`, 'add at least one question below the header');
    return { file: table.file, rows, fingerprint: fingerprintRows(rows), warnings: separatorWarnings(table) };
}
/**
 * sha256 over the normalised rows, sorted by id: reordering rows or switching CSV ↔ JSONL
 * keeps the fingerprint, editing a question, answer, label or relevance judgement changes it.
 * Pass-through columns are not part of it: they do not change any score.
 */
function fingerprintRows(rows) {
    const hash = (0,external_node_crypto_.createHash)('sha256');
    const sorted = [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const row of sorted) {
        hash.update(JSON.stringify([
            row.id,
            row.question,
            row.ground_truth,
            row.reference_points,
            row.category,
            row.difficulty,
            row.should_refuse,
            row.relevant_docs.map((d) => [d.id, d.grade]),
            row.expect_json,
            row.required_keys,
            // only when present: a set without conversations keeps the fingerprint it always had
            ...(row.conversation ? [['conversation', row.conversation.id, row.conversation.turn]] : []),
            ...(row.history ? [['history', row.history.map((m) => [m.role, m.content])]] : []),
        ]));
        hash.update('\n');
    }
    return `sha256:${hash.digest('hex')}`;
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


/***/ }),

/***/ 458:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   H0: () => (/* binding */ REQUIRED_EVAL_COLUMNS),
/* harmony export */   aI: () => (/* binding */ EvalRowInputSchema),
/* harmony export */   pX: () => (/* binding */ KNOWN_EVAL_COLUMNS),
/* harmony export */   tb: () => (/* binding */ booleanCell)
/* harmony export */ });
/* unused harmony exports RelevantDocSchema, ChatMessageSchema, EvalRowSchema */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2311);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8532);
/* harmony import */ var _ids_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9338);


/**
 * One eval-set row. CSV cells arrive as strings and JSONL values as strings, arrays or
 * booleans; the same schema normalises both, so the two formats cannot drift apart.
 */
const text = zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig()]).transform((v) => String(v).normalize('NFC').replace(/\r\n?/g, '\n').trim());
const optionalText = zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig(), zod__WEBPACK_IMPORTED_MODULE_1__/* ["null"] */ .chJ()])
    .optional()
    .transform((v) => {
    if (v === null || v === undefined)
        return null;
    const s = String(v).normalize('NFC').replace(/\r\n?/g, '\n').trim();
    return s === '' ? null : s;
});
/** `a;b;c` in CSV, `["a","b","c"]` in JSONL. */
function list(separator) {
    return zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig()])), zod__WEBPACK_IMPORTED_MODULE_1__/* ["null"] */ .chJ()])
        .optional()
        .transform((v) => {
        if (v === null || v === undefined)
            return [];
        const items = Array.isArray(v) ? v.map(String) : v.split(separator);
        return items.map((s) => s.normalize('NFC').trim()).filter((s) => s !== '');
    });
}
const truthy = new Set(['true', '1', 'yes']);
const falsy = new Set(['false', '0', 'no', '']);
const booleanCell = zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(), zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig(), zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* ["null"] */ .chJ()])
    .optional()
    .transform((v, ctx) => {
    if (v === null || v === undefined)
        return false;
    if (typeof v === 'boolean')
        return v;
    const s = String(v).trim().toLowerCase();
    if (truthy.has(s))
        return true;
    if (falsy.has(s))
        return false;
    ctx.addIssue({ code: 'custom', message: `expected true/false/1/0/yes/no, got "${String(v)}"` });
    return zod__WEBPACK_IMPORTED_MODULE_2__/* .NEVER */ .tm;
});
const RelevantDocSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({ id: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), grade: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().min(0).max(3) });
/** `D1|D2:3|D7:0`: a bare id is grade 1, `:0` marks a doc judged not relevant. */
const relevantDocs = zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(_ids_js__WEBPACK_IMPORTED_MODULE_0__/* .idValue */ .$T), zod__WEBPACK_IMPORTED_MODULE_1__/* ["null"] */ .chJ()])
    .optional()
    .transform((v, ctx) => {
    if (v === null || v === undefined)
        return [];
    const items = (Array.isArray(v) ? v : v.split('|')).map((s) => s.normalize('NFC').trim()).filter((s) => s !== '');
    const docs = [];
    const seen = new Set();
    for (const item of items) {
        const graded = /^(.+):(\d+)$/.exec(item);
        const id = (graded ? graded[1] : item).trim();
        const grade = graded ? Number(graded[2]) : 1;
        if (grade > 3) {
            ctx.addIssue({ code: 'custom', message: `"${item}": a graded id is written doc:G with G in 0-3` });
            return zod__WEBPACK_IMPORTED_MODULE_2__/* .NEVER */ .tm;
        }
        if (seen.has(id)) {
            ctx.addIssue({ code: 'custom', message: `doc id "${id}" is listed twice` });
            return zod__WEBPACK_IMPORTED_MODULE_2__/* .NEVER */ .tm;
        }
        seen.add(id);
        docs.push({ id, grade });
    }
    return docs;
});
const ChatMessageSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({ role: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(['user', 'assistant']), content: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP() });
/** `2` in JSONL, `"2"` in CSV: a whole number from 1. */
const turnCell = zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig(), zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* ["null"] */ .chJ()])
    .optional()
    .transform((v, ctx) => {
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === ''))
        return null;
    const n = typeof v === 'number' ? v : /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
    if (Number.isInteger(n) && n >= 1)
        return n;
    ctx.addIssue({ code: 'custom', message: `expected a turn number 1, 2, 3, …, got "${String(v)}"` });
    return zod__WEBPACK_IMPORTED_MODULE_2__/* .NEVER */ .tm;
});
/**
 * The conversation before this question: a JSON array of `{role, content}` messages, user and
 * assistant taking turns from a user message to an assistant reply (the question is the next user
 * message). A JSON string in CSV, the array itself in JSONL.
 */
const historyCell = zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .unknown */ .L5J()), zod__WEBPACK_IMPORTED_MODULE_1__/* ["null"] */ .chJ()])
    .optional()
    .transform((v, ctx) => {
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === ''))
        return null;
    let value = v;
    if (typeof v === 'string') {
        try {
            value = JSON.parse(v);
        }
        catch {
            ctx.addIssue({ code: 'custom', message: `is not JSON: expected an array of {"role", "content"} messages, got "${v.slice(0, 60)}"` });
            return zod__WEBPACK_IMPORTED_MODULE_2__/* .NEVER */ .tm;
        }
    }
    const problem = historyProblem(value);
    if (problem === null)
        return value;
    ctx.addIssue({ code: 'custom', message: problem });
    return zod__WEBPACK_IMPORTED_MODULE_2__/* .NEVER */ .tm;
});
function historyProblem(value) {
    if (!Array.isArray(value))
        return 'expected a JSON array of {"role", "content"} messages';
    for (const [i, message] of value.entries()) {
        const parsed = ChatMessageSchema.safeParse(message);
        if (!parsed.success)
            return `message ${i + 1} is not {"role": "user" | "assistant", "content": "…"}: got ${JSON.stringify(message)?.slice(0, 60)}`;
        if (parsed.data.content.trim() === '')
            return `message ${i + 1} has empty content`;
        const expected = i % 2 === 0 ? 'user' : 'assistant';
        if (parsed.data.role !== expected)
            return `message ${i + 1} has role "${parsed.data.role}" where "${expected}" is expected (user and assistant take turns, starting with user)`;
    }
    if (value.length % 2 === 1)
        return 'the last message is a user message: the history ends with the assistant reply before this question';
    return null;
}
const EvalRowInputSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    id: (0,_ids_js__WEBPACK_IMPORTED_MODULE_0__/* .idField */ .ei)('id is empty: every row needs a stable, unique id'),
    question: text.pipe(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().min(1, 'question is empty')),
    ground_truth: optionalText,
    reference_points: list(';'),
    category: optionalText,
    difficulty: optionalText,
    should_refuse: booleanCell,
    relevant_doc_ids: relevantDocs,
    expect_json: booleanCell,
    required_keys: zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()), zod__WEBPACK_IMPORTED_MODULE_1__/* ["null"] */ .chJ()])
        .optional()
        .transform((v, ctx) => {
        if (v === null || v === undefined)
            return [];
        if (Array.isArray(v))
            return v;
        const s = v.trim();
        if (s === '')
            return [];
        if (s.startsWith('[')) {
            try {
                const parsed = JSON.parse(s);
                if (Array.isArray(parsed) && parsed.every((k) => typeof k === 'string'))
                    return parsed;
            }
            catch {
                // fall through to the error below
            }
            ctx.addIssue({ code: 'custom', message: `expected a JSON array of key names or a;b;c, got "${s}"` });
            return zod__WEBPACK_IMPORTED_MODULE_2__/* .NEVER */ .tm;
        }
        return s
            .split(';')
            .map((k) => k.trim())
            .filter((k) => k !== '');
    }),
    conversation_id: optionalText,
    turn: turnCell,
    history: historyCell,
})
    .passthrough();
const EvalRowSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    id: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    question: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    ground_truth: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    reference_points: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    category: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    difficulty: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    should_refuse: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
    relevant_docs: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(RelevantDocSchema),
    expect_json: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
    required_keys: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    /** Set when the row is one turn of a conversation (`conversation_id` + `turn` columns). */
    conversation: zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({ id: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), turn: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().min(1) }).optional(),
    /** The conversation before this question, given in the row (`history` column). */
    history: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(ChatMessageSchema).optional(),
    /** Unknown columns, kept and passed through to the candidate. */
    extra: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .unknown */ .L5J()),
});
const REQUIRED_EVAL_COLUMNS = ['id', 'question'];
const KNOWN_EVAL_COLUMNS = new Set([
    'id',
    'question',
    'ground_truth',
    'reference_points',
    'category',
    'difficulty',
    'should_refuse',
    'relevant_doc_ids',
    'expect_json',
    'required_keys',
    'conversation_id',
    'turn',
    'history',
]);


/***/ })

};
