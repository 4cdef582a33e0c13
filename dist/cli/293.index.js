export const id = 293;
export const ids = [293];
export const modules = {

/***/ 8293:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   RUNNERS: () => (/* binding */ RUNNERS)
/* harmony export */ });
/* harmony import */ var _run_exit_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(517);

const print = (io) => (text) => io.stdout(text + '\n');
/**
 * Each command, loaded when it runs (dynamic import): `evalgate power` does not load the
 * scoring pipeline, nor `evalgate run` the pairwise judge. Bundlers keep these in the bundle.
 */
const RUNNERS = {
    run: async (ctx) => (await Promise.all(/* import() */[__webpack_require__.e(311), __webpack_require__.e(175), __webpack_require__.e(815), __webpack_require__.e(657), __webpack_require__.e(774), __webpack_require__.e(95), __webpack_require__.e(490), __webpack_require__.e(775), __webpack_require__.e(386), __webpack_require__.e(299), __webpack_require__.e(253), __webpack_require__.e(203), __webpack_require__.e(724), __webpack_require__.e(816), __webpack_require__.e(194)]).then(__webpack_require__.bind(__webpack_require__, 2194))).runCommand(ctx),
    compare: async (ctx) => (await Promise.all(/* import() */[__webpack_require__.e(311), __webpack_require__.e(175), __webpack_require__.e(815), __webpack_require__.e(657), __webpack_require__.e(774), __webpack_require__.e(95), __webpack_require__.e(490), __webpack_require__.e(775), __webpack_require__.e(386), __webpack_require__.e(299), __webpack_require__.e(253), __webpack_require__.e(203), __webpack_require__.e(724), __webpack_require__.e(816), __webpack_require__.e(194)]).then(__webpack_require__.bind(__webpack_require__, 2194))).compareCommand(ctx),
    baseline: async (ctx) => (await Promise.all(/* import() */[__webpack_require__.e(311), __webpack_require__.e(175), __webpack_require__.e(815), __webpack_require__.e(657), __webpack_require__.e(774), __webpack_require__.e(95), __webpack_require__.e(490), __webpack_require__.e(775), __webpack_require__.e(386), __webpack_require__.e(299), __webpack_require__.e(253), __webpack_require__.e(203), __webpack_require__.e(724), __webpack_require__.e(816), __webpack_require__.e(194)]).then(__webpack_require__.bind(__webpack_require__, 2194))).baselineCommand(ctx),
    merge: async (ctx) => (await Promise.all(/* import() */[__webpack_require__.e(311), __webpack_require__.e(175), __webpack_require__.e(815), __webpack_require__.e(657), __webpack_require__.e(774), __webpack_require__.e(95), __webpack_require__.e(490), __webpack_require__.e(775), __webpack_require__.e(386), __webpack_require__.e(299), __webpack_require__.e(253), __webpack_require__.e(203), __webpack_require__.e(724), __webpack_require__.e(816), __webpack_require__.e(194)]).then(__webpack_require__.bind(__webpack_require__, 2194))).mergeCommand(ctx),
    trend: async (ctx) => (await Promise.all(/* import() */[__webpack_require__.e(311), __webpack_require__.e(175), __webpack_require__.e(95), __webpack_require__.e(490), __webpack_require__.e(775), __webpack_require__.e(386), __webpack_require__.e(299), __webpack_require__.e(170)]).then(__webpack_require__.bind(__webpack_require__, 8170))).trendCommand(ctx),
    power: async ({ flags, io }) => {
        const { powerCommand } = await Promise.all(/* import() */[__webpack_require__.e(311), __webpack_require__.e(175), __webpack_require__.e(95), __webpack_require__.e(386), __webpack_require__.e(638)]).then(__webpack_require__.bind(__webpack_require__, 6638));
        powerCommand(flags, print(io));
        return _run_exit_js__WEBPACK_IMPORTED_MODULE_0__/* .EXIT */ .d.pass;
    },
    'calibrate-noise': async (ctx) => (await Promise.all(/* import() */[__webpack_require__.e(311), __webpack_require__.e(175), __webpack_require__.e(815), __webpack_require__.e(657), __webpack_require__.e(774), __webpack_require__.e(95), __webpack_require__.e(490), __webpack_require__.e(775), __webpack_require__.e(386), __webpack_require__.e(299), __webpack_require__.e(253), __webpack_require__.e(203), __webpack_require__.e(724), __webpack_require__.e(816), __webpack_require__.e(746)]).then(__webpack_require__.bind(__webpack_require__, 4746))).calibrateNoiseCommand(ctx),
    calibrate: async ({ flags, io }) => (await Promise.all(/* import() */[__webpack_require__.e(311), __webpack_require__.e(175), __webpack_require__.e(95), __webpack_require__.e(386), __webpack_require__.e(638)]).then(__webpack_require__.bind(__webpack_require__, 6638))).calibrateCommand(flags, print(io)),
    pairwise: async ({ flags, request, io, logger }) => {
        const [{ pairwiseCommand }, { resolveRun }, { defaultEnvironment }] = await Promise.all([Promise.all(/* import() */[__webpack_require__.e(311), __webpack_require__.e(175), __webpack_require__.e(657), __webpack_require__.e(774), __webpack_require__.e(95), __webpack_require__.e(490), __webpack_require__.e(253), __webpack_require__.e(203), __webpack_require__.e(724), __webpack_require__.e(839)]).then(__webpack_require__.bind(__webpack_require__, 3839)), Promise.all(/* import() */[__webpack_require__.e(311), __webpack_require__.e(815), __webpack_require__.e(95), __webpack_require__.e(721)]).then(__webpack_require__.bind(__webpack_require__, 4721)), Promise.all(/* import() */[__webpack_require__.e(311), __webpack_require__.e(175), __webpack_require__.e(657), __webpack_require__.e(774), __webpack_require__.e(95), __webpack_require__.e(490), __webpack_require__.e(775), __webpack_require__.e(253), __webpack_require__.e(203), __webpack_require__.e(724), __webpack_require__.e(816)]).then(__webpack_require__.bind(__webpack_require__, 5816))]);
        await pairwiseCommand(flags, resolveRun(request, 'cli', 'settings').config, defaultEnvironment(logger), print(io));
        return _run_exit_js__WEBPACK_IMPORTED_MODULE_0__/* .EXIT */ .d.pass;
    },
    'lint-set': async (ctx) => (await Promise.all(/* import() */[__webpack_require__.e(311), __webpack_require__.e(175), __webpack_require__.e(815), __webpack_require__.e(657), __webpack_require__.e(95), __webpack_require__.e(490), __webpack_require__.e(775), __webpack_require__.e(386), __webpack_require__.e(299), __webpack_require__.e(253), __webpack_require__.e(203), __webpack_require__.e(838)]).then(__webpack_require__.bind(__webpack_require__, 9838))).lintSetCommand(ctx),
    agreement: async (ctx) => (await Promise.all(/* import() */[__webpack_require__.e(311), __webpack_require__.e(175), __webpack_require__.e(95), __webpack_require__.e(490), __webpack_require__.e(775), __webpack_require__.e(386), __webpack_require__.e(299), __webpack_require__.e(263)]).then(__webpack_require__.bind(__webpack_require__, 3263))).agreementCommand(ctx),
    'check-rules': async (ctx) => (await Promise.all(/* import() */[__webpack_require__.e(311), __webpack_require__.e(175), __webpack_require__.e(815), __webpack_require__.e(95), __webpack_require__.e(490), __webpack_require__.e(775), __webpack_require__.e(386), __webpack_require__.e(299), __webpack_require__.e(253), __webpack_require__.e(255)]).then(__webpack_require__.bind(__webpack_require__, 255))).checkRulesCommand(ctx),
};


/***/ })

};
