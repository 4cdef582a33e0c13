export const id = 816;
export const ids = [816];
export const modules = {

/***/ 5816:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  defaultEnvironment: () => (/* binding */ defaultEnvironment),
  prepareRun: () => (/* binding */ prepareRun),
  secretValues: () => (/* binding */ secretValues),
  withLeanScores: () => (/* binding */ withLeanScores)
});

// EXTERNAL MODULE: ./src/baseline/baseline.ts + 2 modules
var baseline_baseline = __webpack_require__(8095);
// EXTERNAL MODULE: ./src/io/encoding.ts
var encoding = __webpack_require__(4695);
// EXTERNAL MODULE: ./src/io/errors.ts
var errors = __webpack_require__(7333);
// EXTERNAL MODULE: ./src/io/tabular.ts + 1 modules
var tabular = __webpack_require__(6575);
// EXTERNAL MODULE: ./src/candidates/outputs.ts
var outputs = __webpack_require__(2244);
// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(1421);
;// CONCATENATED MODULE: ./src/candidates/process.ts


/** After a kill, at most this long for the command to be reaped before evalgate goes on anyway. */
const REAP_WAIT_MS = 1_000;
function runProcess(run) {
    return new Promise((resolve, reject) => new CandidateProcess(run, resolve, reject).start());
}
class CandidateProcess {
    run;
    resolve;
    reject;
    child;
    stderr;
    ending = 'exited';
    exit = { code: null, signal: null };
    stdoutBytes = 0;
    settled = false;
    timers = [];
    signals;
    constructor(run, resolve, reject) {
        this.run = run;
        this.resolve = resolve;
        this.reject = reject;
        this.stderr = new TailBuffer(run.limits.stderrTailBytes);
    }
    start() {
        // installed before the spawn, so no signal can come between the command starting and evalgate listening
        this.signals = onTermination((signal) => this.interrupted(signal));
        const child = (0,external_node_child_process_.spawn)(this.run.command, { shell: true, cwd: this.run.cwd, env: this.run.env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
        this.child = child;
        this.later(this.run.limits.timeoutMs, () => this.stop('timed_out'));
        child.stdout.on('data', (chunk) => this.stdout(chunk));
        child.stderr.on('data', (chunk) => this.stderr.push(chunk));
        // A candidate that exits without reading its input is reported by its exit status, not by EPIPE.
        child.stdin.on('error', () => undefined);
        child.on('error', (error) => {
            if (this.settle())
                this.reject(new errors/* GateError */.ue('candidate_failed', `candidate command could not start: ${error.message}`, 'check the command and its working directory'));
        });
        child.on('exit', (code, signal) => {
            this.exit = { code, signal };
            // the command is done: whatever it left running in its group goes with it
            this.killGroup();
            if (this.ending !== 'exited')
                this.finish(false);
            else
                this.later(this.run.limits.pipeGraceMs, () => this.finish(true));
        });
        // every pipe closed and the command gone: the normal end, before any grace period
        child.on('close', () => this.finish(false));
        child.stdin.end(this.run.input);
    }
    stdout(chunk) {
        if (this.ending !== 'exited')
            return;
        this.stdoutBytes += chunk.length;
        if (this.stdoutBytes > this.run.limits.maxStdoutBytes)
            this.stop('stdout_cap');
        else
            this.run.onStdout(chunk);
    }
    interrupted(signal) {
        this.killGroup();
        this.signals?.remove();
        // Dying by the same signal is what a shell or CI runner expects (exit status 130 / 143);
        // only when someone else handles it too does the run end with an error instead.
        if (process.listenerCount(signal) === 0)
            process.kill(process.pid, signal);
        else
            this.stop('interrupted');
    }
    stop(why) {
        if (this.settled || this.ending !== 'exited')
            return;
        this.ending = why;
        this.killGroup();
        this.later(REAP_WAIT_MS, () => this.finish(false));
    }
    finish(pipesHeld) {
        if (!this.settle())
            return;
        // a process outside the group may hold the other ends open forever: stop reading
        this.child?.stdout.destroy();
        this.child?.stderr.destroy();
        this.child?.stdin.destroy();
        this.resolve({ ending: this.ending, ...this.exit, stderr: this.stderr.text(), pipesHeld });
    }
    /** True the first time: clears the timers and the signal handlers. */
    settle() {
        if (this.settled)
            return false;
        this.settled = true;
        for (const timer of this.timers)
            clearTimeout(timer);
        this.signals?.remove();
        return true;
    }
    later(ms, fn) {
        this.timers.push(setTimeout(fn, ms));
    }
    killGroup() {
        if (this.child?.pid === undefined)
            return;
        try {
            process.kill(-this.child.pid, 'SIGKILL');
        }
        catch {
            // ESRCH: nothing is left in the group
        }
    }
}
/** SIGINT and SIGTERM handlers that exist only while the command runs. */
function onTermination(handler) {
    const onInt = () => handler('SIGINT');
    const onTerm = () => handler('SIGTERM');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
    return {
        remove: () => {
            process.off('SIGINT', onInt);
            process.off('SIGTERM', onTerm);
        },
    };
}
/** The last `limit` bytes of a stream, however much passes through. */
class TailBuffer {
    chunks = [];
    size = 0;
    cut = false;
    limit;
    constructor(limit) {
        this.limit = limit;
    }
    push(chunk) {
        this.chunks.push(chunk);
        this.size += chunk.length;
        if (this.size > 2 * this.limit)
            this.trim();
    }
    text() {
        this.trim();
        // a character cut at the front of the tail decodes to U+FFFD: drop it
        const text = Buffer.concat(this.chunks).toString('utf8');
        return { text: this.cut ? text.replace(/^\uFFFD{1,3}/, '') : text, cut: this.cut };
    }
    trim() {
        if (this.size <= this.limit)
            return;
        const all = Buffer.concat(this.chunks);
        this.chunks = [all.subarray(all.length - this.limit)];
        this.size = this.limit;
        this.cut = true;
    }
}

// EXTERNAL MODULE: ./src/io/countOf.ts
var countOf = __webpack_require__(7262);
// EXTERNAL MODULE: ./src/candidates/turns.ts
var candidates_turns = __webpack_require__(8234);
;// CONCATENATED MODULE: ./src/candidates/command.ts







const DEFAULT_MAX_OUTPUT_MB = 256;
const STDERR_TAIL_BYTES = 64 * 1024;
const PIPE_GRACE_MS = 300;
/** Far above any real answer line and far below the longest string V8 can hold. */
const MAX_LINE_CHARS = 64 * 1024 * 1024;
const SOURCE = 'candidate command stdout';
/**
 * What the runner and the Action put in the environment that would let the PR's own code act
 * as the workflow: the runner's tokens (artifacts, cache, OIDC), the Action's inputs (which
 * hold the judge key and the GitHub token) and the GitHub token itself.
 */
const SCRUBBED_ENV = [/^ACTIONS_RUNTIME_/i, /^ACTIONS_ID_TOKEN_/i, /^INPUT_/i, /^GITHUB_TOKEN$/i];
function candidateEnv(env, passthrough = []) {
    const kept = {};
    for (const [name, value] of Object.entries(env)) {
        if (value === undefined)
            continue;
        if (SCRUBBED_ENV.some((pattern) => pattern.test(name)) && !passthrough.includes(name))
            continue;
        kept[name] = value;
    }
    return kept;
}
/**
 * Runs the system under test as one process for the whole set: JSONL `{id, question}` on
 * stdin, JSONL `{id, answer, contexts, retrieved_ids}` on stdout, read line by line as it
 * arrives. One process, not one per question, so a model or index loads once. A row with a
 * history (a conversation's turn, or a `history` cell) carries it as `history`: `{role, content}`
 * messages; a single question has no `history` key.
 */
async function runCommandCandidate(rows, options) {
    const input = rows.map((row) => JSON.stringify({ ...row.extra, id: row.id, question: row.question, ...(row.history ? { history: row.history } : {}) })).join('\n') + '\n';
    const stdout = new StdoutReader(new outputs/* OutputCollector */.Lc(SOURCE, new Set(rows.map((r) => r.id))));
    const maxOutputBytes = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_MB * 1024 * 1024;
    const outcome = await runProcess({
        command: options.command,
        cwd: options.cwd,
        env: candidateEnv(options.env ?? process.env, options.envPassthrough),
        input,
        limits: { timeoutMs: options.timeoutMs, maxStdoutBytes: maxOutputBytes, stderrTailBytes: STDERR_TAIL_BYTES, pipeGraceMs: options.pipeGraceMs ?? PIPE_GRACE_MS },
        onStdout: (chunk) => stdout.push(chunk),
    });
    const failure = failureOf(outcome, options, maxOutputBytes);
    if (failure)
        throw failure;
    if (outcome.pipesHeld) {
        options.warn?.(`the candidate command exited, but a process it started outside its process group still held its output open; evalgate stopped reading ${options.pipeGraceMs ?? PIPE_GRACE_MS} ms later and did not stop that process`);
    }
    return stdout.end();
}
/**
 * `candidate: {command: CMD}`: the command run once for the whole set (or shard); once per turn
 * when the set has conversations, turn k of every conversation in one run after turn k−1 was
 * answered, so each turn's history holds the command's own earlier answers.
 */
function commandCandidate(options) {
    return {
        label: `command ${options.command}`,
        source: 'the candidate command',
        answer: (rows, { logger }) => {
            const turns = (0,candidates_turns/* turnWaves */.g7)(rows).length;
            const runs = turns > 1 ? ` (once per turn: ${(0,countOf/* countOf */.p)(turns, 'run')}, each turn after the answers to the one before)` : '';
            logger.info(`running candidate on ${(0,countOf/* countOf */.p)(rows.length, 'question')}${runs}: ${options.command}`);
            return (0,candidates_turns/* answerTurnByTurn */.Cb)(rows, (wave) => runCommandCandidate(wave, { ...options, warn: (message) => logger.warn(message) }));
        },
    };
}
/** Why the run failed, from how the process ended (a timeout or a crash wins over what it printed). */
function failureOf(outcome, options, maxOutputBytes) {
    const stderrTail = tail(outcome.stderr.text, 20);
    const shown = stderrTail ? `\n--- its stderr (last lines) ---\n${stderrTail}` : '';
    switch (outcome.ending) {
        case 'timed_out':
            return new errors/* GateError */.ue('candidate_failed', `candidate command timed out after ${options.timeoutMs} ms: ${options.command}${shown}`, 'raise candidate.timeout_ms, or make the command faster');
        case 'stdout_cap':
            return new errors/* GateError */.ue('candidate_failed', `candidate command wrote more than ${formatMb(maxOutputBytes)} to stdout (candidate.max_output_mb), so it was stopped: ${options.command}${shown}`, 'make the command print only its JSONL answers (logs go to stderr), or raise candidate.max_output_mb in evalgate.yml');
        case 'interrupted':
            return new errors/* GateError */.ue('candidate_failed', `evalgate was interrupted; the candidate command and everything it started were stopped: ${options.command}`, 'run it again');
        case 'exited':
            if (outcome.code === 0)
                return null;
            return new errors/* GateError */.ue('candidate_failed', `candidate command failed (${outcome.signal ? `signal ${outcome.signal}` : `exit code ${outcome.code}`}): ${options.command}${shown || ' (it wrote nothing to stderr)'}`, 'run the command by hand with one JSONL line on stdin, e.g. echo \'{"id":"q1","question":"..."}\' | <command>');
    }
}
/**
 * stdout as JSONL, line by line as the chunks arrive: never one string of the whole output.
 * The first problem (bad UTF-8, a line that is not JSON, an unknown id) is kept and the rest
 * of the output ignored; it is reported only if the command itself succeeded.
 */
class StdoutReader {
    collector;
    decoder = new encoding/* Utf8StreamDecoder */.YA(SOURCE, 'make the command write UTF-8 (for Python: PYTHONIOENCODING=utf-8)');
    partial = '';
    line = 0;
    problem = null;
    constructor(collector) {
        this.collector = collector;
    }
    push(chunk) {
        this.guard(() => this.take(this.decoder.push(chunk)));
    }
    end() {
        this.guard(() => {
            this.take(this.decoder.end());
            this.record(this.partial);
        });
        if (this.problem)
            throw this.problem;
        return this.collector.outputs;
    }
    guard(step) {
        if (this.problem)
            return;
        try {
            step();
        }
        catch (error) {
            this.problem = error;
        }
    }
    take(text) {
        let start = 0;
        for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', start)) {
            this.record(this.partial + text.slice(start, newline));
            this.partial = '';
            start = newline + 1;
        }
        this.partial += text.slice(start);
        if (this.partial.length > MAX_LINE_CHARS) {
            throw new errors/* GateError */.ue('bad_input', `${(0,errors/* locate */.x5)(SOURCE, this.line + 1)}: a line longer than ${MAX_LINE_CHARS} characters`, 'write one JSON object per line, each ending with a newline');
        }
    }
    record(raw) {
        this.line += 1;
        const record = (0,tabular/* parseJsonlLine */.AN)(SOURCE, this.line === 1 ? raw.replace(/^\uFEFF/, '') : raw, this.line);
        if (record)
            this.collector.add(record);
    }
}
function formatMb(bytes) {
    return `${Number((bytes / 1024 / 1024).toFixed(3))} MB`;
}
function tail(text, lines) {
    return text.trimEnd().split('\n').slice(-lines).join('\n');
}

// EXTERNAL MODULE: ./src/io/limiter.ts
var io_limiter = __webpack_require__(3156);
// EXTERNAL MODULE: ./src/io/retry.ts
var retry = __webpack_require__(3974);
;// CONCATENATED MODULE: ./src/candidates/http/jsonPath.ts

/** Reads a path once, at startup: a malformed one is a config error before any request. */
function compileJsonPath(source, where = 'JSON path') {
    const steps = parseSteps(source, where);
    const wildcard = steps.some((s) => s.kind === 'all');
    return {
        source,
        resolve(json) {
            let nodes = [{ value: json, at: '$' }];
            for (const step of steps) {
                const next = [];
                for (const node of nodes) {
                    const failed = takeStep(node, step, source, next);
                    if (failed)
                        return failed;
                }
                nodes = next;
            }
            return { ok: true, value: wildcard ? nodes.map((n) => n.value) : nodes[0].value };
        },
    };
}
function parseSteps(source, where) {
    const steps = [];
    let rest = source.trim();
    if (rest === '$')
        rest = '';
    else if (rest.startsWith('$.') || rest.startsWith('$['))
        rest = rest.slice(1);
    if (rest.startsWith('.'))
        rest = rest.slice(1);
    const token = /^(?:([^.[\]]+)|\[(\d+)\]|\[\*\]|\[(["'])(.*?)\3\])/;
    let first = true;
    while (rest !== '') {
        if (!first) {
            if (rest.startsWith('.'))
                rest = rest.slice(1);
            else if (!rest.startsWith('['))
                break;
        }
        const match = token.exec(rest);
        if (!match)
            break;
        if (match[1] !== undefined)
            steps.push({ kind: 'key', key: match[1] });
        else if (match[2] !== undefined)
            steps.push({ kind: 'index', index: Number(match[2]) });
        else if (match[4] !== undefined)
            steps.push({ kind: 'key', key: match[4] });
        else
            steps.push({ kind: 'all' });
        rest = rest.slice(match[0].length);
        first = false;
    }
    if (rest !== '') {
        throw new errors/* GateError */.ue('bad_config', `${where}: cannot read "${source}" at "${rest}"`, 'write a dotted path such as data.answer, result.docs[*].text or choices[0].message.content');
    }
    return steps;
}
/** Pushes what `step` reaches from `node` onto `next`; a failure when it reaches nothing. */
function takeStep(node, step, source, next) {
    const { value, at } = node;
    if (step.kind === 'key') {
        if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, step.key)) {
            return { ok: false, reason: `"${source}" does not resolve: ${at} has no key "${step.key}" (it is ${describeValue(value)})` };
        }
        next.push({ value: value[step.key], at: `${at}.${step.key}` });
    }
    else if (!Array.isArray(value)) {
        return { ok: false, reason: `"${source}" does not resolve: ${at} is ${describeValue(value)}, not an array` };
    }
    else if (step.kind === 'index') {
        if (step.index >= value.length)
            return { ok: false, reason: `"${source}" does not resolve: ${at} has ${value.length} item(s), no [${step.index}]` };
        next.push({ value: value[step.index], at: `${at}[${step.index}]` });
    }
    else {
        value.forEach((item, i) => next.push({ value: item, at: `${at}[${i}]` }));
    }
    return null;
}
function describeValue(value) {
    if (value === null)
        return 'null';
    if (value === undefined)
        return 'missing';
    if (Array.isArray(value))
        return `an array of ${value.length}`;
    if (typeof value === 'object')
        return 'an object';
    return `a ${typeof value}`;
}

;// CONCATENATED MODULE: ./src/candidates/http/quote.ts
// How the HTTP candidate quotes what it did not write (response bodies, error messages) in its own messages
/** How much of a response body an error row quotes. */
const BODY_EXCERPT_CHARS = 200;
function excerpt(text, chars) {
    const trimmed = text.trim();
    if (trimmed === '')
        return '(empty body)';
    return trimmed.length > chars ? `${trimmed.slice(0, chars)}…` : trimmed;
}
/** An error's message with its cause (fetch's "fetch failed" says nothing without it). */
function errorMessage(error) {
    if (!(error instanceof Error))
        return String(error);
    const cause = error.cause;
    return cause instanceof Error && cause.message ? `${error.message} (${cause.message})` : error.message;
}

// EXTERNAL MODULE: ./src/io/redact.ts
var redact = __webpack_require__(8075);
;// CONCATENATED MODULE: ./src/candidates/http/template.ts

// `{{id}}`, `{{question}}`, `{{history}}` or `{{column}}` of the eval set, filled per question
const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;
const PLACEHOLDER_HERE = /\{\{\s*([^{}\s]+)\s*\}\}/y;
function placeholderValue(row, name, where) {
    if (name === 'id')
        return row.id;
    if (name === 'question')
        return row.question;
    // the earlier turns as [{role, content}, …]: [] for a single question or a first turn
    if (name === 'history')
        return row.history ?? [];
    if (Object.hasOwn(row.extra, name))
        return row.extra[name] ?? null;
    throw new errors/* GateError */.ue('bad_config', `${where}: unknown placeholder {{${name}}} (question "${row.id}" has no column "${name}")`, `use {{id}}, {{question}}, {{history}} or a column of the eval set${Object.keys(row.extra).length ? ` (${Object.keys(row.extra).join(', ')})` : ''}`);
}
/** Plain text with placeholders (a URL): every value goes through `encode`. */
function renderTemplate(template, row, where, encode) {
    return template.replace(PLACEHOLDER, (_, name) => {
        const value = placeholderValue(row, name, where);
        return encode(value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));
    });
}
/**
 * Fills a JSON template: inside a string literal a value is JSON-escaped text (quotes,
 * newlines, backslashes, any script stay valid JSON); outside one it is a JSON value, so
 * `{"top_k": {{k}}}` works too.
 */
function renderJsonTemplate(template, row, where) {
    let out = '';
    let inString = false;
    for (let i = 0; i < template.length;) {
        PLACEHOLDER_HERE.lastIndex = i;
        const match = PLACEHOLDER_HERE.exec(template);
        if (match) {
            const value = placeholderValue(row, match[1], where);
            if (inString)
                out += JSON.stringify(typeof value === 'string' ? value : value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)).slice(1, -1);
            else
                out += JSON.stringify(value ?? null);
            i += match[0].length;
            continue;
        }
        const char = template[i];
        if (char === '\\' && inString) {
            out += template.slice(i, i + 2);
            i += 2;
            continue;
        }
        if (char === '"')
            inString = !inString;
        out += char;
        i++;
    }
    return out;
}

;// CONCATENATED MODULE: ./src/candidates/http/plan.ts





/**
 * Renders every request and checks headers, URLs, JSON bodies and JSON paths. Throws a
 * GateError before any request is sent, so a typo in the config never costs a run.
 */
function planHttpCandidate(rows, config, env) {
    const { headers, secrets } = resolveHeaders(config, env);
    try {
        new Headers(headers);
    }
    catch (error) {
        throw new errors/* GateError */.ue('bad_config', `candidate.http.headers: ${(0,redact/* redact */.E$)(errorMessage(error), secrets)}`, 'header names are tokens like X-Api-Key; values cannot contain newlines');
    }
    if (config.method === 'POST' && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
        headers['content-type'] = 'application/json';
    }
    const paths = {
        answer: compileJsonPath(config.answer_path, 'candidate.http.answer_path'),
        contexts: config.contexts_path === undefined ? null : compileJsonPath(config.contexts_path, 'candidate.http.contexts_path'),
        retrievedIds: config.retrieved_ids_path === undefined ? null : compileJsonPath(config.retrieved_ids_path, 'candidate.http.retrieved_ids_path'),
        model: config.model_path === undefined ? null : compileJsonPath(config.model_path, 'candidate.http.model_path'),
    };
    return { requests: rows.map((row) => prepareRequest(row, config)), headers, secrets, paths };
}
function prepareRequest(row, config) {
    const url = renderTemplate(config.url, row, 'candidate.http.url', encodeURIComponent);
    checkUrl(url, row.id);
    if (config.method === 'GET')
        return { id: row.id, url, body: undefined };
    const body = renderJsonTemplate(config.body, row, 'candidate.http.body');
    try {
        JSON.parse(body);
    }
    catch (error) {
        throw new errors/* GateError */.ue('bad_config', `candidate.http.body${(0,errors/* jsonErrorLocation */.sZ)(body, error)}: not valid JSON once filled in for question "${row.id}": ${errorMessage(error)}\n  rendered: ${excerpt(body, 300)}`, 'write the body as JSON with placeholders inside strings, e.g. {"question": "{{question}}", "id": "{{id}}"}');
    }
    return { id: row.id, url, body };
}
/** Fills `${ENV_NAME}` in header values; the values filled in are secrets. */
function resolveHeaders(config, env) {
    const secrets = [];
    const headers = {};
    for (const [name, template] of Object.entries(config.headers)) {
        headers[name] = template.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, variable) => {
            const value = env[variable];
            if (value === undefined || value === '') {
                throw new errors/* GateError */.ue('bad_config', `candidate.http.headers.${name}: environment variable ${variable} is not set (or empty)`, `set ${variable} in the job's env (e.g. env: ${variable}: \${{ secrets.${variable} }}); secrets are not available to fork PRs`);
            }
            secrets.push(value);
            (0,redact/* registerSecret */.cl)(value);
            return value;
        });
    }
    return { headers, secrets };
}
function checkUrl(url, id) {
    let parsed;
    try {
        parsed = new URL(url);
    }
    catch {
        throw new errors/* GateError */.ue('bad_config', `candidate.http.url: "${url}" (question "${id}") is not a valid URL`, 'give an absolute URL such as http://localhost:8000/ask');
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
        throw new errors/* GateError */.ue('bad_config', `candidate.http.url: "${url}" is not an http(s) URL`, 'give an absolute URL such as http://localhost:8000/ask');
    }
}

