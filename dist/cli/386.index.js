export const id = 386;
export const ids = [386];
export const modules = {

/***/ 8055:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CN: () => (/* binding */ spearman),
/* harmony export */   FM: () => (/* binding */ categoryCounts),
/* harmony export */   IV: () => (/* binding */ agreementWithin),
/* harmony export */   R1: () => (/* binding */ fleiss),
/* harmony export */   WO: () => (/* binding */ pabak),
/* harmony export */   nc: () => (/* binding */ pearson),
/* harmony export */   no: () => (/* binding */ fisherZInterval),
/* harmony export */   rX: () => (/* binding */ cohenKappa),
/* harmony export */   x9: () => (/* binding */ quadraticWeightedKappa),
/* harmony export */   yu: () => (/* binding */ exactAgreement)
/* harmony export */ });
/* unused harmony exports averageRanks, fleissKappa */
/* harmony import */ var _normal_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2160);
/**
 * Agreement between the LLM judge and human raters on the 0-4 rubric.
 *
 * A judge is only worth gating on if it ranks and scores answers the way people do. Which
 * statistic answers that depends on the question asked, so several are offered: correlation
 * (does it rank the same?), kappa (does it agree beyond chance?), and plain agreement rates
 * (how often is it exactly or nearly right?).
 *
 * Conventions: paired arrays of unequal length are a programming error and throw; empty input
 * or a statistic that is undefined for the data (a constant rater, no variation to agree on)
 * gives null, never NaN and never a misleading 0 or 1.
 */

function assertFinite(name, values) {
    for (const [i, value] of values.entries()) {
        if (!Number.isFinite(value))
            throw new RangeError(`${name}[${i}] must be a finite number, got ${value}`);
    }
}
function assertPaired(a, b) {
    if (a.length !== b.length)
        throw new Error(`paired scores must have equal lengths, got ${a.length} and ${b.length}`);
    assertFinite('a', a);
    assertFinite('b', b);
}
/**
 * 1-based ranks with ties sharing the average of the ranks they span ([10, 20, 20, 30] →
 * [1, 2.5, 2.5, 4]). On a five-point rubric almost every score is tied, and giving ties
 * arbitrary distinct ranks would make the correlation depend on input order.
 */
function averageRanks(x) {
    assertFinite('x', x);
    const order = x.map((_, index) => index).sort((i, j) => (x[i] ?? 0) - (x[j] ?? 0));
    const ranks = new Array(x.length);
    let start = 0;
    while (start < order.length) {
        let end = start;
        while (end + 1 < order.length && x[order[end + 1] ?? 0] === x[order[start] ?? 0])
            end++;
        const rank = (start + end) / 2 + 1; // average of 1-based ranks start+1 … end+1
        for (let k = start; k <= end; k++)
            ranks[order[k] ?? 0] = rank;
        start = end + 1;
    }
    return ranks;
}
/**
 * Pearson correlation. Null when there are fewer than two pairs or either side is constant:
 * the correlation is then 0/0, and reporting 0 would claim "no relationship" where there is
 * simply no variation to relate.
 */
function pearson(x, y) {
    assertPaired(x, y);
    const n = x.length;
    if (n < 2)
        return null;
    let meanX = 0;
    let meanY = 0;
    for (let i = 0; i < n; i++) {
        meanX += x[i] ?? 0;
        meanY += y[i] ?? 0;
    }
    meanX /= n;
    meanY /= n;
    // Two passes (centre, then multiply) rather than the one-pass Σxy − n·x̄ȳ, which cancels badly.
    let sxy = 0;
    let sxx = 0;
    let syy = 0;
    for (let i = 0; i < n; i++) {
        const dx = (x[i] ?? 0) - meanX;
        const dy = (y[i] ?? 0) - meanY;
        sxy += dx * dy;
        sxx += dx * dx;
        syy += dy * dy;
    }
    if (sxx === 0 || syy === 0)
        return null;
    // Rounding can push a perfect correlation to 1.0000000000000002; keep it a correlation.
    return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}
/** Spearman's rho as the Pearson correlation of average ranks (correct with ties, unlike 1 − 6Σd²/…). */
function spearman(x, y) {
    assertPaired(x, y);
    return pearson(averageRanks(x), averageRanks(y));
}
/**
 * Confidence interval for a correlation via Fisher's z = atanh(r), whose sampling distribution is
 * close to normal with standard error 1/√(n − 3); the interval is mapped back with tanh, so it is
 * asymmetric and stays inside [−1, 1]. Null for n ≤ 3 (no standard error); a perfect |r| = 1
 * has no sampling variation under this model and gives the point interval [r, r].
 */
