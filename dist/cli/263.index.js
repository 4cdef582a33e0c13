export const id = 263;
export const ids = [263];
export const modules = {

/***/ 3263:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  agreementCommand: () => (/* binding */ agreementCommand)
});

// EXTERNAL MODULE: ./src/io/errors.ts
var errors = __webpack_require__(7333);
// EXTERNAL MODULE: ./src/io/tabular.ts + 1 modules
var tabular = __webpack_require__(6575);
// EXTERNAL MODULE: ./src/stats/agreement.ts
var agreement = __webpack_require__(8055);
;// CONCATENATED MODULE: ./src/analysis/agreement.ts
/**
 * `evalgate agreement`: do independent annotators give the same nominal label (difficulty,
 * category, should_refuse) to the same questions? Seed 003 1.1 ⑤: difficulty labelled by three
 * colleagues, checked with Fleiss' kappa, disagreements discussed. Two raters also get Cohen's
 * kappa, PABAK and raw agreement (and the quadratic weighted kappa when the labels are integers).
 */



/** One rater's labels; every row needs an id and a non-empty label, and an id appears once. */
function readRaterFile(file, column) {
    const table = (0,tabular/* readTable */.xz)(file, 'ratings file');
    (0,tabular/* requireColumns */.fe)(table, ['id', column], `each ratings file needs an id column and a "${column}" column (or pass --column with the label's column)`);
    const labels = new Map();
    for (const record of table.records) {
        const id = cell(record.data.id);
        if (id === '')
            throw new errors/* GateError */.ue('bad_input', `${(0,errors/* locate */.x5)(file, record.line, 'id')}: empty id`, 'every row needs the id of the question it labels');
        const label = cell(record.data[column]);
        if (label === '')
            throw new errors/* GateError */.ue('bad_input', `${(0,errors/* locate */.x5)(file, record.line, column)}: no label for "${id}"`, 'every rater labels every question: fill in the label, or remove the question from every file');
        const earlier = labels.get(id);
        if (earlier)
            throw new errors/* GateError */.ue('bad_input', `${(0,errors/* locate */.x5)(file, record.line, 'id')}: "${id}" is labelled twice (first on line ${earlier.line})`, 'one label per question and rater');
        labels.set(id, { label, line: record.line });
    }
    if (labels.size === 0)
        throw new errors/* GateError */.ue('bad_input', `${file}: no rows`, 'one row per question: id and label');
    return { file, labels };
}
function cell(value) {
    return value === null || value === undefined ? '' : String(value).normalize('NFC').trim();
}
/** Every file must label the same questions: a question one file lacks is bad input, located in the file that has it. */
function agreement_agreement(raters) {
    if (raters.length < 2)
        throw new errors/* GateError */.ue('usage', `agreement needs at least two raters, got ${raters.length}`, 'e.g. evalgate agreement --raters a.csv b.csv c.csv --column difficulty');
    const ids = [...raters[0].labels.keys()];
    for (const rater of raters) {
        for (const other of raters) {
            for (const [id, { line }] of other.labels) {
                if (!rater.labels.has(id))
                    throw new errors/* GateError */.ue('bad_input', `${rater.file}: no row for "${id}" (${(0,errors/* locate */.x5)(other.file, line)} has one)`, 'every rater labels the same questions: add the row, or remove the question from every file');
            }
        }
    }
    const labels = ids.map((id) => raters.map((r) => r.labels.get(id).label));
    const { categories, counts } = (0,agreement/* categoryCounts */.FM)(labels);
    const f = (0,agreement/* fleiss */.R1)(counts);
    const disagreeing = ids.map((id, i) => ({ id, labels: labels[i] })).filter((d) => new Set(d.labels).size > 1);
    const report = {
        fleiss_kappa: f.kappa,
        items: ids.length,
        raters: raters.length,
        categories,
        observed_agreement: f.observed,
        chance_agreement: f.chance,
        disagreements: disagreeing.slice(0, 20),
        disagreement_count: disagreeing.length,
    };
    if (raters.length === 2)
        Object.assign(report, twoRaters(labels, categories));
    return report;
}
function twoRaters(labels, categories) {
    const index = new Map(categories.map((c, i) => [c, i]));
    const a = labels.map((l) => index.get(l[0]));
    const b = labels.map((l) => index.get(l[1]));
    const integers = categories.every((c) => /^-?\d+$/.test(c));
    let weighted = null;
    if (integers && categories.length > 1) {
        const values = categories.map(Number);
        const [min, max] = [Math.min(...values), Math.max(...values)];
        weighted = (0,agreement/* quadraticWeightedKappa */.x9)(labels.map((l) => Number(l[0])), labels.map((l) => Number(l[1])), min, max);
    }
    return {
        cohen_kappa: (0,agreement/* cohenKappa */.rX)(a, b),
        ...(integers ? { weighted_kappa: weighted } : {}),
        exact_agreement: (0,agreement/* exactAgreement */.yu)(a, b),
        pabak: categories.length >= 2 ? (0,agreement/* pabak */.WO)(a, b, categories.length) : null,
    };
}