;// CONCATENATED MODULE: ./src/candidates/http/transport.ts
// What one request of the HTTP candidate may cost: where its headers may go, how much body it may read
/** Redirects within the endpoint's own origin followed before the chain is an error. */
const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/**
 * A response evalgate refuses to use: a redirect to another origin, too many redirects, a
 * body over the cap. It carries the response's status, so the retry loop asks again only
 * when the status says so (a 5xx); a redirect or a 200 is not asked again.
 */
class HttpRefusedError extends Error {
    status;
    headers;
    constructor(status, headers, message) {
        super(message);
        this.name = 'HttpRefusedError';
        this.status = status;
        this.headers = headers;
    }
}
/**
 * fetch, following redirects only within the first URL's origin (scheme, host and port): the
 * candidate's headers (`${ENV}` secrets among them) are never sent anywhere else, and another
 * host's answers are never scored as the candidate's. A 303, or a 301 / 302 after a POST, is
 * followed with a GET as browsers do; 307 and 308 repeat the request as it was.
 */
async function fetchSameOrigin(fetcher, first, signal) {
    const origin = new URL(first.url).origin;
    let request = first;
    for (let hop = 0;; hop++) {
        const response = await fetcher(request.url, { method: request.method, headers: request.headers, body: request.body, signal, redirect: 'manual' });
        const location = response.headers.get('location');
        if (!REDIRECT_STATUSES.has(response.status) || location === null)
            return response;
        await response.body?.cancel().catch(() => undefined);
        let next;
        try {
            next = new URL(location, request.url);
        }
        catch {
            throw new HttpRefusedError(response.status, response.headers, `HTTP ${response.status} redirect to an unreadable location "${location.slice(0, 200)}"`);
        }
        if (next.origin !== origin) {
            throw new HttpRefusedError(response.status, response.headers, `HTTP ${response.status} redirect from ${origin} to another origin, ${next.origin}: not followed, so the candidate's headers were not sent there (point candidate.http.url at the final address if that host is the candidate)`);
        }
        if (hop >= MAX_REDIRECTS)
            throw new HttpRefusedError(response.status, response.headers, `more than ${MAX_REDIRECTS} redirects within ${origin}; last to ${next.pathname}`);
        const asGet = response.status === 303 || ((response.status === 301 || response.status === 302) && request.method === 'POST');
        request = asGet ? { ...request, url: next.href, method: 'GET', body: undefined } : { ...request, url: next.href };
    }
}
/**
 * The body as text, read chunk by chunk with a byte count: past `maxBytes` the read stops
 * and the connection is dropped, so a runaway endpoint costs at most the cap in memory. A
 * Content-Length above the cap is refused before reading anything.
 */
