export const id = 839;
export const ids = [839];
export const modules = {

/***/ 3839:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  pairwiseCommand: () => (/* binding */ pairwiseCommand),
  renderPairwise: () => (/* binding */ renderPairwise)
});

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./src/baseline/baseline.ts + 2 modules
var baseline = __webpack_require__(8095);
// EXTERNAL MODULE: ./src/io/errors.ts
var errors = __webpack_require__(7333);
// EXTERNAL MODULE: ./src/run/evalSet.ts + 2 modules
var evalSet = __webpack_require__(7810);
// EXTERNAL MODULE: ./src/judge/budget.ts
var budget = __webpack_require__(4550);
// EXTERNAL MODULE: ./src/metrics/judge.ts
var metrics_judge = __webpack_require__(6782);
// EXTERNAL MODULE: ./src/stats/bootstrap.ts
var bootstrap = __webpack_require__(6561);
;// CONCATENATED MODULE: ./src/stats/bradleyTerry.ts
/**
 * Bradley-Terry ranking of systems from pairwise outcomes.
 *
 * Head-to-head results are only a partial order and need not be transitive (A beats B, B beats
 * C, C beats A), so systems are not ranked by counting wins: the model P(i beats j) =
 * p_i / (p_i + p_j) is fitted by maximum likelihood and the strengths p are the ranking.
 *
 * Conventions, fixed so every report reads the same:
 * - a tie counts as half a win to each side;
 * - every pair of systems gets 0.5 pseudo-comparisons, scored as a tie (0.25 wins each). This
 *   keeps a system that never wins above 0 (the plain MLE sends it to 0 and its log to -∞),
 *   links systems that were never compared with each other, and so guarantees a unique
 *   maximum that the MM iteration converges to. It pulls strengths slightly towards equal,
 *   by less the more real comparisons there are;
 * - strengths are normalised to sum to 1, so with k systems equal strength is 1/k and a
 *   strength reads as a share: p_i / (p_i + p_j) is the modelled chance that i beats j.
 */

/** Pseudo-comparisons added to every pair, scored as a tie (see the module comment). */
const PSEUDO_COMPARISONS = 0.5;
/**
 * Strengths by the MM algorithm (Hunter 2004, "MM algorithms for generalized Bradley-Terry
 * models", eq. 3): p_i ← W_i / Σ_j n_ij / (p_i + p_j), then renormalised. Sorted strongest
 * first; equal strengths keep the order of `systems`.
 */
function bradleyTerry(systems, outcomes, options = {}) {
    const index = indexSystems(systems);
    const wins = new Float64Array(systems.length * systems.length);
    for (const outcome of outcomes)
        addOutcome(wins, systems.length, index, outcome);
    return ranked(systems, fitStrengths(wins, systems.length, options));
}
/**
 * Strengths with percentile-bootstrap intervals, resampling whole QUESTIONS with replacement
 * (every outcome of a drawn question comes along, as often as it is drawn): the questions are
 * the sample, and the outcomes of one question across pairs are not independent. Seeded, so
 * the same inputs give the same intervals. Sorted as bradleyTerry.
 */
function bradleyTerryIntervals(systems, outcomes, options = {}) {
    const { resamples = 1000, seed = 1, level = 0.95 } = options;
    if (!Number.isInteger(resamples) || resamples < 1)
        throw new RangeError(`bradleyTerryIntervals: resamples must be a positive integer, got ${resamples}`);
    if (!(level > 0 && level < 1))
        throw new RangeError(`bradleyTerryIntervals: level must be in (0, 1), got ${level}`);
    if (!Number.isInteger(seed))
        throw new RangeError(`bradleyTerryIntervals: seed must be an integer, got ${seed}`);
    const k = systems.length;
    const index = indexSystems(systems);
    // one win matrix per question, so a resample is a sum of matrices
    const byQuestion = new Map();
    for (const outcome of outcomes) {
        let matrix = byQuestion.get(outcome.question);
        if (!matrix)
            byQuestion.set(outcome.question, (matrix = new Float64Array(k * k)));
        addOutcome(matrix, k, index, outcome);
    }
    // sorted ids: the draw depends on the questions, not on the order the outcomes arrived in
    const questions = [...byQuestion.keys()].sort().map((id) => byQuestion.get(id));
    const total = new Float64Array(k * k);
    for (const matrix of questions)
        for (let c = 0; c < total.length; c++)
            total[c] += matrix[c];
    const point = fitStrengths(total, k, options);
    const draws = Array.from({ length: k }, () => new Float64Array(resamples));
    const random = (0,bootstrap/* mulberry32 */.sK)(seed);
    const resampled = new Float64Array(k * k);
    for (let r = 0; r < resamples; r++) {
        resampled.fill(0);
        for (let q = 0; q < questions.length; q++) {
            const matrix = questions[Math.floor(random() * questions.length)];
            for (let c = 0; c < resampled.length; c++)
                resampled[c] += matrix[c];
        }
        const strengths = fitStrengths(resampled, k, options);
        for (let i = 0; i < k; i++)
            draws[i][r] = strengths[i];
    }
    const alpha = (1 - level) / 2;
    const intervals = systems.map((system, i) => {
        const sorted = draws[i].sort();
        return { system, strength: point[i], low: (0,bootstrap/* sortedQuantile */.Xd)(sorted, alpha), high: (0,bootstrap/* sortedQuantile */.Xd)(sorted, 1 - alpha) };
    });
    return sortStrongestFirst(intervals);
}
function indexSystems(systems) {
    const index = new Map();
    systems.forEach((system, i) => {
        if (index.has(system))
            throw new RangeError(`bradleyTerry: system "${system}" is listed twice`);
        index.set(system, i);
    });
    return index;
}
/** wins[i*k + j] += what i earned against j in this outcome (1, or 0.5 for a tie). */
function addOutcome(wins, k, index, outcome) {
    const a = index.get(outcome.a);
    const b = index.get(outcome.b);
    if (a === undefined || b === undefined)
        throw new RangeError(`bradleyTerry: outcome names an unknown system ("${a === undefined ? outcome.a : outcome.b}")`);
    if (a === b)
        throw new RangeError(`bradleyTerry: an outcome compares "${outcome.a}" with itself`);
    if (outcome.winner === 'a')
        wins[a * k + b] += 1;
    else if (outcome.winner === 'b')
        wins[b * k + a] += 1;
    else {
        wins[a * k + b] += 0.5;
        wins[b * k + a] += 0.5;
    }
}
/** MM fit on a win matrix (pseudo-comparisons added here); strengths in `systems` order, summing to 1. */
function fitStrengths(observed, k, options) {
    const { iterations = 10_000, tolerance = 1e-12 } = options;
    if (!Number.isInteger(iterations) || iterations < 1)
        throw new RangeError(`bradleyTerry: iterations must be a positive integer, got ${iterations}`);
    const p = new Float64Array(k).fill(1 / k);
    if (k < 2)
        return p;
    const pseudoWin = PSEUDO_COMPARISONS / 2;
    const wins = new Float64Array(k);
    const games = new Float64Array(k * k);
    for (let i = 0; i < k; i++) {
        for (let j = 0; j < k; j++) {
            if (i === j)
                continue;
            wins[i] += observed[i * k + j] + pseudoWin;
            games[i * k + j] = observed[i * k + j] + observed[j * k + i] + PSEUDO_COMPARISONS;
        }
    }
    const next = new Float64Array(k);
    for (let iteration = 0; iteration < iterations; iteration++) {
        let sum = 0;
        for (let i = 0; i < k; i++) {
            let denominator = 0;
            for (let j = 0; j < k; j++)
                if (j !== i)
                    denominator += games[i * k + j] / (p[i] + p[j]);
            next[i] = wins[i] / denominator;
            sum += next[i];
        }
        let change = 0;
        for (let i = 0; i < k; i++) {
            const value = next[i] / sum;
            change = Math.max(change, Math.abs(value - p[i]) / p[i]);
            p[i] = value;
        }
        if (change < tolerance)
            break;
    }
    return p;
}
function ranked(systems, strengths) {
    return sortStrongestFirst(systems.map((system, i) => ({ system, strength: strengths[i] })));
}
/** Strongest first; strengths equal to 1e-9 keep their input order (stable sort), so float noise cannot reorder a tie. */
function sortStrongestFirst(rows) {
    return rows.sort((x, y) => (Math.abs(x.strength - y.strength) <= 1e-9 * Math.max(x.strength, y.strength) ? 0 : y.strength - x.strength));
}

