export const id = 838;
export const ids = [838];
export const modules = {

/***/ 9838:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  lintSetCommand: () => (/* binding */ lintSetCommand)
});

// EXTERNAL MODULE: ./src/io/tabular.ts + 1 modules
var tabular = __webpack_require__(6575);
// EXTERNAL MODULE: ./src/run/evalSet.ts + 2 modules
var evalSet = __webpack_require__(7810);
// EXTERNAL MODULE: ./src/schemas/config.ts
var config = __webpack_require__(9812);
// EXTERNAL MODULE: ./src/stats/proportions.ts
var proportions = __webpack_require__(2580);
;// CONCATENATED MODULE: ./src/analysis/lintSet/boundary.ts
/**
 * The boundary cases the method asks every eval set to hold (seed 003, 1.1 "覆盖边界情况"):
 * questions that must be refused, questions the knowledge base cannot answer (the system must
 * admit it), and confusable questions (similar to another, with a different answer).
 */
const BOUNDARY_KINDS = ['should_refuse', 'not_in_kb', 'confusable'];
const BOUNDARY_LABELS = {
    should_refuse: 'should-refuse (should_refuse: true, or category / kind "should_refuse", "拒答")',
    not_in_kb: 'not in the knowledge base (category / kind "not_in_kb", "unanswerable", "知识库没有")',
    confusable: 'confusable (category / kind "confusable", "易混淆")',
};
/** Words in a category or `kind` label that mark a boundary kind, matched in the label with spaces, - and _ removed. */
const MARKERS = {
    should_refuse: ['shouldrefuse', 'refus', '拒答', '应拒'],
    not_in_kb: ['notinkb', 'notintheknowledgebase', 'notinknowledgebase', 'outofkb', 'outsidekb', 'unanswerable', 'noanswer', '知识库没有', '知识库外', '库外', '无答案'],
    confusable: ['confus', '混淆', '迷惑'],
};
function squash(label) {
    return label
        .normalize('NFKC')
        .toLowerCase()
        .replace(/[\s_-]+/g, '');
}
/** The boundary kinds a category or `kind` label names (none for an ordinary category). */
function kindsOfLabel(label) {
    const squashed = squash(label);
    return BOUNDARY_KINDS.filter((kind) => MARKERS[kind].some((m) => squashed.includes(m)));
}
/** The boundary kinds a row belongs to: by should_refuse, its category, or a `kind` column. */
function boundaryKinds(row) {
    const kinds = new Set();
    if (row.should_refuse)
        kinds.add('should_refuse');
    const kindCell = row.extra.kind;
    const labels = [row.category, typeof kindCell === 'string' || typeof kindCell === 'number' ? String(kindCell) : null];
    for (const label of labels)
        if (label)
            for (const kind of kindsOfLabel(label))
                kinds.add(kind);
    return kinds;
}

// EXTERNAL MODULE: ./src/io/script.ts
var script = __webpack_require__(105);
;// CONCATENATED MODULE: ./src/analysis/lintSet/finding.ts

const FINDING_KINDS = ['exact_duplicate', 'near_duplicate', 'coverage', 'difficulty_mix', 'boundary', 'ground_truth', 'leakage'];
/** `q7 (line 12)`, the way a finding names a row. */
function rowName(input, id) {
    const line = input.lineOf.get(id);
    return line === undefined ? id : `${id} (line ${line})`;
}
function finding(input, kind, level, ids, message) {
    return { kind, level, ids: [...ids], lines: ids.map((id) => input.lineOf.get(id) ?? 0), message };
}
/** A text quoted in a message: one line, at most `max` characters, in 「」 (CJK) or “” (any other script). */
function quote(text, max = 60) {
    // control characters and bidi overrides from the eval set never reach a terminal or an annotation
    const flat = text
        .replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    const chars = [...flat];
    return (0,script/* quoted */.TL)(chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat);
}

;// CONCATENATED MODULE: ./src/analysis/lintSet/coverage.ts