function fisherZInterval(r, n, level = 0.95) {
    if (!(r >= -1 && r <= 1))
        throw new RangeError(`fisherZInterval: r must be in [-1, 1], got ${r}`);
    if (!(level > 0 && level < 1))
        throw new RangeError(`fisherZInterval: level must be in (0, 1), got ${level}`);
    if (Number.isNaN(n))
        throw new RangeError('fisherZInterval: n is NaN');
    if (n <= 3)
        return null;
    if (Math.abs(r) === 1)
        return { low: r, high: r };
    const z = Math.atanh(r);
    const margin = (0,_normal_js__WEBPACK_IMPORTED_MODULE_0__/* .normalQuantile */ .Z)(1 - (1 - level) / 2) / Math.sqrt(n - 3);
    return { low: Math.tanh(z - margin), high: Math.tanh(z + margin) };
}
/**
 * Cohen's kappa (unweighted): agreement beyond what the two raters' own label frequencies would
 * produce by chance. Computed from integer counts, (n·agree − Σ rowᵢ·colᵢ)/(n² − Σ rowᵢ·colᵢ),
 * so textbook tables give their textbook value exactly. Null when empty or when chance
 * agreement is already 1 (both raters always give the same single label): κ is 0/0 there.
 *
 * `categories`, when given, is the set of allowed labels and a label outside it throws.
 * Unweighted κ does not depend on labels nobody used, so it changes nothing else.
 */
function cohenKappa(a, b, categories) {
    assertPaired(a, b);
    if (categories !== undefined) {
        const allowed = new Set(categories);
        for (const value of [...a, ...b]) {
            if (!allowed.has(value))
                throw new RangeError(`cohenKappa: label ${value} is not one of the categories [${categories.join(', ')}]`);
        }
    }
    const n = a.length;
    if (n === 0)
        return null;
    const rowCounts = new Map();
    const columnCounts = new Map();
    let agree = 0;
    for (let i = 0; i < n; i++) {
        const left = a[i] ?? 0;
        const right = b[i] ?? 0;
        if (left === right)
            agree++;
        rowCounts.set(left, (rowCounts.get(left) ?? 0) + 1);
        columnCounts.set(right, (columnCounts.get(right) ?? 0) + 1);
    }
    let chance = 0; // n² × expected agreement
    for (const [label, count] of rowCounts)
        chance += count * (columnCounts.get(label) ?? 0);
    const denominator = n * n - chance;
    if (denominator === 0)
        return null;
    return (n * agree - chance) / denominator;
}
/**
 * Quadratically weighted kappa for ordinal scores: disagreeing by two rubric steps costs four
 * times as much as by one. The weights (i − j)²/(k − 1)² use the label values over the FULL
 * min..max range, so a score nobody used still counts as a step between its neighbours:
 * building the matrix from only the observed labels would make 1 → 3 look like a one-step
 * disagreement whenever no 2 occurs. Null when empty or when the chance-expected weighted
 * disagreement is 0 (all scores on one label): there is nothing to agree beyond chance.
 */
function quadraticWeightedKappa(a, b, min = 0, max = 4) {
    assertPaired(a, b);
    if (!Number.isInteger(min) || !Number.isInteger(max) || max <= min) {
        throw new RangeError(`quadraticWeightedKappa: need integer labels with min < max, got ${min}..${max}`);
    }
    for (const value of [...a, ...b]) {
        if (!Number.isInteger(value) || value < min || value > max) {
            throw new RangeError(`quadraticWeightedKappa: scores must be integers in ${min}..${max}, got ${value}`);
        }
    }
    const n = a.length;
    if (n === 0)
        return null;
    const k = max - min + 1;
    const rows = new Array(k).fill(0);
    const columns = new Array(k).fill(0);
    let observed = 0; // Σ wᵢⱼ·Oᵢⱼ, unnormalised
    for (let i = 0; i < n; i++) {
        const left = (a[i] ?? 0) - min;
        const right = (b[i] ?? 0) - min;
        rows[left] = (rows[left] ?? 0) + 1;
        columns[right] = (columns[right] ?? 0) + 1;
        observed += (left - right) * (left - right);
    }
    let expected = 0; // Σ wᵢⱼ·rowᵢ·colⱼ, i.e. n² × chance weighted disagreement
    for (let i = 0; i < k; i++) {
        for (let j = 0; j < k; j++)
            expected += (i - j) * (i - j) * (rows[i] ?? 0) * (columns[j] ?? 0);
    }
    if (expected === 0)
        return null;
    // The (k − 1)² normalisation of the weights cancels in the ratio; it matters only for display.
    return 1 - (n * observed) / expected;
}
/** Share of pairs with identical scores. Null when empty. */
function exactAgreement(a, b) {
    assertPaired(a, b);
    if (a.length === 0)
        return null;
    let same = 0;
    for (let i = 0; i < a.length; i++)
        if (a[i] === b[i])
            same++;
    return same / a.length;
}
/**
 * Share of pairs whose scores differ by at most `tolerance` (default one rubric step). A hair of
 * slack (1e-9) keeps normalised scores such as 0.75 vs 0.5 from failing a 0.25 tolerance on
 * rounding. Null when empty.
 */
