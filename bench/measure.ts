/**
 * Runs one CLI command in this process and prints its wall time and peak memory as JSON on
 * the last stderr line, so the benchmark measures the product without a harness around it.
 */
import { main } from '../src/cli/main.ts'

const started = performance.now()
const cpuStart = process.cpuUsage()
const code = await main(process.argv.slice(2), { stdout: () => undefined, stderr: (t) => process.stderr.write(t), color: false })
const ms = performance.now() - started
const cpu = process.cpuUsage(cpuStart)
// CPU time of main() beside its wall time: on a busy shared machine the wall time also counts waiting for a core
process.stderr.write(`\n${JSON.stringify({ code, ms, cpuMs: (cpu.user + cpu.system) / 1000, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`)
process.exitCode = code === 2 ? 2 : 0
