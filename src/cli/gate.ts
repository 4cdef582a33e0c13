import { commandLine } from '../io/cliInvocation.ts'
import { DEFAULT_BASELINE_PATH, baselineFromResults, loadBaseline, loadNamedBaseline, writeBaselineFile } from '../baseline/baseline.ts'
import { loadResults } from '../baseline/resultsFile.ts'
import { GateError } from '../io/errors.ts'
import { notABaseline } from '../baseline/eligible.ts'
import { checkOutputPaths } from '../io/safeWrite.ts'
import { mergeShardFiles } from '../run/pipeline/merge.ts'
import { compareResults, planOnly, runPipeline, DEFAULT_RESULTS_PATH, EXIT } from '../run/pipeline/pipeline.ts'
import { defaultEnvironment, prepareRun } from '../run/pipeline/prepare.ts'
import { resolveRun } from '../run/config/resolve.ts'
import { finish, readHistory, type CommandContext } from './command.ts'
import { countOf } from '../text/countOf.ts'
import { isLegacyFingerprint } from '../baseline/fingerprint.ts'
import { otherKindOfRunSet } from '../run/evalSet/olderFingerprint.ts'
import type { Results } from '../schemas/results.ts'
import { writtenSettingsText } from '../report/gateSettings.ts'

/** `evalgate run`: score the candidate, compare with the baseline when there is one; --plan-only: only say what the judge would cost. */
export async function runCommand({ flags, request, io, logger }: CommandContext): Promise<number> {
  const { config, source, gateLayers } = await resolveRun(request, 'cli')
  checkOutputPaths([config.out, config.report, config.history])
  const select = { only: flags.only as string | undefined, failingFrom: flags['failing-from'] as string | undefined }
  const prepare = () => prepareRun(config, defaultEnvironment(logger, io.env), source, gateLayers, select)
  if (flags['plan-only']) {
    await planOnly(await prepare())
    return EXIT.pass
  }
  // handed over, not kept here: the baseline and the eval set go when the pipeline is done with them, before the files are written
  const results = await runPipeline(await prepare(), config, config.out ?? DEFAULT_RESULTS_PATH)
  // the report's trend chart shows the runs before this one, then this run
  const history = await readHistory(config.history)
  // the fix command of an incomparable run names results.json: it is written even without --out
  const out = config.out ?? (results.comparison?.verdict === 'incomparable' ? DEFAULT_RESULTS_PATH : undefined)
  return finish(results, out, config.report, io, history, flags.verbose === true, config.history)
}

/** `evalgate compare`: a results.json against a baseline or another results.json. */
export async function compareCommand({ flags, request, io }: CommandContext): Promise<number> {
  const f = flags as { baseline?: string; candidate?: string; verbose?: boolean }
  if (!f.baseline || !f.candidate)
    throw new GateError('usage', 'compare needs --baseline FILE and --candidate RESULTS', `e.g. ${commandLine(`compare --baseline ${DEFAULT_BASELINE_PATH} --candidate results.json`)}`)
  const { config, gateLayers } = await resolveRun(request, 'cli', 'gate')
  checkOutputPaths([config.out, config.report])
  const results = await loadResults(f.candidate)
  const baseline = await loadNamedBaseline(f.baseline, '--baseline')
  // the update command names the results file that exists afterwards: --out, else the candidate's own
  const compared = await compareResults(results, baseline, gateLayers, config.out ?? f.candidate, f.baseline)
  return finish(compared, config.out, config.report, io, [], f.verbose)
}

/** `evalgate merge`: the shards' results joined, and compared when --baseline is given. */
export async function mergeCommand({ flags, request, positionals, io }: CommandContext): Promise<number> {
  const f = flags as { baseline?: string; history?: string; out?: string; report?: string; verbose?: boolean }
  if (!f.out) throw new GateError('usage', 'merge needs --out FILE', `e.g. ${commandLine('merge --out merged.json shard-*.json')}`)
  checkOutputPaths([f.out, f.report, f.history])
  let merged = await mergeShardFiles(positionals)
  if (f.baseline) {
    const { gateLayers } = await resolveRun(request, 'cli', 'gate')
    const baseline = await loadNamedBaseline(f.baseline, '--baseline')
    merged = await compareResults(merged, baseline, gateLayers, f.out, f.baseline)
  }
  const history = await readHistory(f.history)
  io.stderr(`merged ${countOf(positionals.length, 'shard')}: ${countOf(merged.run.question_count, 'question')}\n`)
  return finish(merged, f.out, f.report, io, history, f.verbose, f.history)
}

/**
 * A results.json written before schema 3 carries the eval-set fingerprint of the older kind: the
 * baseline gets the current kind when the eval set the run scored is there to recompute it from
 * (and still is that set); else the older one, which later runs recognise the same way.
 */
async function withCurrentFingerprint(results: Results): Promise<Results> {
  if (!isLegacyFingerprint(results.run.eval_set_fingerprint)) return results
  const current = await otherKindOfRunSet(results.run)
  return current ? { ...results, run: { ...results.run, eval_set_fingerprint: current } } : results
}

/** `evalgate baseline`: a baseline from a results.json, with the gate settings that gated that run. */
export async function baselineCommand({ flags, io }: CommandContext): Promise<number> {
  const f = flags as { results?: string; out: string; version?: string }
  if (!f.results) throw new GateError('usage', 'baseline needs --results RESULTS', `e.g. ${commandLine(`baseline --results results.json --out ${DEFAULT_BASELINE_PATH}`)}`)
  checkOutputPaths([f.out])
  const results = await loadResults(f.results)
  const refusal = notABaseline(results, f.results)
  if (refusal) throw refusal
  const previous = await loadBaseline(f.out)
  const baseline = baselineFromResults(await withCurrentFingerprint(results), previous, f.version ?? null, (io.now ?? (() => new Date()))())
  writeBaselineFile(f.out, baseline)
  io.stdout(
    `wrote ${f.out}: version ${baseline.version}, eval set ${baseline.eval_set_version}, ${countOf(Object.keys(baseline.questions ?? {}).length, 'question')}, ${countOf(Object.keys(baseline.metrics).length, 'metric')}\n`,
  )
  const c = results.comparison
  if (c) io.stdout(`${writtenSettingsText(c, baseline, f.results).join('\n')}\n`)
  else
    io.stdout(
      `${previous ? `gate settings kept from the previous ${f.out}` : 'no gate settings written (the defaults apply)'}: ${f.results} was not gated (merge the shards with --baseline to gate them)\n`,
    )
  return EXIT.pass
}
