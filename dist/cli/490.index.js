export const id = 490;
export const ids = [490];
export const modules = {

/***/ 8234:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Cb: () => (/* binding */ answerTurnByTurn),
/* harmony export */   NF: () => (/* binding */ withHistories),
/* harmony export */   g7: () => (/* binding */ turnWaves)
/* harmony export */ });
/* unused harmony export histories */
/**
 * A conversation is asked as a chat product is used: turn k with the candidate's own answers to
 * turns 1 … k−1 as its history. So the candidate is asked in waves: wave k holds turn k of every
 * conversation (wave 1 also every single question and every row with a `history` cell, whose
 * history is given), and is asked only once wave k−1 has been answered. A set without
 * conversations is one wave: asked exactly as before.
 */
function turnWaves(rows) {
    const waves = [];
    for (const row of rows) {
        const wave = (row.conversation?.turn ?? 1) - 1;
        while (waves.length <= wave)
            waves.push([]);
        waves[wave].push(row);
    }
    return waves;
}
/** Every conversation's rows by turn: `[conversation id] → rows[turn - 1]`. */
function conversationsOf(rows) {
    const conversations = new Map();
    for (const row of rows) {
        if (!row.conversation)
            continue;
        const turns = conversations.get(row.conversation.id) ?? [];
        turns[row.conversation.turn - 1] = row;
        conversations.set(row.conversation.id, turns);
    }
    return conversations;
}
/**
 * What came before each row, as `{role, content}` messages: a row's `history` cell as given; for
 * turn k of a conversation, the questions of turns 1 … k−1 (user) each followed by the
 * candidate's answer to it (assistant). A row of neither kind has none (absent from the map).
 */
function histories(rows, answers) {
    const out = new Map();
    const conversations = conversationsOf(rows);
    for (const row of rows) {
        if (row.history)
            out.set(row.id, { ok: true, history: row.history });
        if (!row.conversation)
            continue;
        const earlier = conversations.get(row.conversation.id).slice(0, row.conversation.turn - 1);
        const history = [];
        let error = null;
        for (const [i, turn] of earlier.entries()) {
            const answer = turn ? answers.get(turn.id) : undefined;
            if (!turn || !answer || answer.error !== null) {
                error = `not asked: turn ${i + 1} of conversation "${row.conversation.id}"${turn ? ` (${turn.id})` : ''} has no answer to carry into this turn's history`;
                break;
            }
            history.push({ role: 'user', content: turn.question }, { role: 'assistant', content: answer.answer });
        }
        out.set(row.id, error === null ? { ok: true, history } : { ok: false, error });
    }
    return out;
}
/** The rows with the history the candidate was given (conversation rows from its answers), for the judge. */
function withHistories(rows, answers) {
    const known = histories(rows, answers);
    return rows.map((row) => {
        const h = known.get(row.id);
        return h?.ok && !row.history ? { ...row, history: h.history } : row;
    });
}
/**
 * Asks `ask` wave by wave (turnWaves), each row carrying its history (`row.history`). A turn whose
 * earlier turn got no answer (or an error) is not asked: it becomes an error row saying which turn.
 */
async function answerTurnByTurn(rows, ask) {
    const waves = turnWaves(rows);
    if (waves.length <= 1)
        return ask([...rows]);
    const answers = new Map();
    for (const wave of waves) {
        const known = histories(rows, answers);
        const asked = [];
        for (const row of wave) {
            const h = known.get(row.id);
            if (h && !h.ok)
                answers.set(row.id, { id: row.id, answer: '', contexts: [], retrieved_ids: [], latency_ms: null, error: h.error });
            else
                asked.push(h ? { ...row, history: h.history } : row);
        }
        if (asked.length === 0)
            continue;
        for (const [id, output] of await ask(asked))
            answers.set(id, output);
    }
    return answers;
}


/***/ }),

/***/ 7262:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   p: () => (/* binding */ countOf)
/* harmony export */ });
/** A count and its noun, singular for one: `1 question`, `3 questions`. */
function countOf(n, noun, plural = `${noun}s`) {
    return `${n} ${n === 1 ? noun : plural}`;
}


/***/ }),

/***/ 4695:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   YA: () => (/* binding */ Utf8StreamDecoder),
/* harmony export */   _6: () => (/* binding */ decodeUtf8)
/* harmony export */ });
/* unused harmony export firstInvalidUtf8 */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7333);

/**
 * Strict UTF-8 for the files evalgate reads: a GBK, Latin-1 or UTF-16 file is refused with
 * the offset of its first bad byte, never read as text full of U+FFFD that scores as
 * garbage. The native decoder checks; only a file that fails is scanned byte by byte to say
 * where.
 */
