import { describeInvocation } from '../io/cliInvocation.ts'
import { main } from './main.ts'

// Ctrl-C (or a CI runner's SIGTERM): say so, then die by the signal as a shell expects (exit
// status 130 / 143). `once`: the re-raised signal finds no listener and takes its default action.
// Every file is written to a temporary name and renamed, so none is left half-written.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    process.stderr.write(`\nevalgate: interrupted (${signal}); no file was left half-written\n`)
    process.kill(process.pid, signal)
  })
}

// `evalgate … | head`: once the reader has gone, the rest of the output has nowhere to go and is
// dropped; the command still finishes (its files are written) and exits with its own status.
// Without a listener the EPIPE is an uncaught 'error' event: a stack trace and exit 1.
const closed = { stdout: false, stderr: false }
for (const name of ['stdout', 'stderr'] as const) {
  process[name].on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error
    closed[name] = true
  })
}

const color = process.stdout.isTTY === true && !process.env.NO_COLOR
process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => closed.stdout || process.stdout.write(text),
  stderr: (text) => closed.stderr || process.stderr.write(text),
  color: color || process.env.FORCE_COLOR === '1',
  env: process.env,
  invocation: describeInvocation({ script: process.argv[1] ?? '', execArgv: process.execArgv, cwd: process.cwd() }),
})