function agreementWithin(a, b, tolerance = 1) {
    assertPaired(a, b);
    if (!(tolerance >= 0))
        throw new RangeError(`agreementWithin: tolerance must be non-negative, got ${tolerance}`);
    if (a.length === 0)
        return null;
    let within = 0;
    for (let i = 0; i < a.length; i++)
        if (Math.abs((a[i] ?? 0) - (b[i] ?? 0)) <= tolerance + 1e-9)
            within++;
    return within / a.length;
}
/**
 * Prevalence- and bias-adjusted kappa, (k·p_o − 1)/(k − 1) with k the number of scale points
 * (5 for 0-4). Cohen's κ collapses when nearly every answer gets the same score (the "kappa
 * paradox"); PABAK rescales raw agreement against the uniform chance rate 1/k instead, so it
 * stays interpretable on skewed rubrics. Null when empty.
 */
function pabak(a, b, k = 5) {
    if (!Number.isInteger(k) || k < 2)
        throw new RangeError(`pabak: k must be an integer of at least 2, got ${k}`);
    const observed = exactAgreement(a, b);
    if (observed === null)
        return null;
    return (k * observed - 1) / (k - 1);
}
/**
 * Fleiss' kappa: agreement beyond chance among a fixed number of raters (two or more) who each
 * put every item in one nominal category. `counts[i][j]` is how many raters put item i in
 * category j; every row must sum to the same number of raters n ≥ 2. With P̄ the mean pairwise
 * agreement per item and P_e = Σ p_j² the chance agreement from the category shares,
 * κ = (P̄ − P_e)/(1 − P_e) (Fleiss 1971). Null when there are no items, or when every rating is
 * the same category (P_e = 1: nothing to agree on beyond chance).
 */
function fleissKappa(counts) {
    return fleiss(counts)?.kappa ?? null;
}
/** Fleiss' kappa with its parts: P̄ (`observed`, mean agreement per item) and P_e (`chance`). Null without items. */
function fleiss(counts) {
    const items = counts.length;
    if (items === 0)
        return null;
    const k = counts[0].length;
    const raters = counts[0].reduce((a, b) => a + b, 0);
    if (raters < 2)
        throw new RangeError(`fleissKappa: every item needs at least 2 ratings, got ${raters}`);
    const totals = new Array(k).fill(0);
    let agreement = 0;
    for (const [i, row] of counts.entries()) {
        if (row.length !== k)
            throw new RangeError(`fleissKappa: item ${i} has ${row.length} categories, expected ${k}`);
        let sum = 0;
        let squares = 0;
        for (const [j, c] of row.entries()) {
            if (!Number.isInteger(c) || c < 0)
                throw new RangeError(`fleissKappa: counts must be non-negative integers, got ${c} at item ${i}`);
            sum += c;
            squares += c * c;
            totals[j] = totals[j] + c;
        }
        if (sum !== raters)
            throw new RangeError(`fleissKappa: item ${i} has ${sum} ratings, expected ${raters} like the first item`);
        agreement += (squares - raters) / (raters * (raters - 1));
    }
    const observed = agreement / items;
    const chance = totals.reduce((acc, t) => acc + (t / (items * raters)) ** 2, 0);
    return { kappa: chance >= 1 - 1e-12 ? null : (observed - chance) / (1 - chance), observed, chance };
}
/** The items × categories count table Fleiss' kappa takes, from labels (`labels[i][r]` = rater r's label for item i). */
function categoryCounts(labels) {
    const categories = [...new Set(labels.flat())].sort();
    const index = new Map(categories.map((c, j) => [c, j]));
    const counts = labels.map((row) => {
        const counts = new Array(categories.length).fill(0);
        for (const label of row)
            counts[index.get(label)] += 1;
        return counts;
    });
    return { categories, counts };
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