const HINT = 'save the file as UTF-8 (in Excel: "CSV UTF-8"; or convert it, e.g. iconv -f GBK -t UTF-8 in.csv > out.csv)';
const UTF16_HINT = 'save the file as UTF-8 (e.g. iconv -f UTF-16 -t UTF-8 in.csv > out.csv)';
/** Bytes of the start of a file looked at for UTF-16 without a byte order mark. */
const SNIFF_BYTES = 4096;
/** The whole file as text; refuses bytes that are not UTF-8. A UTF-8 BOM is kept for the parsers to skip. */
function decodeUtf8(file, bytes) {
    refuseUtf16(file, bytes);
    try {
        return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    }
    catch {
        const offset = firstInvalidUtf8(bytes);
        throw notUtf8(file, offset, lineAt(bytes, offset), bytes[offset]);
    }
}
/**
 * A decoder for a file read in chunks: `push` returns the text of each chunk (a character
 * split between chunks comes out with the next one), `end` checks that nothing is left
 * half-written. Offsets and lines in its errors count from the start of the file.
 */
class Utf8StreamDecoder {
    decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    file;
    hint;
    /** bytes of the previous chunks, and the newlines among them */
    offset = 0;
    newlines = 0;
    /** the incomplete character at the end of the previous chunk, if any */
    pending = new Uint8Array(0);
    /** `hint`: the fix to give instead of "save the file as UTF-8" (the stream is not a file) */
    constructor(file, hint) {
        this.file = file;
        this.hint = hint;
    }
    push(chunk) {
        if (this.offset === 0)
            refuseUtf16(this.file, chunk, this.hint);
        let text;
        try {
            text = this.decoder.decode(chunk, { stream: true });
        }
        catch {
            const joined = concat(this.pending, chunk);
            const at = firstInvalidUtf8(joined);
            // pending holds no newline (its bytes are all above 0x7F)
            throw notUtf8(this.file, this.offset - this.pending.length + at, this.newlines + lineAt(joined, at), joined[at], this.hint);
        }
        this.pending = incompleteTail(chunk.length >= 4 ? chunk : concat(this.pending, chunk));
        this.offset += chunk.length;
        for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, i + 1))
            this.newlines += 1;
        return text;
    }
    end() {
        try {
            return this.decoder.decode();
        }
        catch {
            throw notUtf8(this.file, this.offset - this.pending.length, this.newlines + 1, undefined, this.hint);
        }
    }
}
/**
 * Offset of the first byte that does not start a well-formed UTF-8 sequence (the Unicode
 * "maximal subpart" rule: overlong forms, surrogates and values above U+10FFFF are
 * ill-formed), or `bytes.length` when the bytes only end in the middle of a character.
 */
