export const id = 638;
export const ids = [638];
export const modules = {

/***/ 6638:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  calibrateCommand: () => (/* binding */ calibrateCommand),
  powerCommand: () => (/* binding */ powerCommand)
});

// EXTERNAL MODULE: ./src/baseline/baseline.ts + 2 modules
var baseline = __webpack_require__(8095);
// EXTERNAL MODULE: ./src/stats/agreement.ts
var agreement = __webpack_require__(8055);
;// CONCATENATED MODULE: ./src/analysis/calibrate.ts

/**
 * Judge against human scores on the 0-4 scale: rank correlation (with its Fisher-z interval),
 * weighted and unweighted kappa over the full scale, agreement and PABAK, and the largest
 * disagreements to read by hand. With two annotators the human score is their mean.
 */
function calibrate(input) {
    const ids = [...input.judge.keys()].filter((id) => input.humans.every((h) => h.has(id))).sort();
    const human = ids.map((id) => input.humans.reduce((sum, h) => sum + h.get(id), 0) / input.humans.length);
    const judge = ids.map((id) => input.judge.get(id));
    // kappa and agreement count labels: a mean of two annotators (or of judge repeats) is rounded to the scale
    const rounded = human.map((h) => Math.round(h));
    const judgeLabels = judge.map((j) => Math.round(j));
    const rho = (0,agreement/* spearman */.CN)(human, judge);
    const warnings = [];
    if (ids.length < 30)
        warnings.push(`n = ${ids.length} is below 30: the correlations' intervals are too wide to tell a good judge from a poor one`);
    if (rho !== null && rho > 0.9)
        warnings.push(`Spearman ${rho.toFixed(3)} is above 0.9: suspiciously high; check whether the set is too easy or the annotators saw the judge's scores first (anchoring)`);
    const humanIds = new Set(input.humans.flatMap((h) => [...h.keys()]));
    let interAnnotator = null;
    if (input.humans.length === 2) {
        const both = [...input.humans[0].keys()].filter((id) => input.humans[1].has(id));
        const a = both.map((id) => input.humans[0].get(id));
        const b = both.map((id) => input.humans[1].get(id));
        interAnnotator = { n: both.length, qwk: (0,agreement/* quadraticWeightedKappa */.x9)(a, b), spearman: (0,agreement/* spearman */.CN)(a, b) };
    }
    const disagreements = ids
        .map((id, i) => ({ id, human: human[i], judge: judge[i], difference: Math.abs(human[i] - judge[i]), reason: input.reasons.get(id) ?? null }))
        .filter((d) => d.difference > 0)
        .sort((x, y) => y.difference - x.difference || x.id.localeCompare(y.id))
        .slice(0, 3);
    return {
        n: ids.length,
        spearman: rho,
        spearman_ci: rho === null ? null : (0,agreement/* fisherZInterval */.no)(rho, ids.length),
        pearson: (0,agreement/* pearson */.nc)(human, judge),
        qwk: ids.length ? (0,agreement/* quadraticWeightedKappa */.x9)(rounded, judgeLabels) : null,
        kappa: ids.length ? (0,agreement/* cohenKappa */.rX)(rounded, judgeLabels, [0, 1, 2, 3, 4]) : null,
        agreement_within_1: (0,agreement/* agreementWithin */.IV)(human, judge, 1),
        exact_agreement: (0,agreement/* exactAgreement */.yu)(rounded, judgeLabels),
        pabak: (0,agreement/* pabak */.WO)(rounded, judgeLabels, 5),
        inter_annotator: interAnnotator,
        disagreements,
        missing: { only_human: [...humanIds].filter((id) => !input.judge.has(id)).length, only_judge: [...input.judge.keys()].filter((id) => !humanIds.has(id)).length },
        warnings,
    };
}

// EXTERNAL MODULE: ./src/io/errors.ts
var errors = __webpack_require__(7333);
// EXTERNAL MODULE: ./src/io/ids.ts
var ids = __webpack_require__(2298);
// EXTERNAL MODULE: ./src/io/tabular.ts + 1 modules
var tabular = __webpack_require__(6575);
// EXTERNAL MODULE: ./src/stats/proportions.ts
var proportions = __webpack_require__(2580);
// EXTERNAL MODULE: ./src/io/countOf.ts
var countOf = __webpack_require__(7262);
;// CONCATENATED MODULE: ./src/cli/analysis.ts







