import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import * as core from '@actions/core'
import { mergeLayers, parseConfig, readConfigFile } from '../core/config.ts'
import { GateError, formatError } from '../core/errors.ts'
import { defaultDeps, runPipeline } from '../core/pipeline.ts'
import { renderReport } from '../report/markdown.ts'
import { readInputs } from './inputs.ts'

/** The Action: inputs → the same core as the CLI → outputs, job summary, check status. */
export async function run(): Promise<void> {
  try {
    const inputs = readInputs()
    const file = readConfigFile(inputs.config)
    const config = parseConfig(mergeLayers(file.data, inputs.overrides), file.source === 'flags' ? 'action inputs' : `${file.source} + action inputs`)
    const results = await runPipeline(config, defaultDeps({ info: core.info, warn: core.warning }), inputs.resultsPath)
    const report = renderReport(results)
    write(inputs.resultsPath, JSON.stringify(results, null, 2) + '\n')
    write(inputs.reportPath, report)
    await core.summary.addRaw(report).write()
    const verdict = results.comparison?.verdict ?? 'no_baseline'
    core.setOutput('verdict', verdict)
    core.setOutput('regressions', String(results.comparison?.regressions.length ?? 0))
    core.setOutput('results-path', inputs.resultsPath)
    core.setOutput('report-path', inputs.reportPath)
    if (verdict === 'fail') core.setFailed(`evalgate: gate failed\n${results.comparison!.reasons.join('\n')}`)
  } catch (error) {
    core.setOutput('verdict', error instanceof GateError && error.code === 'incomparable' ? 'incomparable' : 'error')
    core.setFailed(`evalgate: ${formatError(error)}`)
  }
}

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, text)
}