/** A category's 95% Wilson half-width (at p = 0.5) above this is too few questions to judge it (seed 003, 2.1). */
const MAX_CATEGORY_HALF_WIDTH = 0.1;
/** A difficulty share this many percentage points from its target is a finding. */
const DIFFICULTY_TOLERANCE_PP = 10;
/** The seed's mix: easy 40% (the basic bar), medium 40% (the real level), hard 20% (where versions differ). */
const DEFAULT_DIFFICULTY_MIX = { easy: 40, medium: 40, hard: 20 };
const DIFFICULTY_SYNONYMS = {
    easy: ['easy', 'simple', 'low', '简单', '容易', '易', '低'],
    medium: ['medium', 'moderate', 'normal', 'mid', '中等', '中', '一般'],
    hard: ['hard', 'difficult', 'high', '困难', '难', '高'],
};
const NO_LABEL = '(none)';
function coverageSummary(input) {
    const categories = {};
    const difficulties = {};
    for (const row of input.rows) {
        const category = row.category ?? NO_LABEL;
        categories[category] = { n: (categories[category]?.n ?? 0) + 1, half_width: 0 };
        const difficulty = row.difficulty ?? NO_LABEL;
        difficulties[difficulty] = (difficulties[difficulty] ?? 0) + 1;
    }
    for (const c of Object.values(categories))
        c.half_width = Math.round((0,proportions/* wilsonHalfWidth */.WA)(c.n) * 1e4) / 1e4;
    return { rows: input.rows.length, categories, difficulties };
}
/** Categories too small to judge, rows without a category, and the boundary kinds the set lacks. */
function coverageFindings(input, summary) {
    const findings = [];
    const uncategorised = input.rows.filter((r) => r.category === null).map((r) => r.id);
    if (uncategorised.length === input.rows.length) {
        findings.push(finding(input, 'coverage', 'warning', [], 'no row has a category: scores cannot be read per category, and one category can hide behind the others'));
    }
    else if (uncategorised.length > 0) {
        findings.push(finding(input, 'coverage', 'warning', uncategorised, `${uncategorised.length} rows have no category: ${uncategorised.slice(0, 10).join(', ')}${uncategorised.length > 10 ? ', …' : ''}`));
    }
    // a category of boundary questions only (should-refuse, not in the knowledge base, confusable) is there to be present, not to be scored on its own
    const ordinary = new Set(input.rows.filter((r) => r.category !== null && boundaryKinds(r).size === 0).map((r) => r.category));
    for (const [category, { n, half_width }] of Object.entries(summary.categories)) {
        if (category === NO_LABEL || half_width <= MAX_CATEGORY_HALF_WIDTH || !ordinary.has(category))
            continue;
        findings.push(finding(input, 'coverage', 'warning', [], `category ${quote(category)} has ${n} question${n === 1 ? '' : 's'}: its pass rate is known only to ±${(half_width * 100).toFixed(1)} pp (95% Wilson), above ±${MAX_CATEGORY_HALF_WIDTH * 100} pp; about 93 questions get it there`));
    }
    const present = new Set(input.rows.flatMap((r) => [...boundaryKinds(r)]));
    for (const kind of BOUNDARY_KINDS) {
        if (!present.has(kind))
            findings.push(finding(input, 'boundary', 'warning', [], `no boundary question of the kind ${BOUNDARY_LABELS[kind]}: the set never tests this boundary`));
    }
    return findings;
}
/** `easy=40,medium=40,hard=20` → {easy: 40, …}; the shares must add up to 100. Null with the reason when it does not parse. */
function parseDifficultyMix(text) {
    const mix = {};
    for (const part of text.split(',')) {
        const match = /^\s*([^=\s][^=]*?)\s*=\s*(\d+(?:\.\d+)?)\s*$/.exec(part);
        if (!match)
            return { error: `"${part.trim()}" is not label=percent` };
        mix[match[1].toLowerCase()] = Number(match[2]);
    }
    const total = Object.values(mix).reduce((a, b) => a + b, 0);
    if (Math.abs(total - 100) > 1e-9)
        return { error: `the shares add up to ${total}, not 100` };
    return { mix };
}
/** The target label a row's difficulty is: itself, or easy / medium / hard by their usual Chinese and English names. */
function targetOf(difficulty, targets) {
    const label = difficulty.normalize('NFKC').toLowerCase().trim();
    if (targets.includes(label))
        return label;
    for (const target of targets)
        if (DIFFICULTY_SYNONYMS[target]?.includes(label))
            return target;
    return null;
}
/** The difficulty mix against the target: each share more than DIFFICULTY_TOLERANCE_PP away, labels outside the target, rows without one. */
function difficultyFindings(input, target) {
    const targets = Object.keys(target);
    const counts = Object.fromEntries(targets.map((t) => [t, 0]));
    const unknown = new Map();
    const unlabelled = [];
    for (const row of input.rows) {
        if (row.difficulty === null) {
            unlabelled.push(row.id);
            continue;
        }
        const label = targetOf(row.difficulty, targets);
        if (label === null)
            unknown.set(row.difficulty, [...(unknown.get(row.difficulty) ?? []), row.id]);
        else
            counts[label] += 1;
    }
    const findings = [];
    if (unlabelled.length === input.rows.length)
        return [finding(input, 'difficulty_mix', 'warning', [], 'no row has a difficulty: the mix of easy, medium and hard questions cannot be checked')];
    if (unlabelled.length > 0)
        findings.push(finding(input, 'difficulty_mix', 'warning', unlabelled, `${unlabelled.length} rows have no difficulty`));
    for (const [label, ids] of unknown) {
        findings.push(finding(input, 'difficulty_mix', 'warning', ids, `difficulty ${quote(label)} (${ids.length} rows) is none of ${targets.join(', ')}: name it as one of them, or give --difficulty-mix with it`));
    }
    const labelled = Object.values(counts).reduce((a, b) => a + b, 0);
    if (labelled === 0)
        return findings;
    const share = (label) => (100 * counts[label]) / labelled;
    const off = targets.filter((t) => Math.abs(share(t) - target[t]) > DIFFICULTY_TOLERANCE_PP);
    if (off.length > 0) {
        const actual = targets.map((t) => `${t} ${share(t).toFixed(0)}%`).join(' / ');
        const wanted = targets.map((t) => `${t} ${target[t]}%`).join(' / ');
        const gaps = off.map((t) => `${t} ${share(t) > target[t] ? '+' : '−'}${Math.abs(share(t) - target[t]).toFixed(0)} pp`).join(', ');
        findings.push(finding(input, 'difficulty_mix', 'warning', [], `difficulty mix ${actual} over ${labelled} labelled rows, target ${wanted}: ${gaps} (more than ${DIFFICULTY_TOLERANCE_PP} pp off)`));
    }
    return findings;
}