function firstInvalidUtf8(bytes) {
    let i = 0;
    while (i < bytes.length) {
        const lead = bytes[i];
        if (lead < 0x80) {
            i += 1;
            continue;
        }
        const sequence = SEQUENCES.find((s) => lead >= s.from && lead <= s.to);
        if (!sequence)
            return i;
        for (let k = 1; k < sequence.length; k++) {
            const next = bytes[i + k];
            if (next === undefined)
                return bytes.length;
            const [low, high] = k === 1 ? sequence.second : [0x80, 0xbf];
            if (next < low || next > high)
                return i;
        }
        i += sequence.length;
    }
    return bytes.length;
}
/** Well-formed UTF-8 by lead byte (Unicode table 3-7): its length and the range of its second byte. */
const SEQUENCES = [
    { from: 0xc2, to: 0xdf, length: 2, second: [0x80, 0xbf] },
    { from: 0xe0, to: 0xe0, length: 3, second: [0xa0, 0xbf] },
    { from: 0xe1, to: 0xec, length: 3, second: [0x80, 0xbf] },
    { from: 0xed, to: 0xed, length: 3, second: [0x80, 0x9f] },
    { from: 0xee, to: 0xef, length: 3, second: [0x80, 0xbf] },
    { from: 0xf0, to: 0xf0, length: 4, second: [0x90, 0xbf] },
    { from: 0xf1, to: 0xf3, length: 4, second: [0x80, 0xbf] },
    { from: 0xf4, to: 0xf4, length: 4, second: [0x80, 0x8f] },
];
/** A UTF-16 file says so with a byte order mark, or shows itself by NUL bytes at every other offset (its ASCII characters). */
function refuseUtf16(file, bytes, hint = UTF16_HINT) {
    if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
        const order = bytes[0] === 0xff ? 'little-endian' : 'big-endian';
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .GateError */ .ue('bad_input', `${file}: not UTF-8: it is UTF-16 (${order}; it starts with a UTF-16 byte order mark, bytes 0-1)`, hint);
    }
    const sniffed = Math.min(bytes.length, SNIFF_BYTES);
    const nuls = [0, 0];
    let first = -1;
    for (let i = 0; i < sniffed; i++) {
        if (bytes[i] !== 0)
            continue;
        nuls[i % 2] += 1;
        if (first === -1)
            first = i;
    }
    const [even, odd] = nuls;
    // ASCII text in UTF-16 puts a NUL in every other byte; a UTF-8 file with the odd NUL byte does not
    if (even + odd >= 4 && even + odd >= sniffed / 8 && Math.max(even, odd) >= 0.9 * (even + odd)) {
        const order = odd > even ? 'little-endian' : 'big-endian';
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .GateError */ .ue('bad_input', `${file}: not UTF-8: it looks like UTF-16 (${order}, without a byte order mark): ${even + odd} of its first ${sniffed} bytes are NUL, at every other offset, the first at byte offset ${first}`, hint);
    }
}
/** `byte` is undefined when the file ends in the middle of a character. */
function notUtf8(file, offset, line, byte, hint = HINT) {
    const what = byte === undefined ? 'the file ends in the middle of a character' : `byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    return new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .GateError */ .ue('bad_input', `${file}:${line}: not valid UTF-8: ${what} at byte offset ${offset}`, hint);
}
/** 1-based line of a byte offset. */
function lineAt(bytes, offset) {
    let line = 1;
    for (let i = bytes.indexOf(0x0a); i !== -1 && i < offset; i = bytes.indexOf(0x0a, i + 1))
        line += 1;
    return line;
}
/** The bytes after the last complete character: the start of a character the next chunk finishes. */
function incompleteTail(bytes) {
    for (let back = 1; back <= Math.min(3, bytes.length); back++) {
        const b = bytes[bytes.length - back];
        if ((b & 0xc0) === 0x80)
            continue;
        const length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
        return length > back ? bytes.slice(bytes.length - back) : new Uint8Array(0);
    }
    return new Uint8Array(0);
}
function concat(a, b) {
    if (a.length === 0)
        return b;
    const joined = new Uint8Array(a.length + b.length);
    joined.set(a);
    joined.set(b, a.length);
    return joined;
}


/***/ }),

/***/ 105:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   TL: () => (/* binding */ quoted),
/* harmony export */   Y5: () => (/* binding */ lengthOf),
/* harmony export */   bW: () => (/* binding */ quotedAlike)
/* harmony export */ });
/* unused harmony export isCjkText */
/**
 * Which writing a text is in, for the few things that differ: how a length is counted and how
 * a quote is marked. Chinese, Japanese and Korean text counts characters and quotes in 「」;
 * everything else counts words and quotes in “”. One decision, so a reason and a length never
 * disagree about the same text.
 */
const CJK_CHARACTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
/** a word of any other script, digits included: `don't`, `1,000`, `x-api-key` are one word each */
const WORD = /(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])[\p{L}\p{N}])+(?:[.,'’-](?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])[\p{L}\p{N}])+)*/gu;
/** CJK when it has at least as many CJK characters as other words (`使用 Okta 登录` is CJK, an English sentence naming 北京 is not). */
function isCjkText(text) {
    const cjk = matchCount(text, CJK_CHARACTER);
    return cjk > 0 && cjk >= matchCount(text, WORD);
}
/** How often a global pattern matches, without building the array of matches (every answer and note is measured). */
function matchCount(text, pattern) {
    pattern.lastIndex = 0;
    let count = 0;
    while (pattern.test(text))
        count += 1;
    return count;
}
/** Characters (code points) for CJK text, words for any other text. */
function lengthOf(text) {
    return isCjkText(text) ? { value: [...text].length, unit: 'characters' } : { value: matchCount(text, WORD), unit: 'words' };
}
/** `「…」` around CJK text, `“…”` around any other; `script` decides for a list quoted alike. */
function quoted(text, script = text) {
    return quoteIn(isCjkText(script), text);
}
/** Texts of one list quoted alike, as the script of `script` (the whole list) decides. */
function quotedAlike(texts, script) {
    const cjk = isCjkText(script);
    return texts.map((text) => quoteIn(cjk, text));
}
function quoteIn(cjk, text) {
    return cjk ? `「${text}」` : `“${text}”`;
}


/***/ }),

/***/ 5334:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   j: () => (/* binding */ similarName)
/* harmony export */ });
/* unused harmony export editDistance */
/**
 * "Did you mean": the known name an unknown field or column was probably meant to be. A name
 * matches when it is the known one spelled differently (case, `_`/`-`/space, a plural s), a
 * typo of it (edit distance 1, or 2 for names of 8 letters and more), or one of its common
 * aliases (`response` for `answer`). Deliberately narrow: a pass-through column that merely
 * resembles a known one must not turn into an error by accident.
 */
