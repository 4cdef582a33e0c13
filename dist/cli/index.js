import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 1501:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   G: () => (/* binding */ DEFAULT_BASELINE_PATH)
/* harmony export */ });
/** Where `evalgate baseline`, the Action's baseline mode and a run's fix command put the baseline by default. */
const DEFAULT_BASELINE_PATH = 'baselines/baseline.json';


/***/ }),

/***/ 2827:
/***/ ((module, __unused_webpack___webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony import */ var _main_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(1410);

const color = process.stdout.isTTY === true && !process.env.NO_COLOR;
process.exitCode = await (0,_main_js__WEBPACK_IMPORTED_MODULE_0__/* .main */ .i)(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    color: color || process.env.FORCE_COLOR === '1',
});

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 1410:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  i: () => (/* binding */ main)
});

;// CONCATENATED MODULE: ./package.json
const package_namespaceObject = {"rE":"0.1.0"};
// EXTERNAL MODULE: ./src/io/errors.ts
var errors = __nccwpck_require__(7333);
// EXTERNAL MODULE: ./src/io/visible.ts
var visible = __nccwpck_require__(8906);
// EXTERNAL MODULE: ./src/run/commands.ts
var commands = __nccwpck_require__(2739);
// EXTERNAL MODULE: ./src/run/exit.ts
var exit = __nccwpck_require__(517);
// EXTERNAL MODULE: ./src/baseline/defaultPath.ts
var defaultPath = __nccwpck_require__(1501);
;// CONCATENATED MODULE: ./src/cli/mainHelp.ts
// Kept apart from help.ts (each command's help, built from the option table): \`evalgate --help\`
// and an unknown command print this and load nothing else.

/** The text of `evalgate --help`. */
const MAIN_HELP = `evalgate: a quality gate for RAG / LLM question answering

Usage: evalgate <command> [options]

Commands:
  run        score a candidate on an eval set; compare with a baseline when given
  compare    compare a results.json with a baseline (or with another results.json)
  baseline   write ${defaultPath/* DEFAULT_BASELINE_PATH */.G} from a results.json, with the gate settings that gated it
  merge      join the results of the shards of one run (then compare, or --baseline)
  trend      draw a metric's history (history.csv) as an SVG line chart
  power      sample size for a difference you want to detect, or the MDE of your eval set
  calibrate  the judge's scores against human scores (Spearman, weighted kappa, agreement)
  calibrate-noise
             score the same answers several times and propose max_drop from the judge's variance
  pairwise   two or more results.json judged head to head by the LLM judge, A/B swapped;
             a Bradley-Terry ranking for three or more
  lint-set   is the eval set fit to gate with: duplicates, coverage, boundary cases,
             ground-truth quality, leakage into prompts or training data
  agreement  Fleiss' kappa of three or more annotators on a label (Cohen's kappa for two)
  check-rules
             each rule's precision and recall against human verdicts on answers

Run "evalgate <command> --help" for the options of a command; "evalgate --version" prints the version.
Exit codes: 0 gate passed (or nothing to compare), 1 gate failed, 2 not gated (an incomparable baseline,
a subset run: --only / --failing-from) or bad input / usage.`;

;// CONCATENATED MODULE: ./src/cli/main.ts






/**
 * The CLI: argv in, exit code out. Never calls process.exit, so tests run it in-process.
 * Everything it prints goes through terminalSafe: secrets redacted, control characters shown.
 * --help, --version and an unknown command load nothing more; a command loads the option
 * table, then only its own module (runners.ts), so start-up does not grow with the commands.
 */