// EXTERNAL MODULE: ./src/stats/proportions.ts
var proportions = __webpack_require__(2580);
;// CONCATENATED MODULE: ./src/analysis/pairwise.ts
/**
 * Versions judged head to head, question by question (seed §2.7, §3.7): every pair of
 * systems, every question, two judge calls with A and B swapped. A win counts only when both
 * orders name the same answer; anything else is a tie, and a disagreement between the two
 * orders is also counted as `inconsistent` (position bias, or a judge that cannot tell). With
 * three or more systems, head-to-head results are not transitive, so the ranking is a
 * Bradley-Terry fit, never a count of wins.
 */





const LEVEL = 0.95;
const NONE_GIVEN = '(none given)';
/** What a run will ask of the judge, checked and counted before any call: 2 × pairs × questions. */
function planPairwise(inputs, evalRows) {
    const { ids } = sharedQuestions(inputs, evalRows);
    const pairs = (inputs.length * (inputs.length - 1)) / 2;
    return { questions: ids.length, pairs, calls: 2 * pairs * ids.length };
}
/**
 * Runs every judge call concurrently (the judge's own limiter bounds how many are in flight)
 * and never throws for a judge failure: a failed call skips that question for that pair and
 * is counted in `errors`. Input problems (mismatched eval set versions, a question whose text
 * differs between the files, no shared questions) are GateErrors, found before any call.
 */