function similarName(name, known, aliases = {}) {
    const unknown = squash(name);
    if (unknown === '')
        return null;
    for (const candidate of known) {
        const target = squash(candidate);
        if (unknown === target)
            return candidate;
        if ((aliases[candidate] ?? []).some((alias) => squash(alias) === unknown))
            return candidate;
    }
    let best = null;
    for (const candidate of known) {
        const target = squash(candidate);
        const allowed = target.length >= 8 ? 2 : target.length >= 4 ? 1 : 0;
        const distance = editDistance(unknown, target, allowed);
        if (distance <= allowed && (!best || distance < best.distance))
            best = { name: candidate, distance };
    }
    return best?.name ?? null;
}
/** Lower case without separators or a final plural s: `Relevant-Doc-IDs` and `relevant_doc_id` read alike. */
function squash(name) {
    return name
        .normalize('NFKC')
        .toLowerCase()
        .replace(/[\s_\-.]+/g, '')
        .replace(/s$/, '');
}
/** Levenshtein distance with adjacent transpositions, giving up (limit + 1) once it is over `limit`. */
function editDistance(a, b, limit) {
    if (Math.abs(a.length - b.length) > limit)
        return limit + 1;
    let before = [];
    let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
        const current = [i];
        let rowBest = i;
        for (let j = 1; j <= b.length; j++) {
            const cost = a[i - 1] === b[j - 1] ? 0 : 1;
            let d = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
            if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
                d = Math.min(d, before[j - 2] + 1);
            current.push(d);
            rowBest = Math.min(rowBest, d);
        }
        if (rowBest > limit)
            return limit + 1;
        before = previous;
        previous = current;
    }
    return Math.min(previous[b.length], limit + 1);
}


/***/ }),

/***/ 6575:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Wk: () => (/* binding */ parseCsv),
  AN: () => (/* binding */ parseJsonlLine),
  Hh: () => (/* binding */ parseRecord),
  xz: () => (/* binding */ readTable),
  yR: () => (/* binding */ readText),
  fe: () => (/* binding */ requireColumns),
  Hr: () => (/* binding */ streamJsonl),
  Kg: () => (/* binding */ tableFormat),
  kr: () => (/* binding */ tryParseRecord)
});

// UNUSED EXPORTS: parseJsonl, recordStartLines

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:events"
var external_node_events_ = __webpack_require__(8474);
// EXTERNAL MODULE: external "node:readline"
var external_node_readline_ = __webpack_require__(481);
// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(7075);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./node_modules/csv-parse/lib/sync.js + 9 modules
var sync = __webpack_require__(5175);
;// CONCATENATED MODULE: ./src/io/plainCsv.ts
const COMMA = 0x2c;
const LF = 0x0a;
const QUOTE = 0x22;
/** What csv-parse would read as something other than plain text and LF line ends: left to it. */
const UNUSUAL = /\r|[\uD800-\uDFFF]|(?!^)\uFEFF/u;
/**
 * The records of a CSV file in its common form (LF line ends, fields quoted as RFC 4180 says,
 * every record as wide as the header; empty lines skipped, a leading BOM dropped), each with the
 * line it starts on (starts[0] is the header's): exactly what csv-parse with
 * `{bom: true, skip_empty_lines: true}` returns, at a fraction of its cost (issue 13). Null for
 * anything else (a CR, a stray quote, a record of another width, an unclosed quote), which
 * csv-parse then parses and reports in its own words (test/io/plainCsv.test.ts).
 */
function plainCsv(text) {
    if (UNUSUAL.test(text))
        return null;
    const rows = [];
    const starts = [];
    let width = -1;
    let line = 1;
    let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    while (i < text.length) {
        if (text.charCodeAt(i) === LF) {
            i++;
            line++;
            continue;
        }
        starts.push(line);
        const record = [];
        for (;;) {
            const field = text.charCodeAt(i) === QUOTE ? quotedField(text, i) : unquotedField(text, i);
            if (field === null)
                return null;
            record.push(field.value);
            line += field.newlines;
            i = field.end;
            // the field ends the record (LF or the end of the text) or is followed by a comma
            if (i >= text.length || text.charCodeAt(i) === LF)
                break;
            i++;
        }
        if (i < text.length) {
            i++;
            line++;
        }
        if (width === -1)
            width = record.length;
        else if (record.length !== width)
            return null;
        rows.push(record);
    }
    return { rows, starts };
}
function unquotedField(text, from) {
    let i = from;
    for (; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === COMMA || c === LF)
            break;
        if (c === QUOTE)
            return null;
    }
    return { value: text.slice(from, i), end: i, newlines: 0 };
}
/** `"…"` with `""` for a quote inside; null when unclosed or followed by anything but a comma, a LF or the end. */
function quotedField(text, from) {
    let value = '';
    let newlines = 0;
    let i = from + 1;
    for (;;) {
        const quote = text.indexOf('"', i);
        if (quote === -1)
            return null;
        for (let n = text.indexOf('\n', i); n !== -1 && n < quote; n = text.indexOf('\n', n + 1))
            newlines++;
        const doubled = text.charCodeAt(quote + 1) === QUOTE;
        value += text.slice(i, doubled ? quote + 1 : quote);
        i = quote + (doubled ? 2 : 1);
        if (doubled)
            continue;
        const next = i < text.length ? text.charCodeAt(i) : -1;
        return next === -1 || next === COMMA || next === LF ? { value, end: i, newlines } : null;
    }
}

