export const id = 170;
export const ids = [170];
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

/***/ 8170:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  trendCommand: () => (/* binding */ trendCommand)
});

// EXTERNAL MODULE: ./src/baseline/history.ts
var baseline_history = __webpack_require__(2199);
// EXTERNAL MODULE: ./src/io/errors.ts
var errors = __webpack_require__(7333);
// EXTERNAL MODULE: ./src/io/safeWrite.ts
var safeWrite = __webpack_require__(5804);
// EXTERNAL MODULE: ./src/io/tabular.ts + 1 modules
var tabular = __webpack_require__(6575);
// EXTERNAL MODULE: ./src/metrics/registry.ts
var registry = __webpack_require__(1118);
;// CONCATENATED MODULE: ./src/report/svgScale.ts
/** 0–1 in steps of 0.2 for scores; a "nice" range with 5–6 ticks otherwise (latency_ms). */
function yScale(values, unit) {
    const lo = Math.min(...values);
    const hi = Math.max(...values);
    if (unit === 'score' && lo >= 0 && hi <= 1) {
        return { min: 0, max: 1, ticks: [0, 0.2, 0.4, 0.6, 0.8, 1], format: (v, precise) => (precise ? String(round(v, 3)) : v.toFixed(1)) };
    }
    // a little headroom, so the lowest and highest points do not sit on the frame
    const pad = (hi - lo) * 0.05;
    const { min, max, step } = niceRange(lo >= 0 ? Math.max(0, lo - pad) : lo - pad, hi + pad);
    const ticks = [];
    for (let t = min; t <= max + step / 2; t += step)
        ticks.push(round(t, 10));
    const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
    const suffix = unit === 'ms' ? ' ms' : '';
    return {
        min,
        max,
        ticks,
        format: (v, precise) => (precise ? `${unit === 'ms' ? groupThousands(String(round(v, v >= 100 ? 0 : 1))) : String(round(v, 3))}${suffix}` : groupThousands(v.toFixed(decimals))),
    };
}
/** The smallest step of 1, 2, 2.5 or 5 × 10^k whose range around [lo, hi] has at most 6 ticks, widened to at least 5. */
function niceRange(lo, hi) {
    if (hi - lo < 1e-12) {
        // one value (or all equal): a small range around it
        const pad = lo === 0 ? 1 : Math.abs(lo) * 0.1;
        lo -= pad;
        hi += pad;
    }
    const raw = (hi - lo) / 5;
    const magnitude = 10 ** Math.floor(Math.log10(raw));
    for (const factor of [1, 2, 2.5, 5, 10, 20]) {
        const step = factor * magnitude;
        let min = Math.floor(lo / step + 1e-9) * step;
        let max = Math.ceil(hi / step - 1e-9) * step;
        // a latency axis has no business going below zero
        if (min < 0 && lo >= 0)
            min = 0;
        if (Math.round((max - min) / step) + 1 > 6)
            continue;
        while (Math.round((max - min) / step) + 1 < 5) {
            if (min - step >= 0 || lo < 0)
                min -= step;
            else
                max += step;
        }
        return { min: round(min, 10), max: round(max, 10), step };
    }
    /* c8 ignore next: a factor of 20 always fits */
    return { min: lo, max: hi, step: (hi - lo) / 5 };
}
function groupThousands(text) {
    const [int, frac] = text.split('.');
    const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return frac === undefined ? grouped : `${grouped}.${frac}`;
}
function ordinal(k) {
    return k === 2 ? '2nd' : k === 3 ? '3rd' : `${k}th`;
}
function round(value, digits) {
    return Number(value.toFixed(digits));
}
/** A coordinate: two decimals at most, no "-0". */
function n(value) {
    const rounded = Math.round(value * 100) / 100;
    return String(rounded === 0 ? 0 : rounded);
}
/** At most `max` characters (code points), the last one an ellipsis when cut. */
function truncate(text, max) {
    const chars = [...text];
    return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}
/**
 * At most `max` characters with the ellipsis inside: versions share their start
 * ("release-candidate-…") and differ at the end, so the end is kept.
 */
function truncateMiddle(text, max) {
    const chars = [...text];
    if (chars.length <= max)
        return text;
    const head = Math.floor((max - 1) / 3);
    return `${chars.slice(0, head).join('')}…${chars.slice(chars.length - (max - 1 - head)).join('')}`;
}
/**
 * Text and attribute values: the five XML entities, and no character XML 1.0 forbids (a
 * control character in a version label would make the whole file unreadable).
 */