async function runPairwise(inputs, evalRows, judge, options = {}) {
    const { ids, notes, evalSetVersion } = sharedQuestions(inputs, evalRows);
    const rows = new Map((evalRows ?? []).map((row) => [row.id, row]));
    const systems = inputs.map((input) => input.name);
    const pairs = [];
    for (let i = 0; i < inputs.length; i++)
        for (let j = i + 1; j < inputs.length; j++)
            pairs.push([inputs[i], inputs[j]]);
    const results = await Promise.all(pairs.map(([a, b]) => judgePair(a, b, ids, rows, evalRows !== null, judge)));
    let ranking = null;
    if (inputs.length >= 3) {
        const outcomes = [];
        for (const pair of results) {
            for (const q of pair.questions)
                if (q.outcome !== 'error')
                    outcomes.push({ question: q.id, a: pair.a, b: pair.b, winner: q.outcome });
        }
        const resamples = options.resamples ?? 1000;
        const seed = (0,bootstrap/* seedFrom */.wX)(`pairwise:${evalSetVersion}:${systems.join('\u0000')}`);
        ranking = {
            method: 'bradley-terry',
            normalisation: 'sum-to-1',
            pseudo_comparisons_per_pair: PSEUDO_COMPARISONS,
            interval: { method: 'bootstrap over questions', resamples, level: LEVEL, seed },
            systems: bradleyTerryIntervals(systems, outcomes, { resamples, seed, level: LEVEL }),
        };
    }
    const errors = results.reduce((sum, pair) => sum + pair.errors, 0);
    if (errors > 0)
        notes.push(`${errors} question${errors === 1 ? '' : 's'} skipped because a judge call failed (see errors per pair)`);
    return {
        systems,
        eval_set_version: evalSetVersion,
        question_ids: ids,
        reference_points: evalRows ? 'eval set' : 'none',
        judge: judge.identity,
        calls: 2 * pairs.length * ids.length,
        usage: judge.usageByFamily().pairwise ?? null,
        pairs: results,
        ranking,
        notes,
    };
}
/** The questions every system answered (and the eval set holds), after checking they are the same questions. */
function sharedQuestions(inputs, evalRows) {
    if (inputs.length < 2)
        throw new errors/* GateError */.ue('usage', `pairwise needs at least two systems, got ${inputs.length}`, 'give --results twice or more');
    const names = new Set();
    for (const { name } of inputs) {
        if (names.has(name))
            throw new errors/* GateError */.ue('usage', `two systems are both named "${name}"`, 'give every system its own name with --names a,b,c');
        names.add(name);
    }
    const first = inputs[0];
    const versions = new Set(inputs.map((input) => input.results.run.eval_set_version));
    if (versions.size > 1) {
        throw new errors/* GateError */.ue('incomparable', `the systems were scored on different eval set versions (${inputs.map((input) => `${input.name}: ${input.results.run.eval_set_version}`).join(', ')})`, 'run every system on the same eval set version before comparing them head to head');
    }
    const notes = [];
    if (new Set(inputs.map((input) => input.results.run.eval_set_fingerprint)).size > 1) {
        notes.push('the eval set fingerprints differ (an edited label or reference point); the question texts were checked to be the same');
    }
    let ids = Object.keys(first.results.questions).filter((id) => inputs.every((input) => Object.hasOwn(input.results.questions, id)));
    const union = new Set(inputs.flatMap((input) => Object.keys(input.results.questions)));
    if (union.size > ids.length)
        notes.push(`${union.size - ids.length} question${union.size - ids.length === 1 ? ' is' : 's are'} missing from at least one results file and not compared`);
    if (evalRows) {
        const inSet = new Set(evalRows.map((row) => row.id));
        const outside = ids.filter((id) => !inSet.has(id));
        if (outside.length > 0)
            notes.push(`${outside.length} question${outside.length === 1 ? ' is' : 's are'} not in the eval set (${outside.slice(0, 5).join(', ')}${outside.length > 5 ? ', …' : ''}) and not compared: no reference points to judge by`);
        ids = ids.filter((id) => inSet.has(id));
    }
    ids.sort();
    if (ids.length === 0)
        throw new errors/* GateError */.ue('bad_input', 'the systems share no question to compare', 'compare results.json files written from the same eval set');
    for (const id of ids) {
        const question = first.results.questions[id].question;
        const other = inputs.find((input) => input.results.questions[id].question !== question);
        if (other) {
            throw new errors/* GateError */.ue('incomparable', `question ${id} differs between ${first.name} ("${clip(question)}") and ${other.name} ("${clip(other.results.questions[id].question)}")`, 'the same id must mean the same question; re-run both systems on the same eval set');
        }
    }
    return { ids, notes, evalSetVersion: first.results.run.eval_set_version };
}
async function judgePair(a, b, ids, rows, withEvalSet, judge) {
    const questions = await Promise.all(ids.map(async (id) => {
        const qa = a.results.questions[id];
        const row = rows.get(id);
        const shared = {
            question: qa.question,
            should_refuse: String(row?.should_refuse ?? qa.should_refuse),
            reference_points: withEvalSet && row ? referencePoints(row) : NONE_GIVEN,
        };
        const answerA = answerOf(a.results.questions[id]);
        const answerB = answerOf(b.results.questions[id]);
        const [first, second] = await Promise.all([ask(judge, { ...shared, answer_a: answerA, answer_b: answerB }), ask(judge, { ...shared, answer_a: answerB, answer_b: answerA })]);
        if (!first.ok || !second.ok) {
            const failed = [!first.ok && `A-first call: ${first.error}`, !second.ok && `B-first call: ${second.error}`].filter(Boolean).join('; ');
            return { id, first: first.ok ? first.value.winner : null, second: second.ok ? second.value.winner : null, outcome: 'error', inconsistent: false, reasons: [], error: failed };
        }
        const inFirst = first.value.winner === 'A' ? 'a' : first.value.winner === 'B' ? 'b' : 'tie';
        // the swapped call shows b as "A": map its letter back to the pair's systems
        const inSecond = second.value.winner === 'A' ? 'b' : second.value.winner === 'B' ? 'a' : 'tie';
        const agree = inFirst === inSecond;
        return { id, first: first.value.winner, second: second.value.winner, outcome: agree ? inFirst : 'tie', inconsistent: !agree, reasons: [first.value.reason, second.value.reason] };
    }));
    const count = (outcome) => questions.filter((q) => q.outcome === outcome).length;
    const wins = count('a');
    const losses = count('b');
    const decided = wins + losses;
    const interval = (0,proportions/* wilson */.rF)(wins, decided, LEVEL);
    return {
        a: a.name,
        b: b.name,
        judged: questions.length - count('error'),
        wins,
        losses,
        ties: count('tie'),
        inconsistent: questions.filter((q) => q.inconsistent).length,
        errors: count('error'),
        win_rate: interval ? { value: wins / decided, low: interval.low, high: interval.high, level: LEVEL } : null,
        questions,
    };
}
/** A judge that throws instead of returning an error (a bug, an injected test judge) costs one question, not the run. */
async function ask(judge, vars) {
    try {
        return await judge.ask('pairwise', vars);
    }
    catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error), raw: null };
    }
}
/** As the rubric shows them: numbered reference points, else the ground truth, else "(none given)". */
function referencePoints(row) {
    return row.reference_points.length > 0 ? (0,metrics_judge/* numbered */.jN)(row.reference_points, (i) => `${i}.`) : (row.ground_truth ?? NONE_GIVEN);
}
function answerOf(q) {
    if (q.errors.candidate !== undefined)
        return '(no answer: the system failed on this question)';
    return q.answer.trim() === '' ? '(empty answer)' : q.answer;
}
function clip(text) {
    return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

// EXTERNAL MODULE: ./src/run/scorers/factory.ts + 33 modules
var factory = __webpack_require__(724);
// EXTERNAL MODULE: ./src/io/countOf.ts
var countOf = __webpack_require__(7262);
;// CONCATENATED MODULE: ./src/cli/pairwise.ts









/**
 * `evalgate pairwise`: two or more results.json judged head to head by the LLM judge. It
 * informs and does not gate: the caller exits 0 whatever the outcome. `config` carries the
 * judge settings (evalgate.yml with the judge flags of `run` over it) and the eval set.
 */
async function pairwiseCommand(flags, config, deps, print) {
    const files = flags.results ?? [];
    if (files.length < 2)
        throw new errors/* GateError */.ue('usage', `pairwise needs at least two --results files, got ${files.length}`, 'e.g. evalgate pairwise --results old.json --results new.json --judge openai --judge-model gpt-4o-mini');
    const headToHead = (0,factory/* makeHeadToHeadJudge */.nn)(config, deps);
    const loaded = files.map((file) => ({ file, results: (0,baseline/* loadResults */.zV)(file) }));
    const names = systemNames(loaded, flags.names);
    const inputs = loaded.map((l, i) => ({ name: names[i], results: l.results }));
    const evalRows = config.eval_set ? (0,evalSet/* loadEvalSet */.fH)(config.eval_set).rows : null;
    // budget.calls holds while the run goes too: past it no call is made and the question counts as an error for its pair
    const judge = new budget/* BudgetedJudge */.M(headToHead.judge, config.budget);
    const plan = planPairwise(inputs, evalRows);
    const upTo = plan.calls * (1 + metrics_judge/* REPAIRS_PER_ASK */.Do);
    deps.logger.info(`pairwise: ${inputs.length} systems, ${plan.pairs} pair${plan.pairs === 1 ? '' : 's'} × ${(0,countOf/* countOf */.p)(plan.questions, 'question')} × 2 orders (A/B swapped) → up to ${upTo} judge calls (${plan.calls} if every reply is well-formed, the rest are repairs); judge ${headToHead.label}`);
    if (config.budget.calls !== undefined && plan.calls > config.budget.calls) {
        throw new errors/* GateError */.ue('budget', `pairwise needs ${plan.calls} judge calls even if every reply is well-formed, over budget.calls ${config.budget.calls}; no call was made`, 'raise budget.calls, or compare fewer systems or questions');
    }
    const report = await runPairwise(inputs, evalRows, judge);
    for (const problem of judge.problems?.() ?? [])
        deps.logger.warn(problem);
    print(flags.json ? JSON.stringify(report, null, 2) : renderPairwise(report, headToHead.label));
}
/** --names a,b,c, else each run's version label, else the file name; they must come out distinct. */
function systemNames(loaded, given) {
    if (given !== undefined) {
        const names = given.split(',').map((n) => n.trim());
        if (names.length !== loaded.length || names.some((n) => n === '')) {
            throw new errors/* GateError */.ue('usage', `--names gives ${names.filter((n) => n !== '').length} names for ${loaded.length} --results files`, 'one name per --results file, in the same order, e.g. --names old,new');
        }
        if (new Set(names).size !== names.length)
            throw new errors/* GateError */.ue('usage', `--names repeats a name (${given})`, 'give every system its own name');
        return names;
    }
    const versions = loaded.map((l) => l.results.run.version);
    if (versions.every((v) => v !== null) && new Set(versions).size === versions.length)
        return versions;
    const files = loaded.map((l) => (0,external_node_path_.basename)(l.file).replace(/\.json$/i, ''));
    if (new Set(files).size === files.length)
        return files;
    return files.map((f, i) => `${f}#${i + 1}`);
}
/** The terminal view: one row per pair, then the ranking when there are three or more systems. */
function renderPairwise(report, judgeLabel) {
    const lines = [];
    const refs = report.reference_points === 'eval set' ? 'reference points from the eval set' : 'no reference points (pass --eval-set to judge against them)';
    lines.push(`Head to head: ${report.systems.length} systems, ${(0,countOf/* countOf */.p)(report.question_ids.length, 'question')} (eval set ${report.eval_set_version}), ${refs}`);
    lines.push(`judge: ${judgeLabel}`);
    lines.push('');
    const header = ['A', 'B', 'A wins', 'B wins', 'ties', 'inconsistent', 'errors', 'A win rate [95% CI]'];
    const rows = report.pairs.map((p) => [
        p.a,
        p.b,
        String(p.wins),
        String(p.losses),
        String(p.ties),
        String(p.inconsistent),
        String(p.errors),
        p.win_rate ? `${p.win_rate.value.toFixed(2)} [${p.win_rate.low.toFixed(2)}, ${p.win_rate.high.toFixed(2)}]` : '— (no decided question)',
    ]);
    lines.push(...table([header, ...rows], [false, false, true, true, true, true, true, false]));
    lines.push('');
    lines.push('Each question is judged twice with A and B swapped: a win counts only when both orders agree;');
    lines.push('otherwise it is a tie, and "inconsistent" counts those disagreements (position bias).');
    if (report.ranking) {
        const r = report.ranking;
        lines.push('');
        lines.push(`Bradley-Terry ranking (strengths sum to 1; ${Math.round(r.interval.level * 100)}% interval: bootstrap over questions, ${r.interval.resamples} resamples)`);
        const ranked = r.systems.map((s, i) => [`${i + 1}.`, s.system, s.strength.toFixed(3), `[${s.low.toFixed(3)}, ${s.high.toFixed(3)}]`]);
        lines.push(...table(ranked, [true, false, true, false]).map((line) => `  ${line}`));
        lines.push('Overlapping intervals mean the data cannot order those systems; win counts are not a ranking.');
    }
    if (report.usage)
        lines.push('', `judge calls: ${report.calls} asked, ${report.usage.calls} made, ${report.usage.cache_hits} from cache, ${report.usage.retries} retries, ${report.usage.errors} failed`);
    for (const note of report.notes)
        lines.push(`note: ${note}`);
    return lines.join('\n');
}
function table(rows, rightAligned) {
    const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => [...row[c]].length)));
    return rows.map((row) => row
        .map((cell, c) => (rightAligned[c] ? cell.padStart(widths[c]) : cell.padEnd(widths[c])))
        .join('  ')
        .trimEnd());
}