// EXTERNAL MODULE: ./src/metrics/language.ts
var language = __webpack_require__(6611);
// EXTERNAL MODULE: ./src/stats/bootstrap.ts
var bootstrap = __webpack_require__(6561);
;// CONCATENATED MODULE: ./src/analysis/lintSet/minhash.ts
/**
 * Near-duplicate texts at scale: shingles → MinHash signatures → LSH banding → exact Jaccard.
 *
 * Shingles are n-grams of tokens, where a token is one CJK character (Chinese, Japanese and
 * Korean have no spaces, and segmenters disagree on word boundaries) or one Latin-script word
 * (letters and digits). So Chinese text is compared by character n-grams and English by word
 * n-grams, and mixed text by both. Every shingle is a 32-bit hash; a text is the sorted set of
 * its shingle hashes.
 *
 * MinHash: for each of H seeded hash functions (multiply-add over the mixed shingle hash,
 * modulo 2³²) the smallest value over the text's shingles; two texts agree in one position
 * with probability equal to their Jaccard similarity. LSH: the H positions are cut into b bands
 * of r rows; texts that agree on a whole band are candidates. r and b are chosen from the
 * threshold so that a pair exactly at the threshold becomes a candidate with probability
 * ≥ 0.999; every candidate is then checked with the exact Jaccard of the shingle sets, so the
 * banding can only cost recall (bounded above), never precision.
 */


const NEAR_DUPLICATE_SHINGLE = 2;
const MINHASH_FUNCTIONS = 128;
/** the banding's recall for a pair exactly at the threshold, at least */
const BAND_RECALL = 0.999;
/** Lower-case NFKC tokens: each CJK character alone, each Latin-script word whole. */
const shingleTokens = language/* scriptTokens */.CW;
/** FNV-1a over a string's UTF-16 code units. */
function fnv1a(text) {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) {
        h ^= text.charCodeAt(i);
        h = Math.imul(h, 0x01000193);
    }
    return h >>> 0;
}
/** murmur3's finaliser: spreads every input bit over the output. */
function mix(h) {
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    return h >>> 0;
}
/**
 * The 32-bit hashes of consecutive token n-grams, in text order (token hashes from
 * `tokenHashes`). Fewer than n tokens (but at least one) make one shingle of all of them.
 */