function escapeXml(text) {
    return (text
        // eslint-disable-next-line no-control-regex
        .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
        .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&apos;'));
}

;// CONCATENATED MODULE: ./src/report/svg.ts



const FONT = 'Helvetica, Arial, sans-serif';
const LABEL_SIZE = 11;
/** average advance of a character at LABEL_SIZE: enough to decide when labels collide */
const CHAR_WIDTH = 6.4;
const MAX_LABEL_CHARS = 14;
const ROTATION = 35;
/** one colour per eval set version, in order of appearance: a new eval set is visibly a new line */
const PALETTE = ['#2563eb', '#7c3aed', '#0d9488', '#c2410c', '#be185d', '#4d7c0f'];
const THRESHOLD_COLOUR = '#dc2626';
function trendSvg(rows, options) {
    const width = Math.max(320, options.width ?? 800);
    const height = Math.max(240, options.height ?? 420);
    const metric = options.metric;
    // NaN never reaches a coordinate
    const points = (0,baseline_history/* chronological */.Ju)(rows, metric).filter((r) => Number.isFinite(r.value));
    // a bold 16px character is about 9.5px wide: a long title is cut rather than clipped by the frame
    const title = truncate(options.title ?? `${metric} by version`, Math.floor((width - 24) / 9.5));
    if (points.length === 0)
        return emptyChart(width, height, title, `no history for ${metric}`);
    const threshold = options.threshold !== undefined && options.threshold !== null && Number.isFinite(options.threshold) ? options.threshold : null;
    const unit = (0,registry/* metricInfo */.R)(metric)?.unit ?? (points.every((p) => p.value >= 0 && p.value <= 1) ? 'score' : 'ms');
    const scale = yScale(points.map((p) => p.value).concat(threshold === null ? [] : [threshold]), unit);
    const chart = layout(points, width, height, scale, threshold);
    const out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}" role="img">`,
        `<title>${escapeXml(title)}</title>`,
        `<rect class="background" x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`,
        `<text class="chart-title" x="${n(width / 2)}" y="28" text-anchor="middle" font-size="16" font-weight="bold" fill="#111827">${escapeXml(title)}</text>`,
        ...yAxis(chart, metric, unit),
        ...xAxis(chart),
        ...thresholdLine(chart),
        ...evalSetMarks(chart),
        ...series(chart),
        '</svg>',
    ];
    return `${out.join('\n')}\n`;
}
function layout(points, width, height, scale, threshold) {
    // x layout: equal slots, one per point; labels rotate when they do not fit side by side
    const labels = points.map((p) => truncateMiddle(p.version, MAX_LABEL_CHARS));
    const longest = Math.max(...labels.map((l) => [...l].length)) * CHAR_WIDTH;
    // the threshold is labelled in the right margin, where it can never cover a point
    const thresholdLabel = threshold === null ? null : scale.format(threshold, true);
    const right = thresholdLabel === null ? 24 : 16 + Math.max('threshold'.length, thresholdLabel.length) * CHAR_WIDTH;
    let left = 72;
    let slot = (width - left - right) / points.length;
    const rotated = longest > slot - 6;
    const rotatedDrop = rotated ? longest * Math.sin((ROTATION * Math.PI) / 180) : 0;
    const rotatedReach = rotated ? longest * Math.cos((ROTATION * Math.PI) / 180) : 0;
    if (rotated && rotatedReach - slot / 2 + 8 > left) {
        // the first rotated label reaches left past the y axis: make room for it
        left = Math.ceil(rotatedReach - slot / 2 + 8);
        slot = (width - left - right) / points.length;
    }
    // rotated labels need about a line height between their baselines to stay legible
    const every = rotated ? Math.max(1, Math.ceil((LABEL_SIZE * 1.7) / slot)) : 1;
    const bottom = (rotated ? 28 + rotatedDrop : 24 + LABEL_SIZE) + 22;
    const plotRight = width - right;
    const xAt = (i) => left + slot * (i + 0.5);
    const segments = segmentsOf(points);
    const evalSetLabels = placeEvalSetLabels(segments, xAt, slot, plotRight);
    // a second row of eval set labels needs room above the plot
    const top = evalSetLabels.some((l) => l.row === 1) ? 72 : 56;
    const plotBottom = height - bottom;
    const plotHeight = plotBottom - top;
    const yAt = (v) => plotBottom - ((v - scale.min) / (scale.max - scale.min)) * plotHeight;
    return { points, scale, threshold, thresholdLabel, labels, height, left, top, plotRight, plotBottom, plotHeight, slot, rotated, every, segments, evalSetLabels, xAt, yAt };
}
/** y axis: gridlines, ticks, labels, title. */
function yAxis(c, metric, unit) {
    const out = ['<g class="y-axis">'];
    for (const tick of c.scale.ticks) {
        const y = n(c.yAt(tick));
        out.push(`<line class="grid" x1="${n(c.left)}" y1="${y}" x2="${n(c.plotRight)}" y2="${y}" stroke="#e5e7eb" stroke-width="1"/>`, `<line x1="${n(c.left - 5)}" y1="${y}" x2="${n(c.left)}" y2="${y}" stroke="#6b7280" stroke-width="1"/>`, `<text x="${n(c.left - 8)}" y="${n(c.yAt(tick) + 4)}" text-anchor="end" font-size="${LABEL_SIZE}" fill="#374151">${escapeXml(c.scale.format(tick))}</text>`);
    }
    out.push(`<line x1="${n(c.left)}" y1="${n(c.top)}" x2="${n(c.left)}" y2="${n(c.plotBottom)}" stroke="#6b7280" stroke-width="1"/>`, `<text class="axis-title" transform="translate(16 ${n(c.top + c.plotHeight / 2)}) rotate(-90)" text-anchor="middle" font-size="12" fill="#111827">${escapeXml(truncate(unit === 'ms' && !/ms\b/.test(metric) ? `${metric} (ms)` : metric, Math.floor(c.plotHeight / 7)))}</text>`, '</g>');
    return out;
}
/** x axis: one tick per point, a label per point (every k-th when crowded), title. */
function xAxis(c) {
    const out = ['<g class="x-axis">', `<line x1="${n(c.left)}" y1="${n(c.plotBottom)}" x2="${n(c.plotRight)}" y2="${n(c.plotBottom)}" stroke="#6b7280" stroke-width="1"/>`];
    c.points.forEach((_, i) => {
        const x = n(c.xAt(i));
        out.push(`<line x1="${x}" y1="${n(c.plotBottom)}" x2="${x}" y2="${n(c.plotBottom + 5)}" stroke="#6b7280" stroke-width="1"/>`);
        // counted back from the newest point, which is always labelled
        if ((c.points.length - 1 - i) % c.every !== 0)
            return;
        const label = escapeXml(c.labels[i]);
        if (c.rotated) {
            const y = n(c.plotBottom + 16);
            out.push(`<text x="${x}" y="${y}" transform="rotate(-${ROTATION} ${x} ${y})" text-anchor="end" font-size="${LABEL_SIZE}" fill="#374151">${label}</text>`);
        }
        else {
            out.push(`<text x="${x}" y="${n(c.plotBottom + 20)}" text-anchor="middle" font-size="${LABEL_SIZE}" fill="#374151">${label}</text>`);
        }
    });
    const xTitle = c.every > 1 ? `version (every ${ordinal(c.every)} labelled)` : 'version';
    out.push(`<text class="axis-title" x="${n(c.left + (c.plotRight - c.left) / 2)}" y="${n(c.height - 12)}" text-anchor="middle" font-size="12" fill="#111827">${xTitle}</text>`, '</g>');
    return out;
}
/** The threshold: a red dashed line across the plot, labelled on two lines in the right margin. */
function thresholdLine(c) {
    if (c.threshold === null || c.thresholdLabel === null)
        return [];
    const y = c.yAt(c.threshold);
    return [
        `<g class="threshold">`,
        `<line class="threshold" x1="${n(c.left)}" y1="${n(y)}" x2="${n(c.plotRight)}" y2="${n(y)}" stroke="${THRESHOLD_COLOUR}" stroke-width="1.5" stroke-dasharray="6 4"/>`,
        `<text x="${n(c.plotRight + 6)}" y="${n(y - 3)}" font-size="${LABEL_SIZE}" fill="${THRESHOLD_COLOUR}">threshold</text>`,
        `<text x="${n(c.plotRight + 6)}" y="${n(y + 11)}" font-size="${LABEL_SIZE}" fill="${THRESHOLD_COLOUR}">${escapeXml(c.thresholdLabel)}</text>`,
        '</g>',
    ];
}
function evalSetMarks(c) {
    const out = ['<g class="eval-sets">'];
    for (const label of c.evalSetLabels) {
        const y = c.top - 6 - label.row * 15;
        if (label.markerX !== null) {
            const mx = n(label.markerX);
            out.push(`<line class="eval-set-change" x1="${mx}" y1="${n(y - 9)}" x2="${mx}" y2="${n(c.plotBottom)}" stroke="#6b7280" stroke-width="1" stroke-dasharray="4 3"/>`);
        }
        out.push(`<text class="eval-set-label" x="${n(label.x)}" y="${n(y)}" font-size="${LABEL_SIZE}" fill="${label.colour}">${escapeXml(label.text)}</text>`);
    }
    out.push('</g>');
    return out;
}
/** One polyline per eval set segment and a point with a tooltip per version. */
function series(c) {
    const out = ['<g class="series">'];
    for (const s of c.segments) {
        const coords = [];
        for (let i = s.start; i <= s.end; i++)
            coords.push(`${n(c.xAt(i))},${n(c.yAt(c.points[i].value))}`);
        out.push(`<polyline class="line" data-eval-set="${escapeXml(s.evalSet)}" points="${coords.join(' ')}" fill="none" stroke="${s.colour}" stroke-width="2" stroke-linejoin="round"/>`);
    }
    const radius = c.slot < 10 ? 2.5 : 3.5;
    c.points.forEach((p, i) => {
        const colour = c.segments.find((s) => i >= s.start && i <= s.end).colour;
        const tooltip = escapeXml(`${p.version} · ${p.date} · ${c.scale.format(p.value, true)}`);
        out.push(`<circle class="point" cx="${n(c.xAt(i))}" cy="${n(c.yAt(p.value))}" r="${radius}" fill="#ffffff" stroke="${colour}" stroke-width="2"><title>${tooltip}</title></circle>`);
    });
    out.push('</g>');
    return out;
}
/** One segment per run of consecutive points on the same eval set version; one colour per version. */
function segmentsOf(points) {
    const segments = [];
    const colourOf = new Map();
    points.forEach((p, i) => {
        if (!colourOf.has(p.eval_set_version))
            colourOf.set(p.eval_set_version, PALETTE[colourOf.size % PALETTE.length]);
        const last = segments.at(-1);
        if (last && last.evalSet === p.eval_set_version)
            last.end = i;
        else
            segments.push({ start: i, end: i, colour: colourOf.get(p.eval_set_version), evalSet: p.eval_set_version });
    });
    return segments;
}
/** "eval set v2" beside each marker, on a second row when it would run into the previous label, never past the end of the plot (the threshold label lives in the margin). */
function placeEvalSetLabels(segments, xAt, slot, limit) {
    const rowEnds = [-Infinity, -Infinity];
    return segments.map((segment, index) => {
        const markerX = index === 0 ? null : xAt(segment.start) - slot / 2;
        let x = (markerX ?? xAt(0) - slot / 2) + 4;
        const room = Math.floor((limit - x) / CHAR_WIDTH);
        const text = `eval set ${truncate(segment.evalSet, Math.max(4, Math.min(24, room - 9)))}`;
        const textWidth = [...text].length * CHAR_WIDTH;
        // near the right edge the label moves left of its marker rather than off the canvas
        x = Math.min(x, limit - textWidth);
        const free = rowEnds.findIndex((end) => end + 8 <= x);
        const row = (free === -1 ? (rowEnds[0] <= rowEnds[1] ? 0 : 1) : free);
        rowEnds[row] = x + textWidth;
        return { text, x, row, colour: segment.colour, markerX };
    });
}
function emptyChart(width, height, title, message) {
    return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}" role="img">`,
        `<title>${escapeXml(title)}</title>`,
        `<rect class="background" x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`,
        `<text class="chart-title" x="${n(width / 2)}" y="28" text-anchor="middle" font-size="16" font-weight="bold" fill="#111827">${escapeXml(title)}</text>`,
        `<text class="message" x="${n(width / 2)}" y="${n(height / 2)}" text-anchor="middle" font-size="14" fill="#6b7280">${escapeXml(message)}</text>`,
        '</svg>',
        '',
    ].join('\n');
}

