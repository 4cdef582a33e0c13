import { main } from './main.ts'

const color = process.stdout.isTTY === true && !process.env.NO_COLOR
process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  color: color || process.env.FORCE_COLOR === '1',
})