async function main(argv, terminal) {
    const io = { ...terminal, stdout: (text) => terminal.stdout((0,visible/* terminalSafe */.kJ)(text, terminal.color)), stderr: (text) => terminal.stderr((0,visible/* terminalSafe */.kJ)(text)) };
    const [command, ...rest] = argv;
    if (!command || command === '--help' || command === '-h' || command === 'help') {
        io.stdout(MAIN_HELP + '\n');
        return command ? exit/* EXIT */.d.pass : exit/* EXIT */.d.usage;
    }
    if (command === '--version' || command === '-v' || command === 'version') {
        io.stdout(`evalgate ${package_namespaceObject.rE}\n`);
        return exit/* EXIT */.d.pass;
    }
    if (!commands/* COMMANDS */.L.includes(command)) {
        io.stderr(`evalgate: unknown command "${command}"\n\n${MAIN_HELP}\n`);
        return exit/* EXIT */.d.usage;
    }
    try {
        const { parseCommandLine } = await Promise.all(/* import() */[__nccwpck_require__.e(311), __nccwpck_require__.e(175), __nccwpck_require__.e(815), __nccwpck_require__.e(95), __nccwpck_require__.e(490), __nccwpck_require__.e(775), __nccwpck_require__.e(386), __nccwpck_require__.e(299), __nccwpck_require__.e(192), __nccwpck_require__.e(21)]).then(__nccwpck_require__.bind(__nccwpck_require__, 7021));
        const ctx = parseCommandLine(command, rest, io);
        if (ctx.flags.help) {
            const { helpFor } = await Promise.all(/* import() */[__nccwpck_require__.e(311), __nccwpck_require__.e(175), __nccwpck_require__.e(815), __nccwpck_require__.e(95), __nccwpck_require__.e(490), __nccwpck_require__.e(775), __nccwpck_require__.e(386), __nccwpck_require__.e(299), __nccwpck_require__.e(192), __nccwpck_require__.e(911)]).then(__nccwpck_require__.bind(__nccwpck_require__, 7911));
            io.stdout(helpFor(command) + '\n');
            return exit/* EXIT */.d.pass;
        }
        const { RUNNERS } = await __nccwpck_require__.e(/* import() */ 293).then(__nccwpck_require__.bind(__nccwpck_require__, 8293));
        return await RUNNERS[command](ctx);
    }
    catch (error) {
        if (error instanceof errors/* GateError */.ue || isParseArgsError(error)) {
            const message = error instanceof errors/* GateError */.ue ? (0,errors/* formatError */.Wk)(error) : `${error.message}\n  fix: see "evalgate ${command} --help"`;
            io.stderr(`evalgate ${command}: ${message}\n`);
            return exit/* EXIT */.d.usage;
        }
        io.stderr(`evalgate ${command}: internal error: ${(0,errors/* formatError */.Wk)(error)}\n`);
        return exit/* EXIT */.d.usage;
    }
}
function isParseArgsError(error) {
    return error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS');
}


/***/ }),

/***/ 7333:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Wk: () => (/* binding */ formatError),
/* harmony export */   Zw: () => (/* binding */ Problems),
/* harmony export */   sZ: () => (/* binding */ jsonErrorLocation),
/* harmony export */   ue: () => (/* binding */ GateError),
/* harmony export */   x5: () => (/* binding */ locate)
/* harmony export */ });
/* unused harmony export MAX_SHOWN_PROBLEMS */
class GateError extends Error {
    code;
    hint;
    constructor(code, message, hint) {
        super(message);
        this.name = 'GateError';
        this.code = code;
        this.hint = hint;
    }
}
/** `file:line: column "x": problem`, the form every input error takes. */
function locate(file, line, column) {
    let where = file;
    if (line !== undefined)
        where += `:${line}`;
    if (column !== undefined)
        where += `: column "${column}"`;
    return where;
}
function formatError(error) {
    if (error instanceof GateError) {
        return error.hint ? `${error.message}\n  fix: ${error.hint}` : error.message;
    }
    if (error instanceof Error)
        return error.stack ?? error.message;
    return String(error);
}
/** `:line:column` of a JSON.parse error, from the "position N" V8 puts in its message. */
function jsonErrorLocation(text, error) {
    const position = /position (\d+)/.exec(String(error?.message ?? ''));
    const offset = position ? Number(position[1]) : /Unexpected end of JSON input/.test(String(error?.message)) ? text.length : null;
    if (offset === null)
        return '';
    const before = text.slice(0, offset).split('\n');
    return `:${before.length}:${(before.at(-1)?.length ?? 0) + 1}`;
}
/** A bad file shows this many of its problems; the rest are counted. */
const MAX_SHOWN_PROBLEMS = 20;
/**
 * Every problem of one input, collected so the user fixes them in one pass instead of one
 * per run. The first problem reads exactly as it would alone; the others follow, each with
 * its own fix where that differs from the first one's.
 */