function ngramHashes(tokens, n) {
    if (tokens.length === 0)
        return new Uint32Array(0);
    const width = Math.min(n, tokens.length);
    const out = new Uint32Array(tokens.length - width + 1);
    for (let i = 0; i + width <= tokens.length; i++) {
        let h = 0x811c9dc5 ^ width;
        for (let k = 0; k < width; k++)
            h = Math.imul(h ^ tokens[i + k], 0x01000193);
        out[i] = mix(h);
    }
    return out;
}
function tokenHashes(tokens) {
    return Uint32Array.from(tokens, fnv1a);
}
/** The sorted, distinct shingle hashes of a text (see ngramHashes); none for a text without tokens. */
function shingleSet(text, n = NEAR_DUPLICATE_SHINGLE) {
    const hashes = ngramHashes(tokenHashes(shingleTokens(text)), n);
    hashes.sort();
    return distinct(hashes);
}
function distinct(sorted) {
    let w = 0;
    for (let i = 0; i < sorted.length; i++)
        if (i === 0 || sorted[i] !== sorted[w - 1])
            sorted[w++] = sorted[i];
    return sorted.subarray(0, w);
}
/** |A ∩ B| / |A ∪ B| of two sorted distinct sets; 0 when both are empty. */
function jaccard(a, b) {
    let i = 0;
    let j = 0;
    let shared = 0;
    while (i < a.length && j < b.length) {
        if (a[i] === b[j]) {
            shared++;
            i++;
            j++;
        }
        else if (a[i] < b[j])
            i++;
        else
            j++;
    }
    const union = a.length + b.length - shared;
    return union === 0 ? 0 : shared / union;
}
/** Rows per band: the largest r whose banding still finds a pair at the threshold with probability ≥ BAND_RECALL. */
function banding(threshold, hashes = MINHASH_FUNCTIONS) {
    let best = 1;
    for (let r = 1; r <= hashes; r++) {
        const bands = Math.floor(hashes / r);
        if (1 - Math.pow(1 - Math.pow(threshold, r), bands) >= BAND_RECALL)
            best = r;
    }
    return { bands: Math.floor(hashes / best), rows: best };
}
/** MinHash signatures, one row of H values per set, in one flat array. */
function signatures(sets, hashes, seed) {
    const random = (0,bootstrap/* mulberry32 */.sK)(seed);
    const mul = Uint32Array.from({ length: hashes }, () => (Math.floor(random() * 0x100000000) | 1) >>> 0);
    const add = Uint32Array.from({ length: hashes }, () => Math.floor(random() * 0x100000000) >>> 0);
    const out = new Uint32Array(sets.length * hashes).fill(0xffffffff);
    for (let t = 0; t < sets.length; t++) {
        const set = sets[t];
        const base = t * hashes;
        for (let s = 0; s < set.length; s++) {
            const x = set[s];
            for (let i = 0; i < hashes; i++) {
                const v = (Math.imul(mul[i], x) + add[i]) >>> 0;
                if (v < out[base + i])
                    out[base + i] = v;
            }
        }
    }
    return out;
}
/**
 * Every pair of sets with Jaccard ≥ threshold, as LSH finds them (see the file comment).
 * Empty sets are never paired. Pairs come sorted by a, then b.
 */
function similarPairs(sets, threshold, options = {}) {
    const { bands, rows } = banding(threshold, options.hashes ?? MINHASH_FUNCTIONS);
    // only the positions the bands use are computed
    const hashes = bands * rows;
    const n = sets.length;
    const sig = signatures(sets, hashes, options.seed ?? 1);
    const seen = new Set();
    const pairs = [];
    // key (32 bits) · 2²¹ + index: one numeric sort per band brings equal keys together
    if (n >= 2 ** 21)
        throw new RangeError(`similarPairs: at most ${2 ** 21 - 1} texts, got ${n}`);
    const keyed = new Float64Array(n);
    for (let band = 0; band < bands; band++) {
        let m = 0;
        for (let t = 0; t < n; t++) {
            if (sets[t].length === 0)
                continue;
            let h = 0x811c9dc5 ^ band;
            for (let k = 0; k < rows; k++)
                h = Math.imul(h ^ sig[t * hashes + band * rows + k], 0x01000193);
            keyed[m++] = mix(h) * 2 ** 21 + t;
        }
        const sorted = keyed.subarray(0, m).sort();
        for (let start = 0; start < m;) {
            const key = Math.floor(sorted[start] / 2 ** 21);
            let end = start + 1;
            while (end < m && Math.floor(sorted[end] / 2 ** 21) === key)
                end++;
            for (let i = start; i < end; i++) {
                for (let j = i + 1; j < end; j++) {
                    const a = sorted[i] % 2 ** 21;
                    const b = sorted[j] % 2 ** 21;
                    const id = a * n + b;
                    if (seen.has(id))
                        continue;
                    seen.add(id);
                    const similarity = jaccard(sets[a], sets[b]);
                    if (similarity >= threshold)
                        pairs.push({ a, b, jaccard: similarity });
                }
            }
            start = end;
        }
    }
    return pairs.sort((x, y) => x.a - y.a || x.b - y.b);
}
/** The reference: every pair compared exactly. O(n²): for tests and the benchmark only. */
function similarPairsBruteForce(sets, threshold) {
    const pairs = [];
    for (let a = 0; a < sets.length; a++) {
        if (sets[a].length === 0)
            continue;
        for (let b = a + 1; b < sets.length; b++) {
            if (sets[b].length === 0)
                continue;
            const similarity = jaccard(sets[a], sets[b]);
            if (similarity >= threshold)
                pairs.push({ a, b, jaccard: similarity });
        }
    }
    return pairs;
}

