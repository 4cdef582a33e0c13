/**
 * Runs one CLI command in this process and prints its wall time and peak memory as JSON on
 * the last stderr line, so the benchmark measures the product without a harness around it.
 */
import { main } from '../src/cli/main.ts'

const started = performance.now()
const code = await main(process.argv.slice(2), { stdout: () => undefined, stderr: (t) => process.stderr.write(t), color: false })
const ms = performance.now() - started
const usage = process.resourceUsage()
// CPU time beside wall time: on a shared machine the wall time also counts the other processes
process.stderr.write(`\n${JSON.stringify({ code, ms, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000, maxRssMb: usage.maxRSS / 1024 })}\n`)
process.exitCode = code === 2 ? 2 : 0
