export const id = 203;
export const ids = [203];
export const modules = {

/***/ 6611:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B: () => (/* binding */ chunkLabelOf),
/* harmony export */   CW: () => (/* binding */ scriptTokens),
/* harmony export */   _g: () => (/* binding */ chunkLabel)
/* harmony export */ });
/* unused harmony exports CJK, SCRIPT_TOKEN, isMostlyCjk */
/**
 * Which script an eval set is written in, as far as the judge prompts need to know: Chinese,
 * Japanese and Korean have no spaces between words, so one CJK character is one token and a
 * Latin-script word (letters, digits) is one token, here and in the lint's near-duplicate shingles.
 */
const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
/** each CJK character alone, each run of other letters and digits whole */
const SCRIPT_TOKEN = new RegExp(`[${CJK}]|(?:(?![${CJK}])[\\p{L}\\p{N}\\p{M}])+`, 'gu');
const CJK_CHARACTER = new RegExp(`^[${CJK}]$`, 'u');
/** Lower-case NFKC tokens: each CJK character alone, each Latin-script word whole. */
function scriptTokens(text) {
    return text.normalize('NFKC').toLowerCase().match(SCRIPT_TOKEN) ?? [];
}
/** At least half of its tokens are CJK characters: `GitHub Actions 怎么配置缓存` is, `What is 年假?` is not. */
function isMostlyCjk(text) {
    const tokens = scriptTokens(text);
    return tokens.length > 0 && tokens.filter((t) => CJK_CHARACTER.test(t)).length * 2 >= tokens.length;
}
/**
 * The label of a run's chunks, decided once from its questions: `[doc N]` when most of them
 * are not CJK, `[文档N]` otherwise (an empty set keeps `[文档N]`, the label of the seed prompts).
 */
function chunkLabelOf(questions) {
    const cjk = questions.filter(isMostlyCjk).length;
    return questions.length > 0 && cjk * 2 < questions.length ? 'doc' : '文档';
}
function chunkLabel(label, n) {
    return label === 'doc' ? `[doc ${n}]` : `[文档${n}]`;
}


/***/ }),

/***/ 3685:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DS: () => (/* binding */ scoreLexical),
/* harmony export */   bh: () => (/* binding */ lexicalTexts),
/* harmony export */   t_: () => (/* binding */ LEXICAL_METRICS),
/* harmony export */   vV: () => (/* binding */ LEXICAL_SETTINGS)
/* harmony export */ });
/* unused harmony export NO_RETENTION */
/* harmony import */ var _io_script_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(105);
/* harmony import */ var _rag_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2463);
/* harmony import */ var _registry_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1118);
/* harmony import */ var _rules_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2158);
/* harmony import */ var _tokens_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4928);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7032);






/**
 * The offline, deterministic provider (the seed's "no-model" route): token and number overlap
 * (tokens.ts: Chinese by character bigrams; English normalised, stop-listed and stemmed, with
 * number words, units and a negation guard).
 *   completeness_norm  reference points covered by the answer
 *   faithfulness       answer clauses whose numbers and most words appear in the contexts
 *   hallucination_rate 1 − faithfulness on the same clauses
 *   context_precision  average precision over chunks that cover a reference statement
 *   context_recall     reference statements covered by the contexts
 * It sees shared words, numbers and whether a statement is negated; it does not see synonyms,
 * paraphrases in other words, or what a sentence means. It never reports `contradicted` (a
 * clause it cannot find is "not mentioned", whatever the reason) and does not pretend to judge
 * accuracy, relevance, answer relevancy or context retention (null with a reason).
 */