;// CONCATENATED MODULE: ./src/analysis/lintSet/duplicates.ts



/** Questions compared for exact duplicates: NFKC, lower case, letters and digits only. */
function normaliseQuestion(text) {
    return text
        .normalize('NFKC')
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\p{M}]+/gu, '');
}
/**
 * Exact duplicates (the same question after normalisation) and near-duplicates (Jaccard of
 * their shingles ≥ threshold). Both are errors: a question asked twice counts twice in every
 * mean, and a reworded copy inflates the score while the set covers less than it seems. A pair
 * of rows both marked confusable (category or kind) is similar on purpose, so it is a warning
 * that asks for a look at the answers instead.
 */
function duplicateFindings(input, threshold) {
    const findings = [];
    const groups = new Map();
    const representatives = [];
    for (const row of input.rows) {
        const key = normaliseQuestion(row.question);
        const group = groups.get(key);
        if (group)
            group.ids.push(row.id);
        else {
            groups.set(key, { ids: [row.id], question: row.question });
            representatives.push({ id: row.id, question: row.question });
        }
    }
    for (const { ids, question } of groups.values()) {
        if (ids.length < 2)
            continue;
        findings.push(finding(input, 'exact_duplicate', 'error', ids, `the same question ${ids.length} times: ${ids.map((id) => rowName(input, id)).join(', ')}: ${quote(question)}`));
    }
    const confusable = new Set(input.rows.filter((r) => boundaryKinds(r).has('confusable')).map((r) => r.id));
    const sets = representatives.map((r) => shingleSet(r.question));
    for (const pair of similarPairs(sets, threshold)) {
        const a = representatives[pair.a];
        const b = representatives[pair.b];
        const both = confusable.has(a.id) && confusable.has(b.id);
        const shared = longestCommonSubstring(a.question, b.question);
        const message = `near-duplicate questions ${rowName(input, a.id)} and ${rowName(input, b.id)} (Jaccard ${pair.jaccard.toFixed(2)}): ${quote(a.question)} / ${quote(b.question)}, shared ${quote(shared)}` +
            (both ? '; both are marked confusable: check that their ground truths differ' : '');
        findings.push(finding(input, 'near_duplicate', both ? 'warning' : 'error', [a.id, b.id], message));
    }
    return findings;
}
/** The longest run of characters two texts share (dynamic programming over code points; texts clipped to 400). */
function longestCommonSubstring(left, right) {
    const a = [...left].slice(0, 400);
    const b = [...right].slice(0, 400);
    let best = 0;
    let end = 0;
    let previous = new Uint16Array(b.length + 1);
    for (let i = 1; i <= a.length; i++) {
        const current = new Uint16Array(b.length + 1);
        for (let j = 1; j <= b.length; j++) {
            if (a[i - 1] !== b[j - 1])
                continue;
            current[j] = previous[j - 1] + 1;
            if (current[j] > best) {
                best = current[j];
                end = i;
            }
        }
        previous = current;
    }
    return a.slice(end - best, end).join('');
}

// EXTERNAL MODULE: ./src/metrics/lexical.ts
var lexical = __webpack_require__(3685);
// EXTERNAL MODULE: ./src/metrics/rules.ts
var rules = __webpack_require__(2158);
// EXTERNAL MODULE: ./src/metrics/tokens.ts + 3 modules
var tokens = __webpack_require__(4928);
;// CONCATENATED MODULE: ./src/analysis/lintSet/groundTruth.ts







/**
 * A ground truth with fewer units than this (a CJK character or a Latin word is one unit) and
 * no number cannot separate a right answer from a wrong one: "可以的", "yes", "是的，可以"
 * (seed 003, 1.1: write "能，需满足 X、Y 条件，流程是 Z").
 */