async function readCapped(response, maxBytes) {
    const tooLarge = () => new HttpRefusedError(response.status, response.headers, `HTTP ${response.status} with a body over ${transport_formatMb(maxBytes)} (candidate.http.max_response_mb): not read further; make the endpoint answer with less, or raise max_response_mb`);
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > maxBytes) {
        await response.body?.cancel().catch(() => undefined);
        throw tooLarge();
    }
    if (!response.body)
        return '';
    const reader = response.body.getReader();
    const chunks = [];
    let total = 0;
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
        total += read.value.byteLength;
        if (total > maxBytes) {
            await reader.cancel().catch(() => undefined);
            throw tooLarge();
        }
        chunks.push(read.value);
    }
    // as response.text() decodes: UTF-8, a BOM dropped, bad bytes as U+FFFD
    return new TextDecoder().decode(Buffer.concat(chunks));
}
function transport_formatMb(bytes) {
    return `${Number((bytes / 1024 / 1024).toFixed(3))} MB`;
}

;// CONCATENATED MODULE: ./src/candidates/http/request.ts




/** A response outside 2xx as the retry loop sees it: status and headers (for Retry-After), the body already redacted. */
class HttpStatusError extends Error {
    status;
    headers;
    body;
    constructor(status, headers, body) {
        super(`HTTP ${status}`);
        this.status = status;
        this.headers = headers;
        this.body = body;
    }
}
/** 429 and 5xx, with backoff from 250 ms up to 8 s; any other status is the endpoint's answer and is not asked again. */
function httpRetryPolicy(config) {
    return { maxRetries: config.retries, baseDelayMs: 250, maxDelayMs: 8_000, maxRetryAfterMs: retry/* MAX_RETRY_AFTER_MS */.yL, retryStatus: retry/* rateLimitOrServerError */.M4 };
}
/** One question's request, retried as the policy says; a failure is described (secrets redacted), never thrown. */
async function send(request, plan, config, deps) {
    if (deps.deadline?.aborted)
        return { ok: false, error: deadlineMessage(config, 'before this question was asked') };
    const result = await (0,retry/* withRetry */.bD)(() => sendOnce(request, plan, config, deps), httpRetryPolicy(config), deps.retry);
    if (result.ok)
        return { ok: true, ...result.value };
    if (deps.deadline?.aborted)
        return { ok: false, error: deadlineMessage(config, 'before this question was answered') };
    return { ok: false, error: (0,redact/* redact */.E$)(describeFailure(result, config.timeout_ms), plan.secrets) };
}
/** Why a question has no answer when the candidate step ran out of time. */
function deadlineMessage(config, when) {
    return `not answered: the HTTP candidate's total time limit (candidate.http.total_timeout_ms, ${config.total_timeout_ms} ms) ran out ${when}`;
}
async function sendOnce(request, plan, config, deps) {
    const started = deps.now();
    // one signal for the request, its redirects and the body read: this attempt's timeout or the step's deadline
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), config.timeout_ms);
    const stop = () => controller.abort();
    deps.deadline?.addEventListener('abort', stop);
    try {
        if (deps.deadline?.aborted)
            controller.abort();
        const response = await fetchSameOrigin(deps.fetch, { url: request.url, method: config.method, headers: plan.headers, body: request.body }, controller.signal);
        const text = await readCapped(response, config.max_response_mb * 1024 * 1024);
        return answered(response, text, plan, deps.now() - started);
    }
    finally {
        clearTimeout(timer);
        deps.deadline?.removeEventListener('abort', stop);
    }
}
function answered(response, text, plan, elapsedMs) {
    if (response.ok)
        return { text, latencyMs: Math.round(elapsedMs * 10) / 10 };
    // redacted before it is cut to an excerpt, so no part of a secret the server echoes survives
    throw new HttpStatusError(response.status, response.headers, (0,redact/* redact */.E$)(text, plan.secrets));
}
function describeFailure(result, timeoutMs) {
    const { error, retries, retryable } = result;
    const tries = `${retries + 1} attempt${retries === 0 ? '' : 's'}`;
    if (error instanceof HttpRefusedError)
        return retries === 0 ? error.message : `${error.message} (${tries})`;
    if (error instanceof HttpStatusError) {
        const body = excerpt(error.body, BODY_EXCERPT_CHARS);
        return retryable ? `HTTP ${error.status} after ${tries}: ${body}` : `HTTP ${error.status} (not retried): ${body}`;
    }
    const name = error?.name;
    if (name === 'TimeoutError' || name === 'AbortError')
        return `timed out after ${timeoutMs} ms (${tries})`;
    return `request failed after ${tries}: ${errorMessage(error)}`;
}