/***/ }),

/***/ 6561:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Wx: () => (/* binding */ pairedBootstrap),
/* harmony export */   Xd: () => (/* binding */ sortedQuantile),
/* harmony export */   sK: () => (/* binding */ mulberry32),
/* harmony export */   wX: () => (/* binding */ seedFrom)
/* harmony export */ });
/* harmony import */ var _normal_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2160);
/**
 * Paired bootstrap of a metric's change between two runs over the same questions.
 *
 * Paired because both runs answer the same questions: question difficulty cancels in the
 * per-question difference, which makes the interval far narrower than comparing two means.
 * Seeded because a gate must give the same numbers when re-run on the same inputs (SPEC §3.3).
 */

/**
 * Mulberry32, a 32-bit PRNG (Tommy Ettinger's, in bryc's common JavaScript form). Chosen over
 * Math.random because it is seedable and over anything heavier because it is fast, passes
 * gjrand/PractRand well enough for resampling, and is trivial to port if a report must be
 * reproduced elsewhere. Returns floats in [0, 1) with 32 bits of randomness.
 */
function mulberry32(seed) {
    let state = seed | 0;
    return () => {
        state = (state + 0x6d2b79f5) | 0;
        let t = Math.imul(state ^ (state >>> 15), 1 | state);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}
/**
 * FNV-1a (32-bit) over the UTF-8 bytes of `text`: a stable seed from a name such as the metric
 * and eval-set version, so every metric gets its own reproducible stream without a seed table.
 * Bytes rather than UTF-16 code units so the value matches the published FNV test vectors and
 * other-language ports for non-ASCII (Chinese) names.
 */
function seedFrom(text) {
    let hash = 0x811c9dc5;
    for (const byte of new TextEncoder().encode(text)) {
        hash ^= byte;
        hash = Math.imul(hash, 0x01000193);
    }
    return hash >>> 0;
}
/** Linear-interpolation quantile (Hyndman & Fan type 7, R's default) of sorted values. */
function sortedQuantile(sorted, q) {
    const position = (sorted.length - 1) * q;
    const below = Math.floor(position);
    const lower = sorted[below] ?? 0;
    const upper = sorted[Math.min(below + 1, sorted.length - 1)] ?? lower;
    return lower + (position - below) * (upper - lower);
}
function validateOptions(resamples, level, seed, normalAbove) {
    if (!Number.isInteger(resamples) || resamples < 1)
        throw new RangeError(`pairedBootstrap: resamples must be a positive integer, got ${resamples}`);
    if (!(level > 0 && level < 1))
        throw new RangeError(`pairedBootstrap: level must be in (0, 1), got ${level}`);
    if (!Number.isInteger(seed))
        throw new RangeError(`pairedBootstrap: seed must be an integer, got ${seed}`);
    if (!(normalAbove >= 0))
        throw new RangeError(`pairedBootstrap: normalAbove must be non-negative, got ${normalAbove}`);
}
/**
 * Paired-bootstrap interval and p-value for the mean change candidate − baseline. The arrays are
 * paired by index (same question); null when they are empty or their lengths differ, since
 * there is then nothing honest to compare. Non-finite scores are a programming error (nulls
 * must be dropped pairwise by the caller) and throw.
 *
 * Interval: percentile interval of the resampled mean difference (questions resampled with
 * replacement). p: twice the smaller share of resampled means on either side of 0, counted as
 * (count + 1)/(resamples + 1) so a finite number of resamples never claims p = 0.
 *
 * When every difference is the same (up to rounding) there is no sampling variation: the
 * interval is [delta, delta], and p is 1 when delta is 0, else the smallest value the method
 * can report. Above `normalAbove` questions the bootstrap distribution is normal for all
 * practical purposes, so mean ± z·sd/√n and a normal p-value replace it (method 'normal') and
 * 10,000-question runs stay fast.
 */
function pairedBootstrap(baseline, candidate, options) {
    const resamples = options?.resamples ?? 2000;
    const level = options?.level ?? 0.95;
    const seed = options?.seed ?? 1;
    const normalAbove = options?.normalAbove ?? 5000;
    validateOptions(resamples, level, seed, normalAbove);
    const n = baseline.length;
    if (n === 0 || candidate.length !== n)
        return null;
    const differences = new Float64Array(n);
    let sum = 0;
    let smallest = Infinity;
    let largest = -Infinity;
    let largestMagnitude = 0;
    for (let i = 0; i < n; i++) {
        const d = (candidate[i] ?? NaN) - (baseline[i] ?? NaN);
        if (!Number.isFinite(d))
            throw new RangeError(`pairedBootstrap: question ${i} has a non-finite score`);
        differences[i] = d;
        sum += d;
        if (d < smallest)
            smallest = d;
        if (d > largest)
            largest = d;
        largestMagnitude = Math.max(largestMagnitude, Math.abs(d));
    }
    const delta = sum / n;
    const method = n > normalAbove ? 'normal' : 'bootstrap';
    // Rounding alone can make "all +0.1" differ in the 17th digit; that is not variation.
    const tolerance = 1e-12 * Math.max(1, largestMagnitude);
    if (largest - smallest <= tolerance) {
        const noChange = Math.abs(delta) <= tolerance;
        const smallestP = method === 'bootstrap' ? Math.min(1, 2 / (resamples + 1)) : 0;
        return { delta, low: delta, high: delta, p: noChange ? 1 : smallestP, method };
    }
    if (method === 'normal')
        return normalInterval(differences, delta, level);
    return resampledInterval(differences, delta, resamples, level, seed);
}
/** mean ± z·sd/√n and a normal p-value: the bootstrap's limit for large n. */
function normalInterval(differences, delta, level) {
    const n = differences.length;
    let squares = 0;
    for (let i = 0; i < n; i++) {
        const centered = (differences[i] ?? 0) - delta;
        squares += centered * centered;
    }
    const standardError = Math.sqrt(squares / (n - 1)) / Math.sqrt(n);
    const z = (0,_normal_js__WEBPACK_IMPORTED_MODULE_0__/* .normalQuantile */ .Z)(1 - (1 - level) / 2);
    const p = Math.min(1, 2 * (0,_normal_js__WEBPACK_IMPORTED_MODULE_0__/* .normalCdf */ .v)(-Math.abs(delta) / standardError));
    return { delta, low: delta - z * standardError, high: delta + z * standardError, p, method: 'normal' };
}
/** The percentile interval and p of `resamples` resampled mean differences. */
function resampledInterval(differences, delta, resamples, level, seed) {
    const n = differences.length;
    // The hot loop (resamples × n draws) runs mulberry32 inline on a local state: the same stream
    // as mulberry32(seed), about a quarter faster than calling the closure 10 million times.
    let state = seed | 0;
    const means = new Float64Array(resamples);
    let atOrBelowZero = 0;
    let atOrAboveZero = 0;
    for (let r = 0; r < resamples; r++) {
        let resampledSum = 0;
        for (let i = 0; i < n; i++) {
            state = (state + 0x6d2b79f5) | 0;
            let t = Math.imul(state ^ (state >>> 15), 1 | state);
            t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
            const uniform = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
            resampledSum += differences[(uniform * n) | 0];
        }
        const mean = resampledSum / n;
        means[r] = mean;
        if (mean <= 0)
            atOrBelowZero++;
        if (mean >= 0)
            atOrAboveZero++;
    }
    means.sort();
    const tail = (1 - level) / 2;
    const p = Math.min(1, (2 * (Math.min(atOrBelowZero, atOrAboveZero) + 1)) / (resamples + 1));
    return { delta, low: sortedQuantile(means, tail), high: sortedQuantile(means, 1 - tail), p, method: 'bootstrap' };
}


/***/ }),