const MIN_GROUND_TRUTH_UNITS = 5;
/** Words a should-refuse ground truth uses to describe the refusal, beside the configured refusal phrases. */
const REFUSAL_MARKERS = ['拒绝', '拒答', '不予回答', '不回答', 'refuse', 'decline', 'should not answer', 'cannot help'];
function units(text) {
    return shingleTokens(text).length;
}
function tooShort(text) {
    return units(text) < MIN_GROUND_TRUTH_UNITS && !/\p{N}/u.test(text.normalize('NFKC'));
}
/**
 * Ground truths that cannot do their job: too short to judge against, reference points the
 * ground truth does not contain (the lexical provider's coverage test, the one completeness
 * uses), should-refuse rows that carry a real answer, and answerable rows without the relevant
 * documents the retrieval metrics need (only when the set has a relevant_doc_ids column).
 * All warnings: the checks are lexical and a person decides.
 */
function groundTruthFindings(input, refusalPhrases) {
    return input.rows.flatMap((row) => rowFindings(input, row, refusalPhrases));
}
function rowFindings(input, row, refusalPhrases) {
    const out = [];
    const add = (message) => out.push(finding(input, 'ground_truth', 'warning', [row.id], message));
    const truth = row.ground_truth;
    const kinds = boundaryKinds(row);
    if (row.should_refuse) {
        if (truth !== null && units(truth) >= MIN_GROUND_TRUTH_UNITS && !(0,rules/* isRefusal */.vu)(truth, [...refusalPhrases, ...REFUSAL_MARKERS])) {
            add(`should_refuse is true but the ground truth is an answer, ${quote(truth)}: set should_refuse to false, or write what a correct refusal says`);
        }
        return out;
    }
    if (truth !== null && tooShort(truth))
        add(`the ground truth ${quote(truth)} is too short to judge an answer against: write the full answer with its conditions`);
    if (truth !== null && row.reference_points.length > 0) {
        const truthTokens = (0,tokens/* tokenize */.qw)(truth);
        const squashedTruth = normaliseQuestion(truth);
        // contained (letters and digits in order) or implied (the lexical provider's coverage, the test completeness uses)
        const missing = row.reference_points.filter((point) => !squashedTruth.includes(normaliseQuestion(point)) && !(0,tokens/* covers */.hU)(truthTokens, (0,tokens/* tokenize */.qw)(point), lexical/* LEXICAL_SETTINGS */.vV.minWordShare));
        if (missing.length > 0) {
            add(`reference point${missing.length > 1 ? 's' : ''} ${missing.map((p) => quote(p, 40)).join(' ')} not found in the ground truth ${quote(truth, 40)}: add them to it, or fix the point`);
        }
    }
    if (input.hasRelevantDocs && row.relevant_docs.length === 0 && !kinds.has('not_in_kb')) {
        add('answerable, but relevant_doc_ids is empty: its precision, hit and MRR count as 0; list the documents that answer it (or mark the row not_in_kb)');
    }
    return out;
}

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./src/io/errors.ts
var errors = __webpack_require__(7333);
;// CONCATENATED MODULE: ./src/analysis/lintSet/leakage.ts





/**
 * Leakage: an eval question or ground truth inside a prompt template, a few-shot file or
 * fine-tuning data inflates every score (seed 003, 3.1). A text leaks when at least
 * `threshold` of its token 4-grams (4 CJK characters, or 4 words) occur in one of the files.
 * Four tokens keep chance matches out of a large file; texts shorter than that are not checked.
 */
const LEAK_SHINGLE = 4;
const DEFAULT_LEAK_THRESHOLD = 0.7;
const JSONL = new Set(['.jsonl', '.ndjson']);
/**
 * Reads the files: JSON Lines line by line (the strings inside each record, so escapes and keys
 * do not get in the way), a .json file as the strings it holds, anything else as text.
 * Unreadable files and broken JSON are bad input, located.
 */
function readLeakCorpus(files) {
    const corpus = new Map();
    for (const file of files) {
        const text = (0,tabular/* readText */.yR)(file, 'file to check for leakage');
        const ext = (0,external_node_path_.extname)(file).toLowerCase();
        if (JSONL.has(ext)) {
            text
                .replace(/^\uFEFF/, '')
                .split('\n')
                .forEach((raw, index) => {
                const record = (0,tabular/* parseJsonlLine */.AN)(file, raw, index + 1);
                if (record)
                    addText(corpus, strings(record.data).join('\n'), file, { line: index + 1, counting: false });
            });
        }
        else if (ext === '.json') {
            let value;
            try {
                value = JSON.parse(text.replace(/^\uFEFF/, ''));
            }
            catch (error) {
                throw new errors/* GateError */.ue('bad_input', `${file}: not valid JSON: ${error.message}`, 'fix the JSON, or give the file a .txt name to read it as text');
            }
            addText(corpus, strings(value).join('\n'), file, null);
        }
        else
            addText(corpus, text, file, { line: 1, counting: true });
    }
    return corpus;
}
/**
 * Adds a text's 4-grams with where they occur: `at` is the line of the text's first line (a
 * plain text file, counted on through its lines), the line of a whole JSON record, or null
 * when lines mean nothing (a .json file).
 */