;// CONCATENATED MODULE: ./src/candidates/http/response.ts



/** Where a problem with a mapped response is said to be, as a predictions file names itself. */
const RESPONSE_SOURCE = 'HTTP response';
function errorRow(id, error) {
    return { id, answer: '', contexts: [], retrieved_ids: [], latency_ms: null, error };
}
/**
 * A 2xx body → the question's output: the JSON paths pick the fields, then the candidate
 * schema checks them as it checks every other kind's outputs. A body that does not fit is an
 * error row for this question only.
 */
function readResponse(id, text, latencyMs, plan) {
    let json;
    try {
        json = JSON.parse(text);
    }
    catch {
        return errorRow(id, `response is not JSON: ${excerpt((0,redact/* redact */.E$)(text, plan.secrets), BODY_EXCERPT_CHARS)}`);
    }
    const mapped = mapResponse(json, plan.paths);
    if (!mapped.ok)
        return errorRow(id, (0,redact/* redact */.E$)(mapped.error, plan.secrets));
    const checked = (0,outputs/* checkOutput */.yr)({ ...mapped.fields, id, latency_ms: latencyMs, error: null }, RESPONSE_SOURCE, (column) => pathHint(column, plan, mapped.fields));
    if (!checked.ok)
        return errorRow(id, (0,redact/* redact */.E$)(checked.error, plan.secrets));
    const output = checked.output;
    // as before the schema was shared: an endpoint's contexts are NFC like its answer, its ids trimmed
    return {
        ...output,
        contexts: output.contexts.map((c) => c.normalize('NFC')),
        retrieved_ids: output.retrieved_ids.map((v) => v.trim()).filter((v) => v !== ''),
    };
}
/**
 * The values the paths point at, unchecked. A path to a single context or id means a list
 * of one: it is not split on `||` or `|` as a CSV cell would be.
 */
