/**
 * npm run demo: the gate end to end on the bundled example, offline, no API key.
 *
 * The committed baselines/baseline.json was written from the example RAG system with
 * heading-based chunking. This demo runs the gate on the same system with fixed
 * 500-character chunks, exactly as a pull request that changed the chunking would, and
 * prints the report a reviewer would see.
 */
import { readFileSync } from 'node:fs'
import { main } from '../../src/cli/main.ts'
import { cliCommand } from '../../src/io/cliInvocation.ts'

const args = ['run', '--config', 'evalgate.yml']
const color = process.stdout.isTTY === true && !process.env.NO_COLOR
const bold = (s: string) => (color ? `\u001b[1m${s}\u001b[0m` : s)
const rule = '─'.repeat(78)

console.log(bold('evalgate demo') + ': a PR switches the example knowledge-base QA system from heading-based chunking')
console.log('to fixed 500-character chunks. The gate runs the 50-question eval set against it and compares')
console.log('with the committed baseline (heading chunking).\n')
console.log(`$ ${cliCommand(args)}\n${rule}`)

const code = await main(args, {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  color,
})

if (code === 2) {
  console.error('\nThe demo could not run the gate (exit code 2): see the error above.')
  process.exitCode = 2
} else {
  console.log(`${rule}\nThe Markdown report (the same text becomes the PR comment and the job summary), out/report.md:\n${rule}`)
  console.log(readFileSync('out/report.md', 'utf8'))
  console.log(rule)
  const expected = 1
  const outcome = code === 1 ? 'FAILED' : 'PASSED'
  console.log(bold(`A real PR check would have ${outcome} here: evalgate exited with code ${code}.`))
  if (code === expected) {
    console.log('That is the designed outcome: fixed 500-character chunks cut rules in half, so retrieval and answer')
    console.log('quality drop on several questions and the gate blocks the change. (The demo itself exits 0.)')
  } else {
    console.log(`The designed outcome is exit code ${expected}: the baseline or the example changed; see the report above.`)
    process.exitCode = 1
  }
}