/***/ 2160:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z: () => (/* binding */ normalQuantile),
/* harmony export */   v: () => (/* binding */ normalCdf)
/* harmony export */ });
/**
 * The standard normal distribution, to double precision.
 *
 * Sample sizes and intervals are quoted to several decimals in the report and the spec pins
 * them (z₀.₉₇₅ = 1.959964, 362.02 → 363), so a three-digit table or a crude approximation
 * would print numbers that disagree with every textbook. Both functions here are the
 * published double-precision algorithms, coefficients unchanged.
 */
// The coefficients are written exactly as published (20 significant digits) so they can be
// checked against the papers and their hash sums; the parser rounds them to the nearest double,
// which is what the authors intended.
/* eslint-disable no-loss-of-precision */
// Wichura (1988), Algorithm AS 241 (PPND16), Applied Statistics 37(3): 477–484.
// Region |p − 0.5| ≤ 0.425; hash sum 55.88319 28806 14901 4439.
const A = [
    3.387132872796366608, 1.3314166789178437745e2, 1.9715909503065514427e3, 1.3731693765509461125e4, 4.5921953931549871457e4, 6.7265770927008700853e4, 3.3430575583588128105e4, 2.5090809287301226727e3,
];
const B = [1, 4.2313330701600911252e1, 6.871870074920579083e2, 5.3941960214247511077e3, 2.1213794301586595867e4, 3.930789580009271061e4, 2.8729085735721942674e4, 5.226495278852854561e3];
// Intermediate tails, r = sqrt(−ln(min(p, 1 − p))) ≤ 5; hash sum 49.33206 50330 16102 89036.
const C = [
    1.42343711074968357734, 4.6303378461565452959, 5.7694972214606914055, 3.64784832476320460504, 1.27045825245236838258, 2.4178072517745061177e-1, 2.27238449892691845833e-2, 7.7454501427834140764e-4,
];
const D = [1, 2.05319162663775882187, 1.6763848301838038494, 6.8976733498510000455e-1, 1.4810397642748007459e-1, 1.51986665636164571966e-2, 5.475938084995344946e-4, 1.05075007164441684324e-9];
// Far tails, r > 5 (p below about 1e-11); hash sum 47.52583 31754 92896 71629.
const E = [
    6.6579046435011037772, 5.4637849111641143699, 1.7848265399172913358, 2.9656057182850489123e-1, 2.6532189526576123093e-2, 1.2426609473880784386e-3, 2.71155556874348757815e-5,
    2.01033439929228813265e-7,
];
const F = [
    1, 5.9983220655588793769e-1, 1.3692988092273580531e-1, 1.48753612908506148525e-2, 7.868691311456132591e-4, 1.8463183175100546818e-5, 1.4215117583164458887e-7, 2.04426310338993978564e-15,
];
/** Horner's rule with coefficients in ascending powers. */
function polynomial(coefficients, x) {
    let value = 0;
    for (let i = coefficients.length - 1; i >= 0; i--)
        value = value * x + (coefficients[i] ?? 0);
    return value;
}
/**
 * Inverse standard normal CDF (Wichura's AS 241, relative error about 1e-16).
 * p = 0 and p = 1 give −∞ and +∞, which are the true limits; a p outside [0, 1] (or NaN) is
 * a programming error and throws rather than leaking NaN into an interval.
 */