function mapResponse(json, paths) {
    const answer = paths.answer.resolve(json);
    if (!answer.ok)
        return { ok: false, error: `answer_path ${answer.reason}` };
    const fields = { answer: answer.value };
    if (paths.contexts) {
        const found = paths.contexts.resolve(json);
        if (!found.ok)
            return { ok: false, error: `contexts_path ${found.reason}` };
        fields.contexts = typeof found.value === 'string' ? [found.value] : found.value;
    }
    if (paths.retrievedIds) {
        const found = paths.retrievedIds.resolve(json);
        if (!found.ok)
            return { ok: false, error: `retrieved_ids_path ${found.reason}` };
        fields.retrieved_ids = typeof found.value === 'string' || typeof found.value === 'number' ? [found.value] : found.value;
    }
    if (paths.model) {
        const found = paths.model.resolve(json);
        if (!found.ok)
            return { ok: false, error: `model_path ${found.reason}` };
        fields.model = found.value;
    }
    else if (typeof json === 'object' && json !== null && typeof json.model === 'string') {
        // an OpenAI-style response names its model: read when no path says where else to look
        fields.model = json.model;
    }
    return { ok: true, fields };
}
/** A field the schema rejected names the path it came from and what that path gave (redacted, then cut). */
function pathHint(column, plan, fields) {
    const paths = plan.paths;
    const gave = (key, path) => `${key} "${path.source}" gave ${excerpt((0,redact/* redact */.E$)(JSON.stringify(fields[column]) ?? 'nothing', plan.secrets), 60)}`;
    if (column === 'answer')
        return `${gave('answer_path', paths.answer)}; expected a string`;
    if (column === 'contexts' && paths.contexts)
        return `${gave('contexts_path', paths.contexts)}; expected an array of strings, or one string`;
    if (column === 'model' && paths.model)
        return `${gave('model_path', paths.model)}; expected a string`;
    if (column === 'retrieved_ids' && paths.retrievedIds)
        return `${gave('retrieved_ids_path', paths.retrievedIds)}; expected an array of strings or numbers, or one of them`;
    return (0,outputs/* outputHint */.t2)(column);
}