// EXTERNAL MODULE: ./src/io/encoding.ts
var encoding = __webpack_require__(4695);
// EXTERNAL MODULE: ./src/io/errors.ts
var errors = __webpack_require__(7333);
;// CONCATENATED MODULE: ./src/io/tabular.ts









function tableFormat(file) {
    const ext = (0,external_node_path_.extname)(file).toLowerCase();
    if (ext === '.csv')
        return 'csv';
    if (ext === '.jsonl' || ext === '.ndjson' || ext === '.json')
        return 'jsonl';
    throw new errors/* GateError */.ue('bad_input', `${file}: unknown file type "${ext || '(none)'}"`, 'use a .csv or .jsonl file');
}
/** A whole file as text; anything but UTF-8 is refused, naming the first bad byte. */
function readText(file, what) {
    let bytes;
    try {
        bytes = (0,external_node_fs_.readFileSync)(file);
    }
    catch (error) {
        const code = error.code;
        const reason = code === 'ENOENT' ? 'file not found' : code === 'EISDIR' ? 'is a directory' : String(error);
        throw new errors/* GateError */.ue('bad_input', `${file}: cannot read the ${what}: ${reason}`, `check the path given for the ${what}`);
    }
    return (0,encoding/* decodeUtf8 */._6)(file, bytes);
}
function readTable(file, what) {
    const text = readText(file, what);
    return tableFormat(file) === 'csv' ? parseCsv(file, text) : parseJsonl(file, text);
}
function parseCsv(file, text) {
    const plain = plainCsv(text);
    const rows = plain?.rows ?? parseCsvText(file, text);
    // csv-parse's line count skips blank lines and counts a quoted CRLF twice: find each
    // record's first line ourselves (starts[0] is the header).
    const starts = plain?.starts ?? recordStartLines(text);
    const [header, ...body] = rows;
    if (!header)
        return { file, format: 'csv', columns: [], records: [] };
    const columns = header.map((c) => c.trim());
    const seen = new Set();
    for (const column of columns) {
        if (seen.has(column))
            throw new errors/* GateError */.ue('bad_input', `${(0,errors/* locate */.x5)(file, 1, column)}: the header names this column twice`, 'rename or remove one of them');
        seen.add(column);
    }
    const records = body.map((record, index) => {
        const data = {};
        columns.forEach((c, i) => (data[c] = record[i]));
        return { line: starts[index + 1] ?? 0, data };
    });
    return { file, format: 'csv', columns, records };
}
/** Any CSV the plain reader leaves alone (a CR, a stray quote, …) through csv-parse, whose errors carry their line. */
function parseCsvText(file, text) {
    try {
        // no `info`: a record's line comes from recordStartLines, and a parse error carries its line anyway
        return (0,sync/* parse */.qg)(text, { bom: true, relax_column_count: false, skip_empty_lines: true });
    }
    catch (error) {
        const e = error;
        throw new errors/* GateError */.ue('bad_input', `${(0,errors/* locate */.x5)(file, e.lines)}: not valid CSV: ${e.message}`, 'quote fields that contain commas, quotes or newlines (RFC 4180: "a, b" and "say ""hi""")');
    }
}
/** 1-based line on which each non-empty CSV record starts (RFC 4180 quotes; LF, CRLF or CR). */
function recordStartLines(text) {
    const starts = [];
    let line = 1;
    let inQuotes = false;
    let atRecordStart = true;
    for (let i = 0; i < text.length; i++) {
        const ch = text[i];
        if (ch === '\r' || ch === '\n') {
            if (ch === '\r' && text[i + 1] === '\n')
                i++;
            line++;
            if (!inQuotes)
                atRecordStart = true;
            continue;
        }
        if (atRecordStart) {
            if (ch === '\uFEFF')
                continue;
            starts.push(line);
            atRecordStart = false;
        }
        if (ch === '"')
            inQuotes = !inQuotes;
    }
    return starts;
}
/**
 * A .jsonl file line by line from disk, each line parsed as it is read: a 100,000-line
 * predictions file never sits in memory as one string and an array of lines at once. Bytes
 * that are not UTF-8 stop the read with their offset, as readText does.
 */