class Problems {
    items = [];
    total = 0;
    add(message, hint) {
        this.total += 1;
        if (this.items.length < MAX_SHOWN_PROBLEMS)
            this.items.push({ message, hint });
    }
    get count() {
        return this.total;
    }
    /** Throws one GateError listing them all, when there are any. */
    throwIfAny(code) {
        const [first, ...rest] = this.items;
        if (!first)
            return;
        const lines = [first.message];
        for (const p of rest)
            lines.push(`${p.message}${p.hint && p.hint !== first.hint ? ` (fix: ${p.hint})` : ''}`);
        if (this.total > this.items.length)
            lines.push(`… and ${this.total - this.items.length} more (${this.total} problems in all)`);
        throw new GateError(code, lines.join('\n'), first.hint);
    }
    /** For a parse that is known to have failed: throws, whatever was added. */
    fail(code) {
        this.throwIfAny(code);
        throw new Error('a failed parse reported no problem');
    }
}


/***/ }),

/***/ 8075:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   E$: () => (/* binding */ redact),
/* harmony export */   cl: () => (/* binding */ registerSecret),
/* harmony export */   d6: () => (/* binding */ StreamRedactor),
/* harmony export */   fp: () => (/* binding */ redactSecrets)
/* harmony export */ });
/* unused harmony exports MIN_SECRET_CHARS, clearSecrets */
/**
 * The one redactor. Every secret evalgate knows (the judge key, the HTTP candidate's `${ENV}`
 * header values, the GitHub token, every value the Action masks with setSecret) is registered
 * here by whoever learns it, and every way out (the terminal and the Action's log, annotations,
 * every file through the safe writer, the job summary, the PR comment) passes its text through
 * `redactSecrets`. Process-wide on purpose: a sink cannot forget a secret that a layer above it
 * learnt, and GitHub masks its log only, never a comment body or a file.
 */
/** Shorter values are not masked: hiding every "ab" would garble the output and protect nothing. */
const MIN_SECRET_CHARS = 4;
/** What one character of a secret may have become once escaped: a Markdown / JSON backslash, an HTML entity. */
const PUNCTUATION = /[!-/:-@[-`{-~]/;
/** Room for the longest escaped form of one character (`\&#x10FFFF;`). */
const ESCAPED_CHAR_MAX = 12;
const registry = new Set();
let compiled = null;
/** Remembers a secret (and each line of a multi-line one); empty and very short values are ignored. */
function registerSecret(value) {
    if (!value)
        return;
    const parts = [value, ...value.split(/\r?\n/).map((line) => line.trim())];
    for (const part of parts) {
        if (part.length < MIN_SECRET_CHARS || registry.has(part))
            continue;
        registry.add(part);
        compiled = null;
    }
}
/** For tests: forget every secret. */
function clearSecrets() {
    registry.clear();
    compiled = null;
}
/** Every occurrence of a registered secret becomes `***`, raw or as Markdown, JSON or HTML escaped it. */
function redactSecrets(text) {
    const c = compile();
    return c === null ? text : text.replace(c.pattern, '***');
}
/** Every occurrence of one of `secrets` becomes `***` (for a message made before the secrets are registered). */
function redact(text, secrets) {
    const pattern = patternOf(secrets);
    return pattern === null ? text : text.replace(pattern, '***');
}
/**
 * Redacts text that arrives in pieces (a file written chunk by chunk): a secret cut in two by a
 * chunk boundary is still found, because the end of each piece that could be the start of a
 * secret is held back until the next piece (or `end`).
 */
class StreamRedactor {
    carry = '';
    push(chunk) {
        const c = compile();
        const text = this.carry + chunk;
        if (c === null) {
            this.carry = '';
            return text;
        }
        let cut = Math.max(0, text.length - c.maxMatch);
        for (const match of text.matchAll(c.pattern)) {
            const end = match.index + match[0].length;
            if (match.index < cut && end > cut)
                cut = end;
        }
        // never between the two halves of a surrogate pair: each piece is written as UTF-8 on its own
        if (cut > 0 && cut < text.length && /[\uD800-\uDBFF]/.test(text[cut - 1]))
            cut -= 1;
        this.carry = text.slice(cut);
        return text.slice(0, cut).replace(c.pattern, '***');
    }
    end() {
        const rest = redactSecrets(this.carry);
        this.carry = '';
        return rest;
    }
}
function compile() {
    if (compiled === null && registry.size > 0) {
        const longest = Math.max(...[...registry].map((s) => s.length));
        compiled = { pattern: patternOf([...registry]), maxMatch: longest * ESCAPED_CHAR_MAX };
    }
    return compiled;
}
/** Longest first, so a secret that contains another is hidden whole. */
function patternOf(secrets) {
    const kept = [...new Set(secrets)].filter((s) => s.length > 0).sort((a, b) => b.length - a.length);
    if (kept.length === 0)
        return null;
    return new RegExp(kept.map(tolerant).join('|'), 'gu');
}
/** A secret's characters in order; each punctuation character may appear backslash-escaped or as an entity. */
function tolerant(secret) {
    return [...secret].map((ch) => (PUNCTUATION.test(ch) ? `\\\\?(?:${escapeRegExp(ch)}|&#\\d+;|&#x[0-9a-fA-F]+;|&[a-zA-Z]+;)` : escapeRegExp(ch))).join('');
}
function escapeRegExp(text) {
    return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}


/***/ }),