// EXTERNAL MODULE: ./src/schemas/candidate.ts
var candidate = __webpack_require__(3681);
;// CONCATENATED MODULE: ./src/candidates/http.ts







/**
 * Calls the endpoint once per question, at most `concurrency` at a time. A question holds
 * its slot through its retries: an endpoint that asked us to back off gets no other question
 * meanwhile. A failed question becomes an error row, never a crash. The whole step has a
 * deadline (total_timeout_ms): when it passes, requests in flight and backoff waits stop, and
 * every question still without an answer is an error row saying so.
 */
async function runHttpCandidate(rows, config, deps) {
    const plan = planHttpCandidate(rows, config, deps.env);
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), config.total_timeout_ms);
    try {
        const client = clientDeps(deps, deadline.signal);
        const limiter = new io_limiter/* Limiter */.j(config.concurrency);
        const outputs = await Promise.all(plan.requests.map((request) => limiter.run(() => askOne(request, plan, config, client))));
        return new Map(outputs.map((output) => [output.id, output]));
    }
    finally {
        clearTimeout(timer);
    }
}
function httpCandidateLabel(config) {
    return `http ${config.method} ${config.url}`;
}
async function askOne(request, plan, config, client) {
    const reply = await send(request, plan, config, client);
    return reply.ok ? readResponse(request.id, reply.text, reply.latencyMs, plan) : errorRow(request.id, reply.error);
}
function clientDeps(deps, deadline) {
    return {
        fetch: deps.fetch ?? globalThis.fetch,
        now: deps.now ?? (() => performance.now()),
        deadline,
        retry: {
            sleep: untilDeadline(deps.sleep, deadline),
            random: deps.random ?? retry/* realRetryDeps */.tn.random,
            now: deps.dateNow ?? retry/* realRetryDeps */.tn.now,
        },
    };
}
/**
 * A backoff wait that ends early when the deadline passes (a Retry-After of a minute must not
 * outlive the step); its own timer is cleared then, so it does not hold the process open.
 */
function untilDeadline(injected, deadline) {
    return (ms) => {
        if (deadline.aborted)
            return Promise.resolve();
        return new Promise((resolve) => {
            let timer;
            const done = () => {
                clearTimeout(timer);
                deadline.removeEventListener('abort', done);
                resolve();
            };
            deadline.addEventListener('abort', done);
            if (injected)
                injected(ms).then(done, done);
            else
                timer = setTimeout(done, ms);
        });
    };
}