function normalQuantile(p) {
    if (!(p >= 0 && p <= 1))
        throw new RangeError(`normalQuantile: p must be in [0, 1], got ${p}`);
    if (p === 0)
        return -Infinity;
    if (p === 1)
        return Infinity;
    const q = p - 0.5;
    if (Math.abs(q) <= 0.425) {
        const r = 0.180625 - q * q;
        return (q * polynomial(A, r)) / polynomial(B, r);
    }
    let r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
    let x;
    if (r <= 5) {
        r -= 1.6;
        x = polynomial(C, r) / polynomial(D, r);
    }
    else {
        r -= 5;
        x = polynomial(E, r) / polynomial(F, r);
    }
    return q < 0 ? -x : x;
}
// W. J. Cody (1969, 1993), "Rational Chebyshev approximations for the error function", the
// ANORM/CALERF coefficients as used by R's pnorm; accurate to about 1e-16 relative.
const CODY_A = [2.2352520354606839287, 161.02823106855587881, 1067.6894854603709582, 18154.981253343561249, 0.065682337918207449113];
const CODY_B = [47.20258190468824187, 976.09855173777669322, 10260.932208618978205, 45507.789335026729956];
const CODY_C = [
    0.39894151208813466764, 8.8831497943883759412, 93.506656132177855979, 597.27027639480026226, 2494.5375852903726711, 6848.1904505362823326, 11602.651437647350124, 9842.7148383839780218,
    1.0765576773720192317e-8,
];
const CODY_D = [
    22.266688044328115691, 235.38790178262499861, 1519.377599407554805, 6485.558298266760755, 18615.571640885098091, 34900.952721145977266, 38912.003286093271411, 19685.429676859990727,
];
const CODY_P = [0.21589853405795699, 0.1274011611602473639, 0.022235277870649807, 0.001421619193227893466, 2.9112874951168792e-5, 0.02307344176494017303];
const CODY_Q = [1.28426009614491121, 0.468238212480865118, 0.0659881378689285515, 0.00378239633202758244, 7.29751555083966205e-5];
const ONE_OVER_SQRT_2PI = 0.398942280401432677939946059934;
const SQRT_32 = 5.656854249492380195206754896838;
/* eslint-enable no-loss-of-precision */
/**
 * exp(−y²/2) without losing digits: y² is split into a part exact in floating point and a small
 * remainder (Cody's trick), because exp(−y²/2) amplifies the rounding error of y² by y²/2.
 */