const LEXICAL_SETTINGS = {
    version: 3,
    /** English words: stopword 3.1.5's `eng` list, Porter2 stems (wink-porter2-stemmer 2.0.1) */
    english: 'stopword-3.1.5-eng, porter2, number words, units, hyphen pairs',
    /** a negated statement is covered only by a text that negates it too, and the other way round */
    negationGuard: true,
    /** share of a statement's words that must appear for it to count as covered */
    minWordShare: 0.5,
    /** clauses with fewer content tokens are filler ("好的", "抱歉"), not claims */
    minClauseTokens: 2,
    /** within a sentence, clauses are split here too: one claim per clause */
    clauseSeparators: '；;，,',
};
const LEXICAL_METRICS = _registry_js__WEBPACK_IMPORTED_MODULE_0__/* .registry */ .u5.computedBy('lexical');
/** context_retention_norm's reason on every question: word overlap cannot tell whether an answer kept what was said earlier. */
const NO_RETENTION = 'lexical cannot judge context retention';
// a comma between digits groups thousands (1,000 元): it does not end a clause
const CLAUSE_SPLIT = new RegExp(`(?:(?!(?<=\\d),\\d{3}(?!\\d))[${LEXICAL_SETTINGS.clauseSeparators}])+`);
const UNCACHED = { tokens: _tokens_js__WEBPACK_IMPORTED_MODULE_2__/* .tokenize */ .qw, clauses: (text) => clauses(text, _tokens_js__WEBPACK_IMPORTED_MODULE_2__/* .tokenize */ .qw) };
/** One run's texts, tokenised and split once however often they recur (contexts, answers and their clauses repeat across questions). */
function lexicalTexts() {
    const tokens = (0,_tokens_js__WEBPACK_IMPORTED_MODULE_2__/* .textCache */ .Gw)(_tokens_js__WEBPACK_IMPORTED_MODULE_2__/* .tokenize */ .qw);
    return { tokens, clauses: (0,_tokens_js__WEBPACK_IMPORTED_MODULE_2__/* .textCache */ .Gw)((text) => clauses(text, tokens)) };
}
function scoreLexical(row, output, isRefusal, texts = UNCACHED) {
    const tokensOf = texts.tokens;
    if (row.should_refuse) {
        const skipped = (0,_types_js__WEBPACK_IMPORTED_MODULE_3__/* .noScore */ .SM)('should-refuse question: judged by refuse_ok');
        return { scores: { ...Object.fromEntries(LEXICAL_METRICS.map((m) => [m, skipped])), context_retention_norm: (0,_types_js__WEBPACK_IMPORTED_MODULE_3__/* .noScore */ .SM)(NO_RETENTION) }, claims: [] };
    }
    const chunks = output.contexts.map(tokensOf);
    const allContexts = (0,_tokens_js__WEBPACK_IMPORTED_MODULE_2__/* .union */ .KC)(chunks);
    const reference = referenceStatements(row, texts);
    const share = LEXICAL_SETTINGS.minWordShare;
    const scores = { context_retention_norm: (0,_types_js__WEBPACK_IMPORTED_MODULE_3__/* .noScore */ .SM)(NO_RETENTION) };
    const answer = tokensOf(output.answer);
    const points = row.reference_points.map((text) => ({ text, covered: (0,_tokens_js__WEBPACK_IMPORTED_MODULE_2__/* .covers */ .hU)(answer, tokensOf(text), share) }));
    scores.completeness_norm = withMissing((0,_rag_js__WEBPACK_IMPORTED_MODULE_4__/* .shareCovered */ ._J)(points.map((p) => p.covered), 'reference_points'), points, isRefusal ? 'the answer is a refusal; not in the answer' : 'not in the answer');
    const answerClauses = texts.clauses(output.answer);
    const claims = isRefusal ? [] : answerClauses.map(({ text, tokens }) => ({ text, verdict: (0,_tokens_js__WEBPACK_IMPORTED_MODULE_2__/* .covers */ .hU)(allContexts, tokens, share) ? 'supported' : 'not_mentioned' }));
    Object.assign(scores, (0,_rag_js__WEBPACK_IMPORTED_MODULE_4__/* .claimScores */ .Kk)(claims.map((c) => c.verdict), false));
    if (isRefusal) {
        const refusal = (0,_types_js__WEBPACK_IMPORTED_MODULE_3__/* .noScore */ .SM)('the answer is a refusal: no factual claim to check');
        scores.faithfulness = refusal;
        scores.hallucination_rate = refusal;
    }
    else {
        const unsupported = claims.filter((c) => c.verdict !== 'supported').map((c) => c.text);
        if (unsupported.length > 0)
            scores.faithfulness.reason = `not found in the contexts: ${quoteList(unsupported)}`;
    }
    const judgeAgainst = reference.length > 0 ? { label: 'the ground truth', statements: reference } : { label: 'the answer (no ground truth)', statements: answerClauses };
    if (judgeAgainst.statements.length === 0) {
        scores.context_precision = (0,_types_js__WEBPACK_IMPORTED_MODULE_3__/* .noScore */ .SM)('no ground truth and no answer claims to judge chunk usefulness against');
    }
    else {
        const useful = chunks.map((chunk) => judgeAgainst.statements.some((s) => (0,_tokens_js__WEBPACK_IMPORTED_MODULE_2__/* .covers */ .hU)(chunk, s.tokens, share)));
        // the note always says what usefulness was judged against (SPEC: the report says which)
        scores.context_precision = { value: (0,_rag_js__WEBPACK_IMPORTED_MODULE_4__/* .averagePrecision */ .cF)(useful), reason: `useful chunks in rank order [${useful.map(Number).join(',')}], judged against ${judgeAgainst.label}` };
    }
    const attributable = reference.map((s) => ({ text: s.text, covered: (0,_tokens_js__WEBPACK_IMPORTED_MODULE_2__/* .covers */ .hU)(allContexts, s.tokens, share) }));
    scores.context_recall = withMissing((0,_rag_js__WEBPACK_IMPORTED_MODULE_4__/* .shareCovered */ ._J)(attributable.map((a) => a.covered), 'reference points or ground truth'), attributable, 'not in the contexts');
    return { scores, claims };
}
/** Reference points when the row has them, else the ground truth split into clauses. */
function referenceStatements(row, texts) {
    if (row.reference_points.length > 0) {
        return row.reference_points.map((text) => ({ text, tokens: texts.tokens(text) })).filter((s) => (0,_tokens_js__WEBPACK_IMPORTED_MODULE_2__/* .tokenCount */ .jt)(s.tokens) > 0);
    }
    return row.ground_truth ? texts.clauses(row.ground_truth) : [];
}
/** Names what was not covered, so a reviewer sees why a score dropped. */
function withMissing(result, items, where) {
    const missing = items.filter((i) => !i.covered).map((i) => i.text);
    if (result.value !== null && missing.length > 0)
        result.reason = `${where}: ${quoteList(missing)}`;
    return result;
}
function quoteList(texts) {
    const shown = (0,_io_script_js__WEBPACK_IMPORTED_MODULE_5__/* .quotedAlike */ .bW)(texts.slice(0, 3).map((t) => (t.length > 40 ? `${t.slice(0, 39)}…` : t)), texts.join(' '));
    return shown.join(' ') + (texts.length > 3 ? ` (+${texts.length - 3} more)` : '');
}
const CITATION = new RegExp(_rules_js__WEBPACK_IMPORTED_MODULE_1__/* .CITATION_PATTERN */ .zn.source, 'gi');
function clauses(text, tokensOf) {
    return (0,_tokens_js__WEBPACK_IMPORTED_MODULE_2__/* .sentences */ .hC)(text.replace(CITATION, ' '))
        .flatMap((sentence) => sentence.split(CLAUSE_SPLIT))
        .map((t) => t.replace(/[。！？!?.\s]+$/u, ''))
        .map((t) => t.trim())
        .map((t) => ({ text: t, tokens: tokensOf(t) }))
        .filter((c) => (0,_tokens_js__WEBPACK_IMPORTED_MODULE_2__/* .tokenCount */ .jt)(c.tokens) >= LEXICAL_SETTINGS.minClauseTokens);
}