/***/ 8906:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   jQ: () => (/* binding */ showInvisible),
/* harmony export */   kJ: () => (/* binding */ terminalSafe)
/* harmony export */ });
/* unused harmony exports visibleCode, neutraliseWorkflowCommands */
/* harmony import */ var _redact_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(8075);

/**
 * Characters that do something other than show themselves: C0 and C1 controls (ESC starts
 * the ANSI / OSC sequences that recolour, retitle or hyperlink a terminal), DEL, and the
 * invisible ones that reorder or hide text (bidi overrides and isolates U+202A–U+202E,
 * U+2066–U+2069; zero-width U+200B–U+200D, U+2060, U+FEFF; soft hyphen, line separators).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this module's job
const INVISIBLE = /[\u0000-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B-\u200F\u2028-\u202E\u2060-\u206F\uFEFF\uFFF9-\uFFFB]/g;
/** An SGR sequence (colour, bold), the only escape sequence evalgate itself writes to a terminal. */
// eslint-disable-next-line no-control-regex -- ESC [ … m, the one sequence evalgate writes itself
const SGR = /\u001b\[[0-9;]*m/;
/** `\x1b`, `\u202e`: the character's code, as text anyone can read and nobody's terminal obeys. */
function visibleCode(ch) {
    const code = ch.codePointAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}
/** Every control or invisible character as its visible code; `keep` lists characters left as they are (e.g. "\n\t"). */
function showInvisible(text, keep = '') {
    return text.replace(INVISIBLE, (ch) => (keep.includes(ch) ? ch : visibleCode(ch)));
}
/**
 * A line the Actions runner would read as a workflow command: `::name::` at its start (after
 * blanks, which the runner skips) or the older `##[name]` anywhere in it. The first character
 * of each is shown as its code, so the text still reads but commands nothing.
 */
function neutraliseWorkflowCommands(text) {
    return text
        .split('\n')
        .map((line) => line.replace(/^(\s*):(?=:)/, '$1\\x3a').replace(/##\[/g, '\\x23#['))
        .join('\n');
}
/**
 * What evalgate writes to a terminal or to the Actions log, as the last step: secrets
 * redacted, control and invisible characters shown as codes (line breaks and tabs kept, and
 * with `color` the SGR colour codes evalgate's own renderer wrote), and no line that the
 * runner would take as a workflow command.
 */
function terminalSafe(text, color = false) {
    const shown = (0,_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redactSecrets */ .fp)(text).replace(new RegExp(`(${SGR.source})|${INVISIBLE.source}`, 'g'), (ch, sgr) => sgr !== undefined ? (color ? sgr : showInvisible(sgr)) : ch === '\n' || ch === '\t' ? ch : visibleCode(ch));
    return neutraliseWorkflowCommands(shown);
}


/***/ }),

/***/ 2739:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   L: () => (/* binding */ COMMANDS)
/* harmony export */ });
/**
 * The CLI's commands, in a module of their own: \`evalgate --help\` and an unknown command need
 * the names and nothing else, so they start without loading the option table's schemas.
 */