;// CONCATENATED MODULE: ./src/candidates/httpCandidate.ts


/** `${NAME}` in a header value: filled from the environment when the request is built. */
const ENV_REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
/**
 * `candidate: {http: {...}}`: the system under test as an endpoint (the requests themselves are
 * in http.ts). Its templates and headers are checked before the first request.
 */
function httpCandidate(config, env) {
    const label = httpCandidateLabel(config);
    return {
        label,
        source: 'the HTTP candidate',
        secretEnv: [...new Set(Object.values(config.headers).flatMap((value) => [...value.matchAll(ENV_REFERENCE)].map((m) => m[1])))],
        check: (rows) => {
            planHttpCandidate(rows, config, env);
        },
        answer: (rows, { logger }) => {
            logger.info(`asking ${label} for ${rows.length} answers (concurrency ${config.concurrency})`);
            // a conversation's turn k is asked after turn k−1 ({{history}} holds the answers); total_timeout_ms bounds all turns together
            const deadline = performance.now() + config.total_timeout_ms;
            return (0,candidates_turns/* answerTurnByTurn */.Cb)(rows, (wave) => runHttpCandidate(wave, { ...config, total_timeout_ms: Math.max(1, Math.round(deadline - performance.now())) }, { env }));
        },
    };
}

;// CONCATENATED MODULE: ./src/candidates/predictions.ts


/** `candidate: {predictions: FILE}`: answers written by an earlier step, checked against the whole eval set. */
function predictionsCandidate(file) {
    return {
        label: `predictions ${file}`,
        source: 'the predictions file',
        stored: true,
        answer: (_rows, context) => loadPredictions(file, context.evalIds, context.wanted),
    };
}
/** A predictions file written by an earlier step: JSONL (streamed line by line) or CSV, keyed by id. */
async function loadPredictions(file, evalIds, wanted = null) {
    if ((0,tabular/* tableFormat */.Kg)(file) === 'csv') {
        const table = (0,tabular/* readTable */.xz)(file, 'predictions file');
        (0,tabular/* requireColumns */.fe)(table, ['id'], 'a predictions file needs an id column and usually answer, contexts, retrieved_ids');
        const collector = new outputs/* OutputCollector */.Lc(file, evalIds, wanted);
        for (const record of table.records)
            collector.add(record);
        return collector.outputs;
    }
    const collector = new outputs/* OutputCollector */.Lc(file, evalIds, wanted);
    for await (const record of (0,tabular/* streamJsonl */.Hr)(file, 'predictions file'))
        collector.add(record);
    return collector.outputs;
}

;// CONCATENATED MODULE: ./src/candidates/factory.ts



/** The one place a kind of candidate is chosen: one line per kind of `CandidateConfigSchema`. */
const MAKERS = {
    predictions: (c) => predictionsCandidate(c.predictions),
    command: (c, e) => commandCandidate({ command: c.command, timeoutMs: c.timeout_ms, cwd: e.cwd, maxOutputBytes: c.max_output_mb * 1024 * 1024, envPassthrough: c.env_passthrough }),
    http: (c, e) => httpCandidate(c.http, e.env),
};
function makeCandidate(config, environment) {
    return MAKERS[config.kind](config, environment);
}

;// CONCATENATED MODULE: ./src/io/clock.ts
function startClock(now = () => new Date(), monotonic = () => performance.now()) {
    const startedAt = now();
    const origin = monotonic();
    return { startedAt, elapsed: () => monotonic() - origin };
}

// EXTERNAL MODULE: ./src/run/evalSet.ts + 2 modules
var run_evalSet = __webpack_require__(7810);
// EXTERNAL MODULE: ./src/run/gateCanAct.ts
var gateCanAct = __webpack_require__(3116);
// EXTERNAL MODULE: ./src/run/scorers/factory.ts + 33 modules
var factory = __webpack_require__(724);
;// CONCATENATED MODULE: ./src/run/shard.ts
/**
 * The i-th of n slices of an eval set: ids in code-point order, every n-th one starting at
 * i − 1. Every id lands in exactly one shard, shard sizes differ by at most one, and the
 * slice depends only on the ids, not on the order of the rows in the file. A conversation is
 * never split (its later turns are asked with the answers to its earlier ones): it goes whole
 * to the shard of its lowest id, so with conversations shard sizes differ by whole conversations.
 */