function gaussianFactor(y) {
    const coarse = Math.trunc(y * 16) / 16;
    const remainder = (y - coarse) * (y + coarse);
    return Math.exp(-coarse * coarse * 0.5) * Math.exp(-remainder * 0.5);
}
/**
 * Standard normal CDF, Φ(x), by Cody's rational approximations (relative error about 1e-16,
 * in the tails too). The upper tail is computed directly rather than as 1 − Φ, so
 * normalCdf(−x) stays accurate far below 1e-16: p-values of strong effects are not rounded to 0.
 */
function normalCdf(x) {
    if (Number.isNaN(x))
        throw new RangeError('normalCdf: x is NaN');
    const y = Math.abs(x);
    if (y <= 0.67448975) {
        // Central region: Φ(x) = 1/2 + x·R(x²), no cancellation.
        const xsq = y > 1.11e-16 ? x * x : 0;
        let numerator = CODY_A[4] * xsq;
        let denominator = xsq;
        for (let i = 0; i < 3; i++) {
            numerator = (numerator + CODY_A[i]) * xsq;
            denominator = (denominator + CODY_B[i]) * xsq;
        }
        return 0.5 + (x * (numerator + CODY_A[3])) / (denominator + CODY_B[3]);
    }
    let tail; // P(Z > |x|)
    if (y <= SQRT_32) {
        let numerator = CODY_C[8] * y;
        let denominator = y;
        for (let i = 0; i < 7; i++) {
            numerator = (numerator + CODY_C[i]) * y;
            denominator = (denominator + CODY_D[i]) * y;
        }
        tail = (gaussianFactor(y) * (numerator + CODY_C[7])) / (denominator + CODY_D[7]);
    }
    else if (y < 38.5) {
        // Asymptotic region; beyond 38.5 the tail is below the smallest double.
        const xsq = 1 / (x * x);
        let numerator = CODY_P[5] * xsq;
        let denominator = xsq;
        for (let i = 0; i < 4; i++) {
            numerator = (numerator + CODY_P[i]) * xsq;
            denominator = (denominator + CODY_Q[i]) * xsq;
        }
        const ratio = (xsq * (numerator + CODY_P[4])) / (denominator + CODY_Q[4]);
        tail = (gaussianFactor(y) * (ONE_OVER_SQRT_2PI - ratio)) / y;
    }
    else {
        tail = 0;
    }
    return x > 0 ? 1 - tail : tail;
}


/***/ }),

/***/ 2580:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   VT: () => (/* binding */ sampleSizeTwoProportions),
/* harmony export */   WA: () => (/* binding */ wilsonHalfWidth),
/* harmony export */   _Q: () => (/* binding */ halfWidth),
/* harmony export */   nv: () => (/* binding */ minimumDetectableEffect),
/* harmony export */   q4: () => (/* binding */ sampleSizeOneProportion),
/* harmony export */   rF: () => (/* binding */ wilson)
/* harmony export */ });
/* harmony import */ var _normal_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2160);
/**
 * Proportions: how precisely a pass rate is known, and how many questions an eval set needs.
 *
 * These numbers are what the report uses to say noise out loud ("50 questions ≈ ±14 pp") and
 * what the README's sizing advice is computed from, so they follow the textbook formulas
 * exactly, with exact normal quantiles.
 */