/***/ }),

/***/ 2463:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Kk: () => (/* binding */ claimScores),
/* harmony export */   _J: () => (/* binding */ shareCovered),
/* harmony export */   cF: () => (/* binding */ averagePrecision)
/* harmony export */ });
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7032);
/**
 * Arithmetic shared by every RAG-metric provider (lexical now, an LLM judge later): the
 * provider decides the verdicts, these functions turn verdicts into scores.
 */

/**
 * context_precision is average precision over the per-chunk usefulness verdicts in rank
 * order, Σ precision@i · v_i / Σ v_i, and 0 when no chunk is useful. Not "useful / all":
 * a useful chunk ranked first scores higher than the same chunk ranked last.
 *   [1,0,1] → 0.8333   [0,1,1] → 0.5833   [1,1,0] → 1.0
 */
function averagePrecision(useful) {
    let hits = 0;
    let sum = 0;
    useful.forEach((v, i) => {
        if (!v)
            return;
        hits += 1;
        sum += hits / (i + 1);
    });
    return hits === 0 ? 0 : sum / hits;
}
/**
 * faithfulness = supported / all claims; hallucination_rate = 1 − faithfulness on the same
 * claims; contradicted = 1 when any claim is contradicted. No claims → null, never 0 or 1.
 */
function claimScores(verdicts, canContradict) {
    if (verdicts.length === 0) {
        const none = (0,_types_js__WEBPACK_IMPORTED_MODULE_0__/* .noScore */ .SM)('the answer makes no factual claim');
        return canContradict ? { faithfulness: none, hallucination_rate: none, contradicted: none } : { faithfulness: none, hallucination_rate: none };
    }
    const supported = verdicts.filter((v) => v === 'supported').length;
    const faithfulness = supported / verdicts.length;
    const scores = {
        faithfulness: (0,_types_js__WEBPACK_IMPORTED_MODULE_0__/* .score */ .fN)(faithfulness),
        hallucination_rate: (0,_types_js__WEBPACK_IMPORTED_MODULE_0__/* .score */ .fN)(1 - faithfulness),
    };
    if (canContradict)
        scores.contradicted = (0,_types_js__WEBPACK_IMPORTED_MODULE_0__/* .score */ .fN)(verdicts.includes('contradicted') ? 1 : 0);
    return scores;
}
/** Share of reference statements judged attributable (context_recall) or covered (completeness). */
function shareCovered(covered, what) {
    if (covered.length === 0)
        return (0,_types_js__WEBPACK_IMPORTED_MODULE_0__/* .noScore */ .SM)(`no ${what} to check`);
    return (0,_types_js__WEBPACK_IMPORTED_MODULE_0__/* .score */ .fN)(covered.filter(Boolean).length / covered.length);
}


/***/ }),

/***/ 4928:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  hU: () => (/* binding */ covers),
  hC: () => (/* binding */ sentences),
  Gw: () => (/* binding */ textCache),
  jt: () => (/* binding */ tokenCount),
  qw: () => (/* binding */ tokenize),
  KC: () => (/* binding */ union)
});

