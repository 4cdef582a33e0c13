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

const color = process.stdout.isTTY === true && !process.env.NO_COLOR
process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  color: color || process.env.FORCE_COLOR === '1',
})