async function* streamJsonl(file, what) {
    let stream;
    try {
        stream = (0,external_node_fs_.createReadStream)(file);
        await (0,external_node_events_.once)(stream, 'open');
    }
    catch (error) {
        const code = error.code;
        throw new errors/* GateError */.ue('bad_input', `${file}: cannot read the ${what}: ${code === 'ENOENT' ? 'file not found' : String(error)}`, `check the path given for the ${what}`);
    }
    let number = 0;
    for await (const raw of (0,external_node_readline_.createInterface)({ input: external_node_stream_.Readable.from(decodeChunks(file, stream)), crlfDelay: Infinity })) {
        number += 1;
        const record = parseJsonlLine(file, number === 1 ? raw.replace(/^\uFEFF/, '') : raw, number);
        if (record)
            yield record;
    }
}
/** The text of a byte stream, refusing anything but UTF-8 as it arrives. */
async function* decodeChunks(file, bytes) {
    const decoder = new encoding/* Utf8StreamDecoder */.YA(file);
    for await (const chunk of bytes)
        yield decoder.push(chunk);
    yield decoder.end();
}
/** One line of a .jsonl file (1-based `number`): null for a blank line, a located GateError for anything but a JSON object. */
function parseJsonlLine(file, raw, number) {
    const line = raw.trim();
    if (line === '')
        return null;
    let value;
    try {
        value = JSON.parse(line);
    }
    catch (error) {
        throw new errors/* GateError */.ue('bad_input', `${(0,errors/* locate */.x5)(file, number)}: not valid JSON: ${error.message}`, 'each line of a .jsonl file must be one complete JSON object, e.g. {"id": "q1", "question": "..."}');
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        throw new errors/* GateError */.ue('bad_input', `${(0,errors/* locate */.x5)(file, number)}: expected a JSON object, got ${Array.isArray(value) ? 'an array' : typeof value}`, 'write one {"id": ..., ...} object per line');
    }
    return { line: number, data: value };
}
function parseJsonl(file, text) {
    const records = [];
    text
        .replace(/^\uFEFF/, '')
        .split('\n')
        .forEach((raw, index) => {
        const record = parseJsonlLine(file, raw, index + 1);
        if (record)
            records.push(record);
    });
    return { file, format: 'jsonl', columns: null, records };
}
function requireColumns(table, required, hint) {
    if (table.columns) {
        const missing = required.filter((c) => !table.columns.includes(c));
        if (missing.length > 0) {
            throw new errors/* GateError */.ue('bad_input', `${(0,errors/* locate */.x5)(table.file, 1)}: missing required column${missing.length > 1 ? 's' : ''} ${missing.map((c) => `"${c}"`).join(', ')} (header has: ${table.columns.join(', ')})`, hint);
        }
        return;
    }
    for (const record of table.records) {
        const missing = required.filter((c) => !(c in record.data));
        if (missing.length > 0) {
            throw new errors/* GateError */.ue('bad_input', `${(0,errors/* locate */.x5)(table.file, record.line, missing[0])}: missing required key`, hint);
        }
    }
}
/** Parses one record with a zod schema; every issue becomes a located GateError (a record from no file has no line). */
function parseRecord(schema, record, file, hint) {
    const problems = new errors/* Problems */.Zw();
    const parsed = tryParseRecord(schema, record, file, hint, problems);
    problems.throwIfAny('bad_input');
    return parsed;
}
/** Parses one record with a zod schema; each issue is added to `problems`, located by line and column. */
function tryParseRecord(schema, record, file, hint, problems) {
    const result = schema.safeParse(record.data);
    if (result.success)
        return result.data;
    for (const issue of result.error.issues) {
        const column = issue.path.length > 0 ? String(issue.path[0]) : undefined;
        const got = column !== undefined && issue.code === 'invalid_type' ? `: got ${describe(record.data[column])}` : '';
        problems.add(`${(0,errors/* locate */.x5)(file, record.line, column)}: ${issue.message}${got}`, hint(column ?? ''));
    }
    return undefined;
}
function describe(value) {
    if (value === undefined)
        return 'nothing';
    if (value === null)
        return 'null';
    return JSON.stringify(value).slice(0, 60);
}


/***/ }),

/***/ 8834:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ZG: () => (/* binding */ judgeModelChange),
/* harmony export */   lt: () => (/* binding */ tracedString)
/* harmony export */ });
/* unused harmony exports MAX_TRACED_CHARS, reportedModelChange */
/* harmony import */ var _io_redact_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8075);
/* harmony import */ var _io_visible_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8906);
/* harmony import */ var _metrics_judgeCalls_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3882);



/** A reported model string or response id longer than this is cut: it is an identifier, not a reply. */
const MAX_TRACED_CHARS = 200;
/**
 * A `model` or `id` field of a judge response as it is kept: a non-empty string, secrets
 * redacted, control and invisible characters shown as codes, cut at MAX_TRACED_CHARS; null
 * when the endpoint sent none (or something that is not a string).
 */