// EXTERNAL MODULE: ./node_modules/wink-porter2-stemmer/src/wink-porter2-stemmer.js
var wink_porter2_stemmer = __webpack_require__(821);
var wink_porter2_stemmer_default = /*#__PURE__*/__webpack_require__.n(wink_porter2_stemmer);
// EXTERNAL MODULE: ./node_modules/stopword/dist/stopword.cjs.js
var stopword_cjs = __webpack_require__(3653);
;// CONCATENATED MODULE: ./src/metrics/numberWords.ts
/**
 * English numbers written as words: "ten" ≡ 10, "twenty-five" ≡ 25, "one hundred and five" ≡
 * 105, "two thousand" ≡ 2000, "fifteenth" ≡ 15. "one", "first" and "second" are words as well
 * as numbers ("one of the managers", "first, submit…", "30 seconds"): they stay words, and a
 * text that says them also counts as saying 1 or 2 (`soft`), so "the first day" covers "the
 * 1st day" and the other way round without "first" demanding a 1.
 */
const UNITS = {
    zero: 0,
    one: 1,
    two: 2,
    three: 3,
    four: 4,
    five: 5,
    six: 6,
    seven: 7,
    eight: 8,
    nine: 9,
    ten: 10,
    eleven: 11,
    twelve: 12,
    thirteen: 13,
    fourteen: 14,
    fifteen: 15,
    sixteen: 16,
    seventeen: 17,
    eighteen: 18,
    nineteen: 19,
};
const TENS = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const SCALES = { hundred: 100, thousand: 1000, million: 1e6, billion: 1e9 };
const ORDINALS = {
    ...Object.fromEntries(['third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth'].map((w, i) => [w, i + 3])),
    ...Object.fromEntries(['thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth', 'nineteenth'].map((w, i) => [w, i + 13])),
    ...Object.fromEntries(['twentieth', 'thirtieth', 'fortieth', 'fiftieth', 'sixtieth', 'seventieth', 'eightieth', 'ninetieth'].map((w, i) => [w, (i + 2) * 10])),
    hundredth: 100,
};
/** Words that are numbers only sometimes: kept as words, and as a number on the covering side. */
const SOFT_NUMBERS = { one: 1, first: 1, second: 2 };
const NUMBER_WORDS = new Set([...Object.keys(UNITS), ...Object.keys(TENS), ...Object.keys(SCALES), ...Object.keys(ORDINALS), ...Object.keys(SOFT_NUMBERS)]);
function isNumberWord(word) {
    return NUMBER_WORDS.has(word);
}
/**
 * How many of `words` (from `start`) form one number: "twenty five", "one hundred and five",
 * "twenty first". A run ends after an ordinal; "one" goes on only into a scale word ("one
 * hundred", not "one two"); "first"/"second" join only after a tens word ("twenty-first"), so
 * "the first two weeks" is a soft 1 and a 2, not 3.
 */
function numberRunLength(words, start) {
    let end = start;
    while (end < words.length) {
        const w = words[end];
        const previous = end > start ? words[end - 1] : null;
        if (w === 'and') {
            const next = words[end + 1];
            if (previous === null || !(previous in SCALES) || next === undefined || !isNumberWord(next) || next in SOFT_NUMBERS)
                break;
            end += 1;
            continue;
        }
        if (!isNumberWord(w))
            break;
        if (previous !== null && (previous in ORDINALS || (previous === 'one' && !(w in SCALES))))
            break;
        if (previous !== null && (w === 'first' || w === 'second') && !(previous in TENS))
            break;
        end += 1;
        if (w === 'first' || w === 'second')
            break;
    }
    return end - start;
}
/**
 * The value of a run of number words ("twenty", "five"; "one", "hundred", "and", "five"), or
 * null when the run is not a number by itself: a lone "one"/"first"/"second" (soft) or a lone
 * scale word ("thousands of users").
 */
function numberValue(words) {
    const content = words.filter((w) => w !== 'and');
    if (content.length === 0 || content.every((w) => w in SCALES))
        return null;
    if (content.length === 1 && content[0] in SOFT_NUMBERS)
        return null;
    let total = 0;
    let current = 0;
    for (const w of content) {
        if (w in UNITS)
            current += UNITS[w];
        else if (w in TENS)
            current += TENS[w];
        else if (w in ORDINALS)
            current += ORDINALS[w];
        else if (w === 'first' || w === 'second')
            current += SOFT_NUMBERS[w];
        else if (w === 'hundred')
            current = (current || 1) * 100;
        else {
            total += (current || 1) * SCALES[w];
            current = 0;
        }
    }
    return total + current;
}

;// CONCATENATED MODULE: ./src/metrics/latin.ts