const COMMANDS = ['run', 'compare', 'baseline', 'merge', 'trend', 'power', 'calibrate-noise', 'calibrate', 'pairwise', 'lint-set', 'agreement', 'check-rules'];


/***/ }),

/***/ 517:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   d: () => (/* binding */ EXIT)
/* harmony export */ });
/** The exit codes of the CLI (the Action's check status follows the same verdicts). */
const EXIT = { pass: 0, fail: 1, usage: 2 };


/***/ }),

/***/ 181:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("buffer");

/***/ }),

/***/ 1421:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:child_process");

/***/ }),

/***/ 7598:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");

/***/ }),

/***/ 8474:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:events");

/***/ }),

/***/ 3024:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");

/***/ }),

/***/ 6760:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");

/***/ }),

/***/ 481:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:readline");

/***/ }),

/***/ 7075:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream");

/***/ }),

/***/ 7975:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");

/***/ }),

/***/ 932:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("process");

/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId](module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/******/ // expose the modules object (__webpack_modules__)
/******/ __nccwpck_require__.m = __webpack_modules__;
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/async module */
/******/ (() => {
/******/ 	var webpackQueues = typeof Symbol === "function" ? Symbol("webpack queues") : "__webpack_queues__";
/******/ 	var webpackExports = typeof Symbol === "function" ? Symbol("webpack exports") : "__webpack_exports__";
/******/ 	var webpackError = typeof Symbol === "function" ? Symbol("webpack error") : "__webpack_error__";
/******/ 	var resolveQueue = (queue) => {
/******/ 		if(queue && queue.d < 1) {
/******/ 			queue.d = 1;
/******/ 			queue.forEach((fn) => (fn.r--));
/******/ 			queue.forEach((fn) => (fn.r-- ? fn.r++ : fn()));
/******/ 		}
/******/ 	}
/******/ 	var wrapDeps = (deps) => (deps.map((dep) => {
/******/ 		if(dep !== null && typeof dep === "object") {
/******/ 			if(dep[webpackQueues]) return dep;
/******/ 			if(dep.then) {
/******/ 				var queue = [];
/******/ 				queue.d = 0;
/******/ 				dep.then((r) => {
/******/ 					obj[webpackExports] = r;
/******/ 					resolveQueue(queue);
/******/ 				}, (e) => {
/******/ 					obj[webpackError] = e;
/******/ 					resolveQueue(queue);
/******/ 				});
/******/ 				var obj = {};
/******/ 				obj[webpackQueues] = (fn) => (fn(queue));
/******/ 				return obj;
/******/ 			}
/******/ 		}
/******/ 		var ret = {};
/******/ 		ret[webpackQueues] = x => {};
/******/ 		ret[webpackExports] = dep;
/******/ 		return ret;
/******/ 	}));
/******/ 	__nccwpck_require__.a = (module, body, hasAwait) => {
/******/ 		var queue;
/******/ 		hasAwait && ((queue = []).d = -1);
/******/ 		var depQueues = new Set();
/******/ 		var exports = module.exports;
/******/ 		var currentDeps;
/******/ 		var outerResolve;
/******/ 		var reject;
/******/ 		var promise = new Promise((resolve, rej) => {
/******/ 			reject = rej;
/******/ 			outerResolve = resolve;
/******/ 		});
/******/ 		promise[webpackExports] = exports;
/******/ 		promise[webpackQueues] = (fn) => (queue && fn(queue), depQueues.forEach(fn), promise["catch"](x => {}));
/******/ 		module.exports = promise;
/******/ 		body((deps) => {
/******/ 			currentDeps = wrapDeps(deps);
/******/ 			var fn;
/******/ 			var getResult = () => (currentDeps.map((d) => {
/******/ 				if(d[webpackError]) throw d[webpackError];
/******/ 				return d[webpackExports];
/******/ 			}))
/******/ 			var promise = new Promise((resolve) => {
/******/ 				fn = () => (resolve(getResult));
/******/ 				fn.r = 0;
/******/ 				var fnQueue = (q) => (q !== queue && !depQueues.has(q) && (depQueues.add(q), q && !q.d && (fn.r++, q.push(fn))));
/******/ 				currentDeps.map((dep) => (dep[webpackQueues](fnQueue)));
/******/ 			});
/******/ 			return fn.r ? promise : getResult();
/******/ 		}, (err) => ((err ? reject(promise[webpackError] = err) : outerResolve(exports)), resolveQueue(queue)));
/******/ 		queue && queue.d < 0 && (queue.d = 0);
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/ensure chunk */
/******/ (() => {
/******/ 	__nccwpck_require__.f = {};
/******/ 	// This file contains only the entry chunk.
/******/ 	// The chunk loading function for additional chunks
/******/ 	__nccwpck_require__.e = (chunkId) => {
/******/ 		return Promise.all(Object.keys(__nccwpck_require__.f).reduce((promises, key) => {
/******/ 			__nccwpck_require__.f[key](chunkId, promises);
/******/ 			return promises;
/******/ 		}, []));
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/get javascript chunk filename */
/******/ (() => {
/******/ 	// This function allow to reference async chunks
/******/ 	__nccwpck_require__.u = (chunkId) => {
/******/ 		// return url for filenames based on template
/******/ 		return "" + chunkId + ".index.js";
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/******/ /* webpack/runtime/make namespace object */
/******/ (() => {
/******/ 	// define __esModule on exports
/******/ 	__nccwpck_require__.r = (exports) => {
/******/ 		if(typeof Symbol !== 'undefined' && Symbol.toStringTag) {
/******/ 			Object.defineProperty(exports, Symbol.toStringTag, { value: 'Module' });
/******/ 		}
/******/ 		Object.defineProperty(exports, '__esModule', { value: true });
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/import chunk loading */
/******/ (() => {
/******/ 	// no baseURI
/******/ 	
/******/ 	// object to store loaded and loading chunks
/******/ 	// undefined = chunk not loaded, null = chunk preloaded/prefetched
/******/ 	// [resolve, Promise] = chunk loading, 0 = chunk loaded
/******/ 	var installedChunks = {
/******/ 		792: 0
/******/ 	};
/******/ 	
/******/ 	var installChunk = (data) => {
/******/ 		var {ids, modules, runtime} = data;
/******/ 		// add "modules" to the modules object,
/******/ 		// then flag all "ids" as loaded and fire callback
/******/ 		var moduleId, chunkId, i = 0;
/******/ 		for(moduleId in modules) {
/******/ 			if(__nccwpck_require__.o(modules, moduleId)) {
/******/ 				__nccwpck_require__.m[moduleId] = modules[moduleId];
/******/ 			}
/******/ 		}
/******/ 		if(runtime) runtime(__nccwpck_require__);
/******/ 		for(;i < ids.length; i++) {
/******/ 			chunkId = ids[i];
/******/ 			if(__nccwpck_require__.o(installedChunks, chunkId) && installedChunks[chunkId]) {
/******/ 				installedChunks[chunkId][0]();
/******/ 			}
/******/ 			installedChunks[ids[i]] = 0;
/******/ 		}
/******/ 	
/******/ 	}
/******/ 	
/******/ 	__nccwpck_require__.f.j = (chunkId, promises) => {
/******/ 			// import() chunk loading for javascript
/******/ 			var installedChunkData = __nccwpck_require__.o(installedChunks, chunkId) ? installedChunks[chunkId] : undefined;
/******/ 			if(installedChunkData !== 0) { // 0 means "already installed".
/******/ 	
/******/ 				// a Promise means "currently loading".
/******/ 				if(installedChunkData) {
/******/ 					promises.push(installedChunkData[1]);
/******/ 				} else {
/******/ 					if(true) { // all chunks have JS
/******/ 						// setup Promise in chunk cache
/******/ 						var promise = import("./" + __nccwpck_require__.u(chunkId)).then(installChunk, (e) => {
/******/ 							if(installedChunks[chunkId] !== 0) installedChunks[chunkId] = undefined;
/******/ 							throw e;
/******/ 						});
/******/ 						var promise = Promise.race([promise, new Promise((resolve) => (installedChunkData = installedChunks[chunkId] = [resolve]))])
/******/ 						promises.push(installedChunkData[1] = promise);
/******/ 					}
/******/ 				}
/******/ 			}
/******/ 	};
/******/ 	
/******/ 	// no prefetching
/******/ 	
/******/ 	// no preloaded
/******/ 	
/******/ 	// no external install chunk
/******/ 	
/******/ 	// no on chunks loaded
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(2827);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ 