function addText(corpus, text, file, at) {
    const tokens = [];
    const lines = [];
    text.split('\n').forEach((part, offset) => {
        for (const token of shingleTokens(part)) {
            tokens.push(token);
            lines.push(at ? at.line + (at.counting ? offset : 0) : 0);
        }
    });
    const grams = ngramHashes(tokenHashes(tokens), LEAK_SHINGLE);
    grams.forEach((gram, i) => {
        if (!corpus.has(gram))
            corpus.set(gram, { file, line: at ? lines[i] : null });
    });
}
function strings(value) {
    if (typeof value === 'string')
        return [value];
    if (Array.isArray(value))
        return value.flatMap(strings);
    if (value !== null && typeof value === 'object')
        return Object.values(value).flatMap(strings);
    return [];
}
/** Each question and ground truth that the files contain, as an error naming where. */
function leakageFindings(input, corpus, threshold) {
    if (corpus.size === 0)
        return [];
    const findings = [];
    for (const row of input.rows) {
        for (const [field, text] of [
            ['question', row.question],
            ['ground truth', row.ground_truth],
        ]) {
            if (text === null)
                continue;
            const tokens = shingleTokens(text);
            if (tokens.length < LEAK_SHINGLE)
                continue;
            const grams = new Set(ngramHashes(tokenHashes(tokens), LEAK_SHINGLE));
            let hits = 0;
            let where;
            for (const gram of grams) {
                const found = corpus.get(gram);
                if (!found)
                    continue;
                hits += 1;
                where ??= found;
            }
            const share = hits / grams.size;
            if (share < threshold || !where)
                continue;
            const at = where.line === null ? where.file : `${where.file}:${where.line}`;
            findings.push(finding(input, 'leakage', 'error', [row.id], `the ${field} of ${row.id} appears in ${at} (${Math.round(share * 100)}% of its ${LEAK_SHINGLE}-grams): ${quote(text)}; take it out of that file`));
        }
    }
    return findings;
}

;// CONCATENATED MODULE: ./src/analysis/lintSet/lint.ts
/**
 * `evalgate lint-set`: is the eval set fit to gate with? Duplicates, coverage, boundary cases,
 * ground-truth quality and leakage, each a finding located on the rows it is about.
 *
 * Levels: what makes scores wrong whatever the system does is an `error` (exact and near
 * duplicates, leakage into prompts or training data); what a person should look at is a
 * `warning` (coverage, difficulty mix, boundary kinds, ground-truth quality, and near
 * duplicates that are both marked confusable).
 */









const DEFAULT_NEAR_DUPLICATE_THRESHOLD = 0.8;
const DEFAULT_LINT_OPTIONS = {
    threshold: DEFAULT_NEAR_DUPLICATE_THRESHOLD,
    difficultyMix: DEFAULT_DIFFICULTY_MIX,
    refusalPhrases: config/* DEFAULT_REFUSAL_PHRASES */.gB,
    against: [],
    leakThreshold: DEFAULT_LEAK_THRESHOLD,
};
/**
 * Reads the eval set with the run's loader (so bad input stops here exactly as it would stop a
 * run: a located GateError, exit 2), then the --against files, then lints.
 */
function lintEvalSetFile(file, options) {
    const table = (0,tabular/* readTable */.xz)(file, 'eval set');
    const set = (0,evalSet/* evalSetFromTable */.jo)(table);
    const lineOf = new Map();
    for (const record of table.records) {
        const id = String(record.data.id ?? '')
            .normalize('NFC')
            .trim();
        if (!lineOf.has(id))
            lineOf.set(id, record.line);
    }
    const hasRelevantDocs = table.columns ? table.columns.includes('relevant_doc_ids') : table.records.some((r) => 'relevant_doc_ids' in r.data);
    const corpus = readLeakCorpus(options.against);
    const input = { file: set.file, rows: set.rows, lineOf, hasRelevantDocs };
    const summary = coverageSummary(input);
    const findings = [
        ...duplicateFindings(input, options.threshold),
        ...coverageFindings(input, summary),
        ...difficultyFindings(input, options.difficultyMix),
        ...groundTruthFindings(input, options.refusalPhrases),
        ...leakageFindings(input, corpus, options.leakThreshold),
    ];
    // errors first, then by kind in the documented order, then by row
    const order = (f) => (f.level === 'error' ? 0 : 1) * 100 + FINDING_KINDS.indexOf(f.kind);
    findings.sort((a, b) => order(a) - order(b) || (a.lines[0] ?? 0) - (b.lines[0] ?? 0));
    return { file: set.file, summary, findings };
}
function hasErrors(report) {
    return report.findings.some((f) => f.level === 'error');
}