/** Stop-list words that carry a policy's meaning: "after 30 days" is not "before 30 days". */
const KEPT = new Set(['after', 'before', 'over', 'under', 'more', 'most', 'between']);
const NEGATIONS = new Set(['not', 'no', 'never', 'none', 'nor', 'neither', 'nobody', 'nothing', 'nowhere', 'without', 'cannot']);
const NEGATION_SPELLINGS = new Set(['dont', 'doesnt', 'didnt', 'cant', 'wont', 'isnt', 'arent', 'wasnt', 'werent', 'shouldnt', 'couldnt', 'wouldnt', 'mustnt', 'hasnt', 'havent', 'hadnt', 'neednt']);
const STOPWORDS = new Set([...stopword_cjs/* eng */.fq.filter((w) => !KEPT.has(w)), ...NEGATIONS, ...NEGATION_SPELLINGS]);
const LATIN_WORD = /(?:(?!\p{Script=Han})\p{L})(?:(?!\p{Script=Han})[\p{L}\p{M}'-])*/gu;
const CONTRACTION = /'(?:s|ll|re|ve|d|m)$/;
/** Unit abbreviations, read as units only right after a number ("24h", "4 hrs", "2 wks"). */
const UNIT_AFTER_NUMBER = { h: 'hour', hr: 'hour', hrs: 'hour', min: 'minute', mins: 'minute', wk: 'week', wks: 'week', yr: 'year', yrs: 'year' };
const ORDINAL_SUFFIXES = new Set(['st', 'nd', 'rd', 'th']);
const SYNONYMS = { usd: 'dollar', eur: 'euro', gbp: 'pound', pct: 'percent' };
const SYMBOL = /[%$€£]/;
const SYMBOLS = [
    [/%/, 'percent'],
    [/\$/, 'dollar'],
    [/€/, 'euro'],
    [/£/, 'pound'],
];
const stems = new Map();
const STEM_CACHE_LIMIT = 100_000;
/** Porter2 stem of a lower-case word, cached (the same words recur across a run's texts). */
function stemOf(word) {
    let stemmed = stems.get(word);
    if (stemmed === undefined) {
        stemmed = /^[a-z]+$/.test(word) ? wink_porter2_stemmer_default()(word) : word;
        if (stems.size >= STEM_CACHE_LIMIT)
            stems.clear();
        stems.set(word, stemmed);
    }
    return stemmed;
}
function latinWords(text, sink) {
    if (SYMBOL.test(text))
        for (const [pattern, word] of SYMBOLS)
            if (pattern.test(text))
                sink.implied(word);
    const pieces = splitPieces(text);
    const texts = pieces.map((p) => p.text);
    let previous = null;
    for (let i = 0; i < pieces.length;) {
        const run = isNumberWord(texts[i]) ? adjacentRun(pieces, i, numberRunLength(texts, i)) : 0;
        if (run > 0) {
            numberRun(texts.slice(i, i + run), pieces[i].at, sink);
            previous = null;
            i += run;
            continue;
        }
        const piece = pieces[i];
        const canonical = canonicalWord(piece);
        if (canonical)
            sink.word(canonical, piece.at);
        if (previous && piece.joined && canonical !== undefined)
            pairWith(previous, piece, canonical, sink);
        previous = canonical === undefined ? null : piece;
        i += 1;
    }
}
/** A number written in words is one number only when its words stand next to each other. */
function adjacentRun(pieces, start, length) {
    for (let k = 1; k < length; k++)
        if (!pieces[start + k].joined)
            return k;
    return length;
}
function numberRun(words, at, sink) {
    const value = numberValue(words);
    if (value !== null)
        sink.number(String(value));
    else if (words.length === 1 && words[0] in SOFT_NUMBERS) {
        sink.soft(String(SOFT_NUMBERS[words[0]]));
        sink.word(words[0], at);
    }
}
/** The text's words, hyphenated ones split where a part is a number word ("three-month" → three, month). */
function splitPieces(text) {
    const pieces = [];
    let end = 0;
    for (const match of text.matchAll(LATIN_WORD)) {
        const raw = cleanWord(match[0]);
        const joined = pieces.length > 0 && onlySpaces(text, end, match.index);
        const afterDigit = digitBefore(text, match.index, end);
        end = match.index + match[0].length;
        if (raw.includes('-')) {
            const parts = raw.split('-').filter(Boolean);
            if (parts.some(isNumberWord)) {
                parts.forEach((part, k) => pieces.push({ text: part, at: match.index, joined: k > 0 || joined, afterDigit: k === 0 && afterDigit }));
                continue;
            }
        }
        const word = raw.includes('-') || raw.includes("'") ? raw.replace(/['-]/g, '') : raw;
        if (word !== '')
            pieces.push({ text: word, at: match.index, joined, afterDigit });
    }
    return pieces;
}
/** "don't" → not; "employee's" → employee; "follow-up-" → follow-up */
function cleanWord(word) {
    if (!word.includes("'") && !word.endsWith('-'))
        return word;
    if (word.endsWith("n't") || NEGATION_SPELLINGS.has(word))
        return 'not';
    return word.replace(/['-]+$/, '').replace(CONTRACTION, '');
}
function onlySpaces(text, from, to) {
    if (from >= to)
        return false;
    for (let i = from; i < to; i++)
        if (text.charCodeAt(i) !== 32 && text[i].trim() !== '')
            return false;
    return true;
}
/** A digit right before the word, or before one space: "1st", "24h", "4 hrs". */
function digitBefore(text, at, limit) {
    return isDigitAt(text, at - 1, limit) || (text[at - 1] === ' ' && isDigitAt(text, at - 2, limit));
}
function isDigitAt(text, i, limit) {
    const code = i >= limit && i >= 0 ? text.charCodeAt(i) : 0;
    return code >= 48 && code <= 57;
}
/** The compared form of one word; null for a stop word (it still joins a pair), undefined for no word at all. */
function canonicalWord(piece) {
    const word = piece.text;
    if (piece.afterDigit && ORDINAL_SUFFIXES.has(word))
        return undefined;
    if (piece.afterDigit && word in UNIT_AFTER_NUMBER)
        return UNIT_AFTER_NUMBER[word];
    if (word.length < 2)
        return undefined;
    if (STOPWORDS.has(word))
        return null;
    return stemOf(SYNONYMS[word] ?? word);
}
function pairWith(previous, piece, canonical, sink) {
    const joined = previous.text + piece.text;
    if (!/^[a-z]+$/.test(joined))
        return;
    const first = canonicalWord(previous);
    sink.pair(stemOf(joined), [first ?? null, canonical]);
}

;// CONCATENATED MODULE: ./src/metrics/negation.ts
/**
 * Where a text is negated, as a mask over its normalised characters, or null when nothing is
 * negated: NEGATED inside a negation's scope, NEAR just after a Chinese negation's scope (two
 * negations that share a word there negate the same thing: 不能同时领取 / 不重复领取).
 *
 * English: a negation (not, no, never, n't, cannot, without, none, nor, …) negates its whole
 * clause, so "Refunds cannot be issued after 30 days" and "No refunds after 30 days" are both
 * negated statements about refunds. Clauses end at punctuation, at but / however / although /
 * though / whereas / except / unless / while, and at and / or / so before a new subject ("the
 * trial is 14 days and you do not need a card": the trial is not negated). A bound is not a negation: "no more than",
 * "not later than", "must not exceed" say "at most"; neither are "not only", "not just",
 * "no matter".
 *
 * Chinese: 不 没 无 非 未 别 negate what follows them closely (the cue and the next two
 * characters: a whole clause would take in relative clauses such as 「未休完的年假可结转」,
 * whose main statement is not negated). Not negations: bounds (不超过, 不低于, 不得超过, 不足 …),
 * compounds that only contain a cue character (非常, 无论, 未来, 不同, 特别 …) and A-not-A
 * questions (会不会, 有没有).
 */
const LATIN_CUES = /\b(?:not|no|never|none|nor|neither|nobody|nothing|nowhere|without|cannot|[a-z]+n't|dont|doesnt|didnt|cant|wont|isnt|arent|wasnt|werent|shouldnt|couldnt|wouldnt|mustnt|hasnt|havent|hadnt|neednt)\b/g;
const ANY_CUE = /[不没无非未别]|\b(?:not|no|never|none|nor|neither|nobody|nothing|nowhere|without|cannot|[a-z]+n't|dont|doesnt|didnt|cant|wont|isnt|arent|wasnt|werent|shouldnt|couldnt|wouldnt|mustnt|hasnt|havent|hadnt|neednt)\b/;
const CLAUSE_BOUNDARY = /[,;:!?，；：。！？\n()（）—]|\.(?!\d)|\s-+\s|\b(?:but|however|although|though|whereas|except|unless|while)\b|\b(?:and|or|so)\s+(?=(?:i|you|we|they|he|she|it|there|this|these|those)\b)|但是|可是|然而/g;
const COMPARATIVES = new Set(['more', 'less', 'fewer', 'later', 'earlier', 'greater', 'higher', 'lower', 'longer', 'shorter', 'sooner', 'bigger', 'smaller']);
const NOT_A_NEGATION_AFTER = new Set(['only', 'just', 'matter']);
const LATIN_CUE = new RegExp(LATIN_CUES.source);
const HAN_CUES = /[不没无非未别]/g;
const HAN_SCOPE = 3;
const HAN_NEAR = 6;
const NEGATED = 2;
const NEAR = 1;
/** Words that contain a cue character without negating anything. */
const HAN_NOT_NEGATIONS = [
    ...['不超过', '不高于', '不低于', '不少于', '不多于', '不大于', '不小于', '不晚于', '不早于', '不足', '不得超过', '不得低于', '不得少于', '不得多于', '不得高于', '不得晚于'],
    ...['不同', '不断', '不仅', '不但', '不管', '不论', '不过', '不久', '不少', '不错', '不然', '对不起', '差不多', '不一样'],
    ...['没收', '淹没', '埋没', '出没', '无论', '无线', '有无', '无非', '非常', '除非', '是非', '莫非', '非洲', '南非', '未来', '未成年'],
    ...['别人', '别的', '别处', '别墅', '别名', '别称', '特别', '区别', '分别', '类别', '级别', '个别', '差别', '识别', '告别', '性别', '辨别', '鉴别', '判别', '派别'],
];
const HAN_EXCEPTIONS = HAN_NOT_NEGATIONS.flatMap((word) => [...word].flatMap((char, at) => ('不没无非未别'.includes(char) ? [{ word, at }] : [])));
function negationMask(text) {
    if (!ANY_CUE.test(text))
        return null;
    let mask = null;
    const mark = (from, to, level) => {
        mask ??= new Uint8Array(text.length);
        for (let i = from; i < Math.min(to, text.length); i++)
            if (mask[i] < level)
                mask[i] = level;
    };
    if (LATIN_CUE.test(text)) {
        for (const [start, end] of clauses(text))
            if (hasLatinNegation(text.slice(start, end)))
                mark(start, end, NEGATED);
    }
    for (const match of text.matchAll(HAN_CUES)) {
        if (!isHanNegation(text, match.index))
            continue;
        mark(match.index, match.index + HAN_SCOPE, NEGATED);
        mark(match.index + HAN_SCOPE, match.index + HAN_NEAR, NEAR);
    }
    return mask;
}
function clauses(text) {
    const spans = [];
    let start = 0;
    for (const boundary of text.matchAll(CLAUSE_BOUNDARY)) {
        spans.push([start, boundary.index]);
        start = boundary.index + boundary[0].length;
    }
    spans.push([start, text.length]);
    return spans;
}
function hasLatinNegation(clause) {
    for (const cue of clause.matchAll(LATIN_CUES)) {
        const [next = '', second = '', third = ''] = clause
            .slice(cue.index + cue[0].length)
            .split(/[^a-z']+/)
            .filter(Boolean);
        if (NOT_A_NEGATION_AFTER.has(next))
            continue;
        if (COMPARATIVES.has(next) && second === 'than')
            continue;
        if (next.startsWith('exceed') || (next === 'to' && second.startsWith('exceed')) || (next === 'be' && second === 'more' && third === 'than'))
            continue;
        return true;
    }
    return false;
}
function isHanNegation(text, at) {
    const cue = text[at];
    // A-not-A questions: 会不会, 是不是, 有没有
    if (at > 0 && text[at - 1] === text[at + 1] && text[at - 1] !== undefined)
        return false;
    for (const { word, at: offset } of HAN_EXCEPTIONS) {
        if (text[at - offset] === word[0] && text.startsWith(word, at - offset))
            return false;
    }
    // 别 negates only as an imperative ("别忘了"): at the start of a clause or after 请 / 千万
    if (cue === '别')
        return at === 0 || !/\p{Script=Han}/u.test(text[at - 1]) || '请万'.includes(text[at - 1]);
    return true;
}

// EXTERNAL MODULE: ./src/metrics/normalise.ts
var normalise = __webpack_require__(8991);
;// CONCATENATED MODULE: ./src/metrics/tokens.ts




/*
 * Tokens are never changed once built, so a text without negations, soft numbers, symbols or
 * pairs (most texts) shares these empty collections instead of allocating its own, and a union
 * may hand out a part's set as its own.
 */
const NONE = new Set();
const NO_PAIRS = new Map();
const HAN_RUN = /\p{Script=Han}+/gu;
const NUMBER = /(\d+(?:\.\d+)?)(?:(k)(?![a-z])|\s?(hundred|thousand|million|billion)\b)?/g;
const SCALE = { k: 1e3, hundred: 1e2, thousand: 1e3, million: 1e6, billion: 1e9 };
function tokenize(text) {
    const normalised = (0,normalise/* normalise */.j)(text);
    const mask = negationMask(normalised);
    const words = new Set();
    const numbers = new Set();
    // only a text with a negation tells its words apart; without one, plain is words and the rest are empty
    const plain = mask ? new Set() : words;
    const negated = new Set();
    const nearNegation = new Set();
    const add = (word, at) => {
        words.add(word);
        if (!mask)
            return;
        const level = mask[at];
        (level === NEGATED ? negated : plain).add(word);
        if (level !== 0)
            nearNegation.add(word);
    };
    for (const match of normalised.matchAll(NUMBER))
        numbers.add(numberText(match));
    for (const run of normalised.matchAll(HAN_RUN)) {
        const [chars] = run;
        if (chars.length === 1)
            add(chars, run.index);
        for (let i = 0; i + 1 < chars.length; i++)
            add(chars.slice(i, i + 2), run.index + i);
    }
    let soft;
    let implied;
    let pairs;
    latinWords(normalised, {
        word: add,
        number: (value) => numbers.add(value),
        soft: (value) => (soft ??= new Set()).add(value),
        implied: (word) => (implied ??= new Set()).add(word),
        pair: (joined, parts) => (pairs ??= new Map()).set(joined, parts),
    });
    return { words, numbers, plain, negated: filled(negated), nearNegation: filled(nearNegation), soft: filled(soft), implied: filled(implied), pairs: pairs ?? NO_PAIRS };
}
function filled(set) {
    return set && set.size > 0 ? set : NONE;
}
function numberText(match) {
    const value = Number(match[1]);
    const scale = match[2] ?? match[3];
    return String(scale ? Number((value * SCALE[scale]).toPrecision(12)) : value);
}
// built on first use: constructing it loads ICU's break rules (~25 ms), which compare, merge
// and a judge: none run never need
let sentenceSegmenter;
/**
 * The characters after which Unicode may end a sentence (UAX #29: STerm, ATerm and the paragraph
 * separators); no sentence ends anywhere else, which the tests check against the segmenter.
 */
const SENTENCE_END = /[\p{Sentence_Terminal}\u2024\uFE52\uFF0E\n\r\u0085\u2028\u2029]/u;
/** Sentences by Unicode sentence boundaries, which know 。！？ as well as . ! ? */
function sentences(text) {
    const trimmed = text.trim();
    // one sentence when nothing but its last character can end one: most answers and clauses, at a tenth of the segmenter's cost
    if (!SENTENCE_END.test(trimmed.slice(0, -1)))
        return trimmed === '' ? [] : [trimmed];
    sentenceSegmenter ??= new Intl.Segmenter('zh', { granularity: 'sentence' });
    return [...sentenceSegmenter.segment(text)].map((s) => s.segment.trim()).filter((s) => s !== '');
}
/** Memoises `compute` for texts that repeat (the same chunk retrieved for many questions); keeps at most `limit` texts. */
function textCache(compute, limit = 50_000) {
    const cache = new Map();
    return (text) => {
        let value = cache.get(text);
        if (value === undefined) {
            value = compute(text);
            if (cache.size >= limit)
                cache.clear();
            cache.set(text, value);
        }
        return value;
    };
}
function tokenCount(tokens) {
    return tokens.words.size + tokens.numbers.size;
}
/**
 * A statement is covered by a text when every number in it appears there, at least `minShare`
 * of its words do, and the two agree on negation: a statement that negates something is
 * covered only by a text that negates at least one of the same words (for Chinese: has one
 * among the few characters after a negation, see `nearNegation`), and no word may be
 * negated on one side and only affirmed on the other ("We accept PayPal" does not cover "We do
 * not accept PayPal", nor the other way round). Chinese words are exempt from the second half:
 * a Chinese negation's scope is a few characters, so its neighbours fall inside on one side
 * and outside on the other without any change of meaning.
 */
function covers(text, statement, minShare) {
    for (const n of statement.numbers)
        if (!text.numbers.has(n) && !text.soft.has(n))
            return false;
    if (statement.words.size === 0)
        return statement.numbers.size > 0;
    const guarded = statement.negated.size > 0 || text.negated.size > 0;
    let viaPairs = null;
    let found = 0;
    let negationShared = statement.negated.size === 0;
    for (const w of statement.words) {
        if (text.words.has(w)) {
            found += 1;
            if (!guarded)
                continue;
            if (!negationShared && statement.nearNegation.has(w) && text.nearNegation.has(w))
                negationShared = true;
            if ((text.negated.has(w) || statement.negated.has(w)) && contradicts(text, statement, w))
                return false;
        }
        else if (text.implied.has(w) || text.pairs.has(w) || softNumberIn(text, w)) {
            found += 1;
        }
        else if (statement.pairs.size > 0) {
            viaPairs ??= pairMatches(text, statement);
            if (viaPairs.has(w))
                found += 1;
        }
    }
    return negationShared && found / statement.words.size >= minShare;
}
function contradicts(text, statement, w) {
    const negatedInStatement = statement.negated.has(w);
    const plainInStatement = statement.plain.has(w);
    if (plainInStatement && !negatedInStatement)
        return text.negated.has(w) && !text.plain.has(w);
    if (negatedInStatement && !plainInStatement)
        return !text.negated.has(w) && !isHan(w);
    return false;
}
function isHan(word) {
    return /^\p{Script=Han}/u.test(word);
}
function softNumberIn(text, w) {
    const value = SOFT_NUMBERS[w];
    return value !== undefined && (text.numbers.has(String(value)) || text.soft.has(String(value)));
}
/** Statement words found because the statement writes two words that the text writes as one ("follow up" / "followup"). */
function pairMatches(text, statement) {
    const found = new Set();
    for (const [joined, parts] of statement.pairs) {
        if (!text.words.has(joined))
            continue;
        for (const part of parts)
            if (part)
                found.add(part);
    }
    return found;
}
/** The tokens of several texts as one text's; a part's set is reused where only that part has any. */
function union(all) {
    if (all.length === 1)
        return all[0];
    const pairs = all.filter((t) => t.pairs.size > 0).map((t) => t.pairs);
    const words = unionOf(all, 'words');
    return {
        words,
        numbers: unionOf(all, 'numbers'),
        plain: all.every((t) => t.plain === t.words) ? words : unionOf(all, 'plain'),
        negated: unionOf(all, 'negated'),
        nearNegation: unionOf(all, 'nearNegation'),
        soft: unionOf(all, 'soft'),
        implied: unionOf(all, 'implied'),
        pairs: pairs.length > 1 ? new Map(pairs.flatMap((p) => [...p])) : (pairs[0] ?? NO_PAIRS),
    };
}
function unionOf(all, key) {
    let result = NONE;
    let merged = null;
    for (const tokens of all) {
        const set = tokens[key];
        if (set.size === 0)
            continue;
        if (result.size === 0) {
            result = set;
            continue;
        }
        merged ??= new Set(result);
        for (const item of set)
            merged.add(item);
        result = merged;
    }
    return result;
}


/***/ })

};