// EXTERNAL MODULE: ./src/run/pipeline.ts + 15 modules
var pipeline = __webpack_require__(3299);
;// CONCATENATED MODULE: ./src/cli/trend.ts






/** `evalgate trend`: one metric's history as an SVG line chart. */
function trendCommand({ flags, io }) {
    const f = flags;
    if (!f.history || !f.metric || !f.out)
        throw new errors/* GateError */.ue('usage', 'trend needs --history FILE, --metric M and --out FILE', 'e.g. evalgate trend --history history.csv --metric rules_pass --out trend.svg');
    const rows = (0,baseline_history/* parseHistoryCsv */.gr)((0,tabular/* readText */.yR)(f.history, 'history file'), f.history);
    const points = rows.filter((r) => r.metric === f.metric).length;
    if (points === 0)
        throw new errors/* GateError */.ue('bad_input', `${f.history}: no rows for metric ${f.metric}`, `metrics in the file: ${[...new Set(rows.map((r) => r.metric))].join(', ') || '(none)'}`);
    const svg = trendSvg(rows, { metric: f.metric, threshold: f.threshold ?? null, ...(f.title ? { title: f.title } : {}) });
    (0,safeWrite/* writeFileSafely */.k)(f.out, svg);
    io.stdout(`wrote ${f.out}: ${f.metric}, ${points} runs\n`);
    return pipeline/* EXIT */.dc.pass;
}


/***/ })

};