function shardRows(rows, index, count) {
    // a unit is named by its lowest id: ids are unique, so no two units share a name
    const lowestOfConversation = new Map();
    for (const row of rows) {
        if (!row.conversation)
            continue;
        const lowest = lowestOfConversation.get(row.conversation.id);
        if (lowest === undefined || row.id < lowest)
            lowestOfConversation.set(row.conversation.id, row.id);
    }
    const unitOf = (row) => (row.conversation ? lowestOfConversation.get(row.conversation.id) : row.id);
    const order = [...new Set(rows.map(unitOf))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const position = new Map(order.map((id, i) => [id, i]));
    return rows.filter((r) => position.get(unitOf(r)) % count === index - 1);
}

// EXTERNAL MODULE: ./src/io/ids.ts
var ids = __webpack_require__(2298);
// EXTERNAL MODULE: ./src/io/similarName.ts
var similarName = __webpack_require__(5334);
// EXTERNAL MODULE: ./src/metrics/registry.ts
var registry = __webpack_require__(1118);
;// CONCATENATED MODULE: ./src/run/subset.ts





/**
 * The questions a subset run scores, in eval-set order, and how it is described in results.json
 * and the reports. A subset is never gated against the full baseline (compare gives the verdict
 * `subset`). Unknown ids in --only are an error naming them; --failing-from's ids that the eval
 * set no longer has are skipped with a warning; an empty subset is an error, not a no-op.
 */
function selectSubset(rows, request, warn) {
    const { only, failingFrom } = request;
    if (only === undefined && failingFrom === undefined)
        return null;
    if (only !== undefined && failingFrom !== undefined)
        throw new errors/* GateError */.ue('usage', 'give --only or --failing-from, not both', 'e.g. evalgate run … --failing-from results.json');
    const known = new Set(rows.map((r) => r.id));
    let wanted;
    let by;
    if (only !== undefined) {
        wanted = new Set(only.split(',').map(ids/* normaliseId */.GU).filter(Boolean));
        by = '--only';
        if (wanted.size === 0)
            throw new errors/* GateError */.ue('usage', '--only names no question id', 'e.g. --only q001,q002 (the ids of the eval set, separated by commas)');
        const unknown = [...wanted].filter((id) => !known.has(id));
        if (unknown.length > 0) {
            const guess = (0,similarName/* similarName */.j)(unknown[0], [...known]);
            throw new errors/* GateError */.ue('usage', `--only: ${unknown.length === 1 ? 'no question with id' : `${unknown.length} ids not in the eval set:`} ${(0,ids/* previewIds */.Pe)(unknown)}${unknown.length === 1 ? ' in the eval set' : ''}`, `give ids from the eval set's id column, separated by commas${guess ? ` (did you mean "${guess}"?)` : ''}`);
        }
    }
    else {
        const file = failingFrom;
        const failing = failingIds((0,baseline_baseline/* loadResults */.zV)(file));
        by = `--failing-from ${file}`;
        const gone = failing.filter((id) => !known.has(id));
        if (gone.length > 0)
            warn(`--failing-from: ${gone.length} failing question(s) of ${file} are not in the eval set any more, skipped: ${(0,ids/* previewIds */.Pe)(gone)}`);
        wanted = new Set(failing.filter((id) => known.has(id)));
        if (wanted.size === 0) {
            throw new errors/* GateError */.ue('usage', `--failing-from: ${file} has no failing question that is in this eval set`, 'nothing to re-run: run the whole eval set (without --failing-from)');
        }
    }
    const selected = rows.filter((r) => wanted.has(r.id));
    return { rows: selected, subset: { by, questions: selected.length, total_questions: rows.length } };
}
/** The questions of a results.json that failed: a failing rule, an error, or a regression against its baseline. */
function failingIds(results) {
    const regressed = new Set(results.comparison?.regressions.map((q) => q.id) ?? []);
    return Object.entries(results.questions)
        .filter(([id, q]) => regressed.has(id) || Object.keys(q.errors).length > 0 || Object.entries(q.scores).some(([m, v]) => v === 0 && (0,registry/* metricInfo */.R)(m)?.family === 'rules'))
        .map(([id]) => id);
}

;// CONCATENATED MODULE: ./src/run/prepare.ts










const defaultEnvironment = (logger) => ({ logger, env: process.env, cwd: process.cwd() });
/**
 * A config → what runPipeline is given: the eval set (or this shard of it), the scorer, the
 * baseline and the candidate, each made by its one factory. A bad eval set or baseline is an
 * error here, before any candidate runs (missing settings already were, in resolveRun). The
 * run's clock starts here. `gateLayers` (resolveRun's) name where each gate setting was given.
 */
function prepareRun(config, environment, settingsSource = 'evalgate.yml + flags', gateLayers, select = {}) {
    const clock = startClock();
    for (const secret of secretValues(config, environment))
        (0,redact/* registerSecret */.cl)(secret);
    const full = (0,run_evalSet/* loadEvalSet */.fH)(config.eval_set);
    for (const warning of full.warnings)
        environment.logger.warn(warning);
    const evalSet = runEvalSet(full, config.eval_set_version, config.shard, select, environment.logger.warn);
    const scorer = (0,factory/* makeScorer */.zO)(config, environment);
    // a shard is compared after merge: alone it would look like a run that lost the other shards' questions.
    // A named baseline must exist: only an unset one means "no baseline yet"
    const baseline = config.baseline && !evalSet.shard ? withLeanScores((0,baseline_baseline/* loadNamedBaseline */.N)(config.baseline)) : null;
    // against the whole set, not the shard: the gate acts on the merged run
    const layers = [
        { settings: baseline?.settings, source: config.baseline ?? '', prefix: '' },
        { settings: config.gate, source: settingsSource, prefix: 'gate.' },
    ];
    (0,gateCanAct/* checkGateCanAct */.ok)(layers, full.rows, config, scorer);
    const candidate = makeCandidate(config.candidate, environment);
    return { evalSet, baseline, candidate, scorer, logger: environment.logger, clock, gateLayers };
}
/**
 * The baseline with each question's scores copied into a plain object (same keys, same order,
 * same values). Read through the schema's record, every scores object is built key by key and
 * V8 keeps it as a hash table of ~1.9 KB; the copies share one shape and take a quarter of
 * that: ~140 MB less at 100,000 questions, held from loading to the comparison.
 */
function withLeanScores(baseline) {
    for (const q of Object.values(baseline.questions ?? {}))
        q.scores = { ...q.scores };
    return baseline;
}
/**
 * The values of the environment variables a run sends somewhere (the judge key, the HTTP
 * candidate's `${ENV}` headers): the redactor and the Action's mask hide them. The judge key
 * counts even when no LLM judge runs, because the candidate command inherits it.
 */
function secretValues(config, { env, cwd }) {
    const candidate = config.candidate ? makeCandidate(config.candidate, { env, cwd }) : null;
    // the judge's key (whichever provider's default, since a candidate command inherits it even when no judge runs), its ${VAR} headers, the candidate's
    const names = [config.judge.api_key_env ?? 'OPENAI_API_KEY', 'AZURE_OPENAI_API_KEY', ...(0,factory/* judgeSecretEnv */.bM)(config), ...(candidate?.secretEnv ?? [])];
    return names.flatMap((name) => (env[name] ? [env[name]] : []));
}
function runEvalSet(full, version, shard, select, warn) {
    const file = full.file;
    if (shard && (select.only !== undefined || select.failingFrom !== undefined)) {
        throw new errors/* GateError */.ue('usage', `${select.only !== undefined ? '--only' : '--failing-from'} and --shard cannot be combined`, 'a subset runs in one job: drop --shard');
    }
    const subset = selectSubset(full.rows, select, warn);
    return {
        file,
        version,
        rows: subset?.rows ?? (shard ? shardRows(full.rows, shard.index, shard.count) : full.rows),
        fingerprint: full.fingerprint,
        ids: new Set(full.rows.map((r) => r.id)),
        shard: shard ? { ...shard, total_questions: full.rows.length } : null,
        subset: subset?.subset ?? null,
    };
}


/***/ })

};