// EXTERNAL MODULE: ./src/run/pipeline.ts + 15 modules
var pipeline = __webpack_require__(3299);
// EXTERNAL MODULE: ./src/run/resolve.ts
var resolve = __webpack_require__(4721);
// EXTERNAL MODULE: ./src/io/countOf.ts
var countOf = __webpack_require__(7262);
;// CONCATENATED MODULE: ./src/cli/lintSet.ts





/** `evalgate lint-set`: exit 0 clean (warnings allowed), 1 with an error-level finding, 2 bad input. */
function lintSetCommand({ flags, request, positionals, io }) {
    const { config } = (0,resolve.resolveRun)(request, 'cli', 'settings');
    if (positionals.length > 1)
        throw new errors/* GateError */.ue('usage', `lint-set takes one eval set, got ${positionals.length}: ${positionals.join(' ')}`, 'give the eval set once; other files go after --against');
    if (positionals.length === 1 && request.overrides.eval_set !== undefined)
        throw new errors/* GateError */.ue('usage', 'the eval set is given twice (as an argument and with --eval-set)', 'give it once');
    const file = positionals[0] ?? config.eval_set;
    if (!file)
        throw new errors/* GateError */.ue('usage', 'no eval set given', 'e.g. evalgate lint-set eval/eval_set.csv (or --eval-set FILE, or eval_set in evalgate.yml)');
    const mix = flags['difficulty-mix'] === undefined ? { mix: DEFAULT_LINT_OPTIONS.difficultyMix } : parseDifficultyMix(flags['difficulty-mix']);
    if ('error' in mix)
        throw new errors/* GateError */.ue('usage', `--difficulty-mix: ${mix.error}`, 'e.g. --difficulty-mix easy=40,medium=40,hard=20 (percentages adding up to 100)');
    const report = lintEvalSetFile(file, {
        threshold: share(flags.threshold, '--threshold', DEFAULT_LINT_OPTIONS.threshold),
        leakThreshold: share(flags['leak-threshold'], '--leak-threshold', DEFAULT_LINT_OPTIONS.leakThreshold),
        difficultyMix: mix.mix,
        refusalPhrases: config.rules.refusal_phrases,
        against: flags.against ?? [],
    });
    io.stdout(flags.json ? JSON.stringify({ findings: report.findings, summary: report.summary }, null, 2) + '\n' : describe(report));
    return hasErrors(report) ? pipeline/* EXIT */.dc.fail : pipeline/* EXIT */.dc.pass;
}
function share(value, flag, fallback) {
    if (value === undefined)
        return fallback;
    const v = value;
    if (!(v > 0 && v <= 1))
        throw new errors/* GateError */.ue('usage', `${flag} expects a number above 0 and at most 1, got ${v}`, `e.g. ${flag} ${fallback}`);
    return v;
}
/** Control characters and bidi overrides from the eval set never reach the terminal. */
function plain(text) {
    return text.replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu, ' ');
}
function describe(report) {
    const s = report.summary;
    const lines = [`evalgate lint-set: ${plain(report.file)}, ${(0,countOf/* countOf */.p)(s.rows, 'question')}`];
    const categories = Object.entries(s.categories).map(([c, v]) => `${plain(c)} ${v.n} (±${(v.half_width * 100).toFixed(1)} pp)`);
    lines.push(`  categories: ${categories.join(', ')}`);
    lines.push(`  difficulty: ${Object.entries(s.difficulties)
        .map(([d, n]) => `${plain(d)} ${n}`)
        .join(', ')}`);
    lines.push('');
    for (const f of report.findings) {
        const where = f.lines.filter((l) => l > 0);
        lines.push(`${f.level.padEnd(7)} ${f.kind.padEnd(15)} ${plain(report.file)}${where.length > 0 ? `:${where.slice(0, 5).join(',')}${where.length > 5 ? ',…' : ''}` : ''}  ${plain(f.message)}`);
    }
    const errors = report.findings.filter((f) => f.level === 'error').length;
    const warnings = report.findings.length - errors;
    lines.push(report.findings.length === 0 ? 'no findings: the set is fit to gate with' : `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`);
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