// EXTERNAL MODULE: ./src/run/pipeline.ts + 15 modules
var pipeline = __webpack_require__(3299);
// EXTERNAL MODULE: ./src/io/countOf.ts
var countOf = __webpack_require__(7262);
;// CONCATENATED MODULE: ./src/cli/agreement.ts




/** `evalgate agreement --raters a.csv b.csv c.csv --column difficulty`: informs, never gates (exit 0 unless the input is wrong). */
function agreementCommand({ flags, io }) {
    const files = flags.raters ?? [];
    if (files.length < 2)
        throw new errors/* GateError */.ue('usage', `agreement needs two or more rater files, got ${files.length}`, 'e.g. evalgate agreement --raters a.csv b.csv c.csv --column difficulty');
    const column = flags.column;
    const report = agreement_agreement(files.map((f) => readRaterFile(f, column)));
    io.stdout(flags.json ? JSON.stringify(report, null, 2) + '\n' : describe(report, column, files));
    return pipeline/* EXIT */.dc.pass;
}
function describe(r, column, files) {
    const f = (v) => (v === null || v === undefined ? '— (undefined: every label the same)' : v.toFixed(3));
    const plain = (t) => t.replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu, ' ');
    const lines = [
        `"${plain(column)}" labelled by ${r.raters} raters on ${(0,countOf/* countOf */.p)(r.items, 'question')}; labels: ${r.categories.map(plain).join(', ')}`,
        `Fleiss' kappa    ${f(r.fleiss_kappa)}   (usual bar > 0.60)`,
        `agreement        ${(r.observed_agreement * 100).toFixed(1)}% of rater pairs per question, ${(r.chance_agreement * 100).toFixed(1)}% expected by chance`,
    ];
    if (r.raters === 2) {
        lines.push(`Cohen's kappa    ${f(r.cohen_kappa)}`);
        if (r.weighted_kappa !== undefined)
            lines.push(`weighted kappa   ${f(r.weighted_kappa)}   (quadratic: the labels are integers)`);
        lines.push(`exact agreement  ${r.exact_agreement === null || r.exact_agreement === undefined ? '—' : `${(r.exact_agreement * 100).toFixed(1)}%`}`);
        lines.push(`PABAK            ${f(r.pabak)}   (k = ${r.categories.length} labels)`);
    }
    if (r.disagreement_count > 0) {
        lines.push('', `${(0,countOf/* countOf */.p)(r.disagreement_count, 'question')} not labelled alike (discuss and settle them):`);
        for (const d of r.disagreements)
            lines.push(`  ${plain(d.id)}: ${d.labels.map((l, i) => `${plain(l)} (${plain(files[i])})`).join(', ')}`);
        if (r.disagreement_count > r.disagreements.length)
            lines.push(`  … and ${r.disagreement_count - r.disagreements.length} more`);
    }
    return lines.join('\n') + '\n';
}


/***/ })

};
