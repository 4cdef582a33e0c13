export const id = 21;
export const ids = [21];
export const modules = {

/***/ 7021:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   parseCommandLine: () => (/* binding */ parseCommandLine)
/* harmony export */ });
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _io_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7333);
/* harmony import */ var _run_option_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5908);
/* harmony import */ var _run_options_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6192);




/** Commands that take file names without a flag: merge's shards, lint-set's eval set. */
const POSITIONAL = new Set(['merge', 'lint-set']);
/** The command's flags, as the option table declares them, parsed the way the Action reads its inputs. */
function parseCommandLine(command, args, io) {
    const specs = (0,_run_options_js__WEBPACK_IMPORTED_MODULE_3__/* .optionsOf */ .cz)(command);
    const options = Object.fromEntries(specs.map((o) => [o.flag, { type: o.value === 'switch' ? 'boolean' : 'string', ...(o.short ? { short: o.short } : {}), ...(o.multiple ? { multiple: true } : {}) }]));
    const variadic = new Set(specs.filter((o) => o.variadic).map((o) => o.flag));
    const parsed = (0,node_util__WEBPACK_IMPORTED_MODULE_0__.parseArgs)({ args, options, allowPositionals: POSITIONAL.has(command) || variadic.size > 0, strict: true, tokens: true });
    const { values, positionals } = variadic.size > 0 ? attachVariadic(parsed, variadic) : parsed;
    if (!POSITIONAL.has(command) && positionals.length > 0) {
        throw new _io_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .GateError */ .ue('usage', `unexpected argument "${positionals[0]}"`, `give every file with its flag; see "evalgate ${command} --help"`);
    }
    const { overrides, values: flags } = (0,_run_option_js__WEBPACK_IMPORTED_MODULE_2__/* .readOptions */ .Tt)(specs, 'cli', (o) => values[o.flag]);
    const logger = { info: (m) => io.stderr(`${m}\n`), warn: (m) => io.stderr(`warning: ${m}\n`) };
    const out = flags['no-color'] ? { ...io, color: false } : io;
    return { flags, request: { configFile: flags.config, overrides }, positionals, io: out, logger };
}
/** `--raters a.csv b.csv c.csv`: the bare words after a variadic flag are its values, up to the next flag. */
function attachVariadic(parsed, variadic) {
    const values = { ...parsed.values };
    const positionals = [];
    let open = null;
    for (const token of parsed.tokens) {
        if (token.kind === 'option')
            open = variadic.has(token.name) ? token.name : null;
        else if (token.kind === 'option-terminator')
            open = null;
        else if (open)
            values[open] = [...(values[open] ?? []), token.value];
        else
            positionals.push(token.value);
    }
    return { values: values, positionals };
}


/***/ })

};