function tracedString(value) {
    if (typeof value !== 'string' || value.trim() === '')
        return null;
    return [...(0,_io_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redactSecrets */ .fp)((0,_io_visible_js__WEBPACK_IMPORTED_MODULE_1__/* .showInvisible */ .jQ)(value.trim()))].slice(0, MAX_TRACED_CHARS).join('');
}
/** compare()'s one question to this module: has the judge's reported model changed since the baseline (reportedModelChange)? */
function judgeModelChange(baseline, run) {
    // without the baseline's reported models there is nothing to compare: the run's are not gathered
    if (!baseline?.judge_reported_models)
        return null;
    return reportedModelChange(baseline.judge_reported_models, (0,_metrics_judgeCalls_js__WEBPACK_IMPORTED_MODULE_2__/* .reportedModels */ .W)(run.questions), { chat: run.judge.model, embeddings: run.judge.embeddings_model });
}
/**
 * A silent vendor upgrade: the same requested model, but the endpoint reported another model
 * string in the baseline than in this run (`gpt-4o-2024-08-06` then `gpt-4o-2024-11-20`).
 * The sentence the report puts beside the judge line, or null when nothing changed or one
 * side reported nothing. Requested models that differ are an incomparable baseline, said elsewhere.
 */
function reportedModelChange(baseline, run, requested) {
    if (!baseline || !run)
        return null;
    const changes = ['chat', 'embeddings'].flatMap((kind) => {
        const before = baseline[kind];
        const now = run[kind];
        if (before.length === 0 || now.length === 0 || sameSet(before, now))
            return [];
        const asked = requested[kind] ? `, requested as ${requested[kind]} both times` : '';
        return [`the ${kind === 'chat' ? 'judge' : 'embeddings'} model the API reports changed: ${list(before)} in the baseline, ${list(now)} in this run${asked}`];
    });
    if (changes.length === 0)
        return null;
    return `${changes.join('; ')}. The vendor may have upgraded the model behind the name: score changes can come from the judge, not the candidate`;
}
function sameSet(a, b) {
    const set = new Set(a);
    return b.length === set.size && b.every((x) => set.has(x));
}
function list(models) {
    return models.join(' + ');
}


/***/ }),

/***/ 8991:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   f: () => (/* binding */ foldPhrase),
/* harmony export */   j: () => (/* binding */ normalise)
/* harmony export */ });
/**
 * One spelling for text that is written several ways: NFKC (full-width ＡＢＣ１２３ → ABC123,
 * ligatures), lower case, one apostrophe (’ ‘ ʼ ′ ´ ` → '), one hyphen for the hyphen
 * characters (‐ ‑ and the soft hyphen joins), and the dashes that separate (– — ― −) as a
 * spaced em dash, which ends a clause. Thousands separators between digits go (1,000 → 1000).
 */
const SPELLINGS = /[\u2018\u2019\u201B\u02BC\u2032\u00B4\u0060\u00AD\u2010\u2011]|\s*[\u2012\u2013\u2014\u2015\u2212\uFE58\uFE63]+\s*/g;
const THOUSANDS_SEPARATOR = /(\d),(?=\d{3}(?!\d))/g;
function normalise(text) {
    return text.normalize('NFKC').toLowerCase().replace(SPELLINGS, respell).replace(THOUSANDS_SEPARATOR, '$1');
}
function respell(found) {
    if (found === '\u00AD')
        return '';
    if (found === '\u2010' || found === '\u2011')
        return '-';
    return found.length === 1 && !/[\u2012-\u2015\u2212\uFE58\uFE63]/.test(found) ? "'" : ' — ';
}
/**
 * A phrase as refusal matching compares it: normalised, apostrophes dropped ("don’t", "don't"
 * and "dont" are one spelling), runs of spaces as one.
 */
function foldPhrase(text) {
    return normalise(text).replace(/'/g, '').replace(/\s+/g, ' ');
}


/***/ }),

/***/ 2158:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ih: () => (/* binding */ OVER_REFUSAL),
/* harmony export */   So: () => (/* binding */ scoreRules),
/* harmony export */   bC: () => (/* binding */ writeRules),
/* harmony export */   vu: () => (/* binding */ isRefusal),
/* harmony export */   zn: () => (/* binding */ CITATION_PATTERN)
/* harmony export */ });
/* unused harmony export hasCitation */
/* harmony import */ var _io_script_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(105);
/* harmony import */ var _normalise_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8991);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7032);



/**
 * `[文档3]`, `[doc 3]`, `[Doc3]`, `[source 3]` and the bare `[3]`: the citation forms the rules and
 * citation_valid recognise. N is the 1-based position of the cited context in the candidate's
 * returned `contexts`.
 */
const CITATION_PATTERN = /\[(?:(?:文档|doc|document|source)\s*)?(\d+)\]/gi;
/** The rule's name and what it means in plain words: every report row of a refused answerable question says this. */
const OVER_REFUSAL = 'over_refusal: refused an answerable question';
/**
 * The seed's rule tier, routed on should_refuse: a question that should be refused is
 * checked only by refuse_ok, so a correct refusal ("不知道") can never fail a length,
 * citation or forbidden-word rule. An answerable question is checked by no_over_refusal
 * (1 = answered, 0 = refused), and a refusal's other failures say it was one.
 */