function assertProbability(name, value, { open }) {
    const ok = open ? value > 0 && value < 1 : value >= 0 && value <= 1;
    if (!ok)
        throw new RangeError(`${name} must be in ${open ? '(0, 1)' : '[0, 1]'}, got ${value}`);
}
/** z such that a two-sided interval at `level` is ±z standard errors. */
function twoSidedZ(level) {
    assertProbability('level', level, { open: true });
    return (0,_normal_js__WEBPACK_IMPORTED_MODULE_0__/* .normalQuantile */ .Z)(1 - (1 - level) / 2);
}
/** The z-sum (z₁₋α/₂ + z_power) shared by every power calculation here. */
function powerZ(options) {
    const alpha = options?.alpha ?? 0.05;
    const power = options?.power ?? 0.8;
    assertProbability('alpha', alpha, { open: true });
    assertProbability('power', power, { open: true });
    return (0,_normal_js__WEBPACK_IMPORTED_MODULE_0__/* .normalQuantile */ .Z)(1 - alpha / 2) + (0,_normal_js__WEBPACK_IMPORTED_MODULE_0__/* .normalQuantile */ .Z)(power);
}
/**
 * Round a sample size up, except when it is an integer up to floating-point noise: 90.5 → 91
 * and 90.000000001 → 91 (still short of 91 questions' worth of precision), but a formula that
 * lands on 90 exactly and computes 90.00000000000001 must not demand a 91st question.
 * The tolerance is relative (1e-12), so it stays below any real fractional part.
 */
function roundUpSampleSize(exact) {
    const nearest = Math.round(exact);
    if (Math.abs(exact - nearest) <= 1e-12 * Math.max(1, exact))
        return Math.max(1, nearest);
    return Math.max(1, Math.ceil(exact));
}
/**
 * Wilson score interval for a pass rate (no continuity correction). Unlike the normal
 * "p ± z·se" interval it never leaves [0, 1] and does not collapse to a point at 0/n or n/n,
 * which is exactly where small eval sets live. Null when there are no trials.
 */
function wilson(successes, n, level = 0.95) {
    if (!Number.isInteger(n) || n < 0)
        throw new RangeError(`wilson: n must be a non-negative integer, got ${n}`);
    if (!Number.isInteger(successes) || successes < 0 || successes > n) {
        throw new RangeError(`wilson: successes must be an integer in [0, ${n}], got ${successes}`);
    }
    const z = twoSidedZ(level);
    if (n === 0)
        return null;
    const phat = successes / n;
    const z2 = z * z;
    const denominator = 1 + z2 / n;
    const center = (phat + z2 / (2 * n)) / denominator;
    const half = (z * Math.sqrt((phat * (1 - phat)) / n + z2 / (4 * n * n))) / denominator;
    // The bounds are exactly 0 and 1 at the extremes; force them so rounding cannot leave −1e-17.
    const low = successes === 0 ? 0 : Math.max(0, center - half);
    const high = successes === n ? 1 : Math.min(1, center + half);
    return { low, high, center };
}
/**
 * Half the width of the Wilson interval of a pass rate p observed on n trials (p = 0.5, the
 * widest, when no rate is known yet): how precisely n questions can pin a rate down. Unlike
 * wilson() it takes a rate, not a count, so it answers "how many questions are enough" before
 * any are scored. At n = 8 it is 0.2848; it first drops below 0.10 at n = 93.
 */
function wilsonHalfWidth(n, p = 0.5, level = 0.95) {
    if (!Number.isInteger(n) || n < 1)
        throw new RangeError(`wilsonHalfWidth: n must be a positive integer, got ${n}`);
    assertProbability('p', p, { open: false });
    const z = twoSidedZ(level);
    const z2 = z * z;
    return (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
}
/**
 * Normal-approximation half-width of a proportion's interval, z·sqrt(p(1 − p)/n). It is the
 * planning number (p = 0.5 is the worst case): at n = 50 it is 0.1386, the "±14 pp" the report
 * quotes. n must be at least 1; there is no finite answer for an empty set.
 */
function halfWidth(n, p = 0.5, level = 0.95) {
    if (!(n >= 1))
        throw new RangeError(`halfWidth: n must be at least 1, got ${n}`);
    assertProbability('p', p, { open: false });
    return twoSidedZ(level) * Math.sqrt((p * (1 - p)) / n);
}
/**
 * Questions needed to estimate a pass rate near p to within ±d: z²·p(1 − p)/d². With p = 0.62,
 * d = 0.05 this is 362.02 → 363 (the seed's "≈362" rounded to nearest, which falls short).
 */
function sampleSizeOneProportion(p, d, level = 0.95) {
    assertProbability('p', p, { open: false });
    if (!(d > 0 && d <= 1))
        throw new RangeError(`sampleSizeOneProportion: d must be in (0, 1], got ${d}`);
    const z = twoSidedZ(level);
    const exact = (z * z * p * (1 - p)) / (d * d);
    return { n: roundUpSampleSize(exact), n_exact: exact };
}
/**
 * Questions per group to detect a change from p1 to p2 between two independent runs at the
 * given alpha and power: (z₁₋α/₂ + z_power)²·[p1(1 − p1) + p2(1 − p2)]/(p1 − p2)².
 * 0.62 vs 0.52 needs 380.8 → 381 per group. Equal rates need infinitely many and throw.
 */
function sampleSizeTwoProportions(p1, p2, options) {
    assertProbability('p1', p1, { open: false });
    assertProbability('p2', p2, { open: false });
    if (p1 === p2)
        throw new RangeError('sampleSizeTwoProportions: p1 and p2 must differ; no sample detects a zero difference');
    const z = powerZ(options);
    const exact = (z * z * (p1 * (1 - p1) + p2 * (1 - p2))) / ((p1 - p2) * (p1 - p2));
    return { n: roundUpSampleSize(exact), n_exact: exact };
}
/**
 * The smallest true difference two independent runs of n questions each (base rate p) detect
 * with the given power: (z₁₋α/₂ + z_power)·sqrt(2p(1 − p)/n). It answers "could this eval set
 * have seen that regression at all?"; n = 50, p = 0.5 gives 0.2802. n must be at least 1.
 */
function minimumDetectableEffect(n, p = 0.5, options) {
    if (!(n >= 1))
        throw new RangeError(`minimumDetectableEffect: n must be at least 1, got ${n}`);
    assertProbability('p', p, { open: false });
    return powerZ(options) * Math.sqrt((2 * p * (1 - p)) / n);
}


/***/ })

};