/** `evalgate power`: sample size for a difference you want to see, or what your n can see. */
function powerCommand(flags, print) {
    const num = (name, min, max) => {
        const text = flags[name];
        if (text === undefined)
            return undefined;
        const v = Number(text);
        if (!Number.isFinite(v) || v <= min || v >= max)
            throw new errors/* GateError */.ue('usage', `--${name} expects a number between ${min} and ${max} (exclusive), got "${text}"`, 'e.g. --p 0.62 --delta 0.05');
        return v;
    };
    const p = num('p', 0, 1);
    const delta = num('delta', 0, 1);
    const p1 = num('p1', 0, 1);
    const p2 = num('p2', 0, 1);
    const n = num('n', 0, Infinity);
    if (p1 !== undefined || p2 !== undefined) {
        if (p1 === undefined || p2 === undefined || p1 === p2)
            throw new errors/* GateError */.ue('usage', 'two groups need --p1 and --p2, and they must differ', 'e.g. evalgate power --p1 0.62 --p2 0.52');
        const r = (0,proportions/* sampleSizeTwoProportions */.VT)(p1, p2);
        if (flags.json)
            return print(JSON.stringify({ n: r.n, n_exact: round(r.n_exact) }));
        return print(`To tell a pass rate of ${p1} from ${p2} (a difference of ${pp(Math.abs(p1 - p2))}) with 95% confidence and 80% power,\n` +
            `each version needs ${(0,countOf/* countOf */.p)(r.n, 'question')} (${r.n_exact.toFixed(2)}, rounded up), assuming the two runs are independent samples.`);
    }
    if (n !== undefined) {
        if (!Number.isInteger(n))
            throw new errors/* GateError */.ue('usage', `--n expects a whole number of questions, got "${flags.n}"`, 'e.g. evalgate power --n 50');
        const base = p ?? 0.5;
        const mde = (0,proportions/* minimumDetectableEffect */.nv)(n, base);
        if (flags.json)
            return print(JSON.stringify({ mde: round(mde), half_width: round((0,proportions/* halfWidth */._Q)(n, base)) }));
        return print(`With ${(0,countOf/* countOf */.p)(n, 'question')} and a base rate of ${base}, a pass rate is known to ±${pp((0,proportions/* halfWidth */._Q)(n, base))} (95% interval),\n` +
            `and two versions must differ by ${pp(mde)} to be detected with 80% power. Smaller moves are noise at this n: read the per-question flips.`);
    }
    if (p !== undefined && delta !== undefined) {
        const r = (0,proportions/* sampleSizeOneProportion */.q4)(p, delta);
        if (flags.json)
            return print(JSON.stringify({ n: r.n, n_exact: round(r.n_exact) }));
        return print(`To estimate a pass rate near ${p} to ±${pp(delta)} (95% interval) you need ${(0,countOf/* countOf */.p)(r.n, 'question')} (${r.n_exact.toFixed(2)}, rounded up).`);
    }
    throw new errors/* GateError */.ue('usage', 'power needs --p and --delta, or --p1 and --p2, or --n', 'e.g. evalgate power --p 0.62 --delta 0.05, evalgate power --p1 0.62 --p2 0.52, evalgate power --n 50');
}
/** `evalgate calibrate`: the judge's scores against one or two human annotators' scores. */
function calibrateCommand(flags, print) {
    const humans = flags.human ?? [];
    if (humans.length === 0 || humans.length > 2 || !flags.judge) {
        throw new errors/* GateError */.ue('usage', 'calibrate needs --human FILE (once or twice) and --judge FILE', 'e.g. evalgate calibrate --human eval/human_a.csv --human eval/human_b.csv --judge results.json --metric accuracy');
    }
    const judge = readJudgeScores(flags.judge, flags.metric ?? 'accuracy');
    const report = calibrate({ humans: humans.map((f) => readScores(f).scores), judge: judge.scores, reasons: judge.reasons });
    if (report.n === 0)
        throw new errors/* GateError */.ue('bad_input', `no id appears in both ${humans.join(' and ')} and ${flags.judge}`, 'the files must share question ids');
    print(flags.json ? JSON.stringify(report, null, 2) : describeCalibration(report));
    return 0;
}
function describeCalibration(r) {
    const f = (v, digits = 3) => (v === null ? '— (undefined: a constant rater)' : v.toFixed(digits));
    const lines = [
        `n = ${(0,countOf/* countOf */.p)(r.n, 'question')} scored by both${r.missing.only_human || r.missing.only_judge ? ` (${r.missing.only_human} only by humans, ${r.missing.only_judge} only by the judge)` : ''}`,
        `Spearman         ${f(r.spearman)}${r.spearman_ci ? `   95% CI ${r.spearman_ci.low.toFixed(2)} … ${r.spearman_ci.high.toFixed(2)} (Fisher z)` : ''}   (usual bar > 0.70)`,
        `Pearson          ${f(r.pearson)}`,
        `weighted kappa   ${f(r.qwk)}   (quadratic, over the full 0-4 scale; usual bar > 0.60)`,
        `Cohen's kappa    ${f(r.kappa)}   (unweighted)`,
        `within 1 point   ${r.agreement_within_1 === null ? '—' : `${(r.agreement_within_1 * 100).toFixed(1)}%`}   (usual bar > 85%)`,
        `exact agreement  ${r.exact_agreement === null ? '—' : `${(r.exact_agreement * 100).toFixed(1)}%`}`,
        `PABAK            ${f(r.pabak)}   (k = 5 scale points)`,
    ];
    if (r.inter_annotator)
        lines.push(`annotators agree with each other: weighted kappa ${f(r.inter_annotator.qwk)}, Spearman ${f(r.inter_annotator.spearman)} over ${(0,countOf/* countOf */.p)(r.inter_annotator.n, 'question')}`);
    if (r.disagreements.length > 0) {
        lines.push('', 'Largest disagreements (read these by hand):');
        for (const d of r.disagreements)
            lines.push(`  ${d.id}: human ${d.human}, judge ${d.judge}${d.reason ? `: "${d.reason}"` : ''}`);
    }
    for (const w of r.warnings)
        lines.push(`warning: ${w}`);
    return lines.join('\n');
}
/** `id,score` CSV (the score column may have any name: the first column after id that is not `reason`). */
function readScores(file) {
    const table = (0,tabular/* readTable */.xz)(file, 'scores file');
    const columns = table.columns ?? Object.keys(table.records[0]?.data ?? {});
    const scoreColumn = columns.includes('score') ? 'score' : columns.find((c) => c !== 'id' && c !== 'reason');
    if (!columns.includes('id') || !scoreColumn)
        throw new errors/* GateError */.ue('bad_input', `${file}: expected columns id and score`, 'write a CSV with the header id,score and one 0-4 score per question');
    const scores = new Map();
    const reasons = new Map();
    for (const record of table.records) {
        const id = (0,ids/* normaliseId */.GU)(String(record.data.id ?? ''));
        const raw = record.data[scoreColumn];
        const value = Number(raw);
        if (!id)
            throw new errors/* GateError */.ue('bad_input', `${(0,errors/* locate */.x5)(file, record.line, 'id')}: empty id`, 'every row needs the id of the question it scores');
        if (String(raw ?? '').trim() === '' || !Number.isFinite(value) || value < 0 || value > 4) {
            throw new errors/* GateError */.ue('bad_input', `${(0,errors/* locate */.x5)(file, record.line, scoreColumn)}: expected a score from 0 to 4, got "${String(raw ?? '')}"`, 'scores are on the 0-4 rubric scale');
        }
        if (scores.has(id))
            throw new errors/* GateError */.ue('bad_input', `${(0,errors/* locate */.x5)(file, record.line, 'id')}: id "${id}" is scored twice`, 'one score per question and annotator');
        scores.set(id, value);
        if (typeof record.data.reason === 'string')
            reasons.set(id, record.data.reason);
    }
    return { scores, reasons };
}
/** The judge's 0-4 scores from a scores CSV, or from a results.json (the metric's _norm value × 4). */
function readJudgeScores(file, metric) {
    if (!file.endsWith('.json'))
        return readScores(file);
    const results = (0,baseline/* loadResults */.zV)(file);
    const name = metric.endsWith('_norm') ? metric : `${metric}_norm`;
    if (!(name in results.metrics))
        throw new errors/* GateError */.ue('bad_input', `${file}: has no metric ${name}`, `use --metric with one of: ${Object.keys(results.metrics)
            .filter((m) => m.endsWith('_norm'))
            .join(', ') || '(none: run with --judge openai)'}`);
    const scores = new Map();
    const reasons = new Map();
    for (const [id, q] of Object.entries(results.questions)) {
        const v = q.scores[name];
        if (v === null || v === undefined)
            continue;
        scores.set(id, Math.round(v * 4 * 1e6) / 1e6);
        if (q.notes[name])
            reasons.set(id, q.notes[name]);
    }
    return { scores, reasons };
}
function pp(x) {
    return `${(x * 100).toFixed(1)} pp`;
}
function round(x) {
    return Math.round(x * 1e4) / 1e4;
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


/***/ })

};