function scoreRules(row, answer, rules, refused = isRefusal(answer, rules.refusal_phrases)) {
    return (0,_types_js__WEBPACK_IMPORTED_MODULE_0__/* .scoresOf */ .xt)((sink) => writeRules(sink, row, answer, rules, refused));
}
/** scoreRules written into a sink; `refused` is isRefusal of the answer, which the caller has already asked. A reason is built only for a failed rule. */
function writeRules(sink, row, answer, rules, refused) {
    if (row.should_refuse) {
        if (refused) {
            sink('refuse_ok', 1);
            sink('rules_pass', 1);
        }
        else {
            sink('refuse_ok', 0, 'the answer does not say it cannot answer');
            sink('rules_pass', 0, 'refuse_ok failed');
        }
        return;
    }
    const failed = [];
    const check = (name, failure) => {
        if (failure === null)
            return sink(name, 1);
        sink(name, 0, failure);
        failed.push(name);
    };
    check('no_over_refusal', refused ? OVER_REFUSAL : null);
    // characters for Chinese, Japanese and Korean text, words for any other (src/io/script.ts)
    const length = (0,_io_script_js__WEBPACK_IMPORTED_MODULE_1__/* .lengthOf */ .Y5)(answer);
    const inBounds = length.value >= rules.min_length && length.value <= rules.max_length;
    check('length_ok', inBounds ? null : `${length.value} ${length.unit}, outside ${rules.min_length}-${rules.max_length}`);
    if (rules.require_citation)
        check('citation_ok', hasCitation(answer) ? null : refused ? `${OVER_REFUSAL}, so it cites nothing` : 'no [文档N] / [docN] / [N] citation');
    const found = forbiddenIn(answer, rules.forbidden);
    check('no_forbidden', found.length === 0 ? null : `contains ${found.map((w) => `"${w}"`).join(', ')}`);
    if (row.expect_json)
        check('json_ok', jsonFailure(answer, row.required_keys));
    if (failed.length === 0)
        sink('rules_pass', 1);
    else
        sink('rules_pass', 0, `failed: ${failed.join(', ')}`);
}
/** The forbidden words the answer contains, ignoring case. */
function forbiddenIn(answer, forbidden) {
    if (forbidden.length === 0)
        return [];
    const text = answer.toLowerCase();
    return forbidden.filter((word) => text.includes(word.toLowerCase()));
}
/** Whether the answer says one of the phrases, ignoring case, full-width forms and apostrophes. */
function isRefusal(answer, phrases) {
    const text = (0,_normalise_js__WEBPACK_IMPORTED_MODULE_2__/* .foldPhrase */ .f)(answer);
    return foldedPhrases(phrases).some((p) => text.includes(p));
}
const folded = new WeakMap();
function foldedPhrases(phrases) {
    let result = folded.get(phrases);
    if (!result) {
        result = phrases.map(_normalise_js__WEBPACK_IMPORTED_MODULE_2__/* .foldPhrase */ .f).filter((p) => p !== '');
        folded.set(phrases, result);
    }
    return result;
}
/** Not global, so `test` keeps no position between answers. */
const ANY_CITATION = new RegExp(CITATION_PATTERN.source, 'i');
function hasCitation(answer) {
    return ANY_CITATION.test(answer);
}
/** Why the answer is not a JSON object with the required keys, or null when it is. */
function jsonFailure(answer, requiredKeys) {
    let data;
    try {
        data = JSON.parse(answer);
    }
    catch {
        return 'not valid JSON';
    }
    if (data === null || typeof data !== 'object' || Array.isArray(data))
        return 'JSON but not an object';
    const missing = requiredKeys.filter((k) => !(k in data));
    return missing.length === 0 ? null : `missing keys: ${missing.join(', ')}`;
}


/***/ }),

/***/ 7032:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   SM: () => (/* binding */ noScore),
/* harmony export */   fN: () => (/* binding */ score),
/* harmony export */   xt: () => (/* binding */ scoresOf)
/* harmony export */ });
/* unused harmony export passFail */
const score = (value) => ({ value });
const noScore = (reason) => ({ value: null, reason });
const passFail = (passed, reasonIfFailed) => (passed || reasonIfFailed === undefined ? { value: passed ? 1 : 0 } : { value: 0, reason: reasonIfFailed });
/** What a sink-writing scoring function gives, as `Score`s by metric name, in the order written. */
function scoresOf(write) {
    const scores = {};
    write((name, value, reason) => {
        scores[name] = reason === undefined ? { value } : { value, reason };
    });
    return scores;
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


/***/ })

};
