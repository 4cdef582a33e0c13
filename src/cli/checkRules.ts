import { commandLine } from '../io/cliInvocation.ts'
import { checkRules, staticRuleWarnings, type RulesCheckReport } from '../analysis/checkRules.ts'
import { GateError, locate } from '../io/errors.ts'
import { readTable } from '../io/tabular.ts'
import { applyOverrides, readConfigFile, settingError, settingSource } from '../run/config/config.ts'
import { evalSetFromTable } from '../run/evalSet/evalSet.ts'
import { EXIT } from '../run/pipeline/pipeline.ts'
import { RulesConfigSchema, type RulesConfig } from '../schemas/config.ts'
import { BLANK_ROW, booleanCell, type EvalRow } from '../schemas/evalSet.ts'
import type { CommandContext } from './command.ts'
import { knownAt } from '../io/known.ts'

/**
 * `evalgate check-rules --labels labels.csv`: informs, never gates (exit 0 unless the input is
 * wrong). It reads only the rules and the eval set of evalgate.yml, and the rules without the
 * run's check that no forbidden word is a refusal phrase: that conflict is what it reports.
 */
export async function checkRulesCommand({ flags, request, io }: CommandContext): Promise<number> {
  const labelsFile = flags.labels as string | undefined
  if (!labelsFile) throw new GateError('usage', 'check-rules needs --labels FILE', `e.g. ${commandLine('check-rules --labels eval/rule_labels.csv')}`)
  const { rules, evalSetFile } = await rulesSettings(request.configFile, request.overrides)
  const table = await readTable(labelsFile, 'labels file')
  const evalTable = evalSetFile ? await readTable(evalSetFile, 'eval set') : null
  const rows = evalTable ? new Map(evalSetFromTable(evalTable).rows.map((r) => [r.id, r])) : null
  const evalLines = new Map((evalTable?.records ?? []).map((r) => [String(r.data.id ?? '').trim(), r.line]))
  const rowFor = (id: string, line: number, data: Record<string, unknown>): EvalRow => {
    const given = data.should_refuse === undefined || String(data.should_refuse).trim() === '' ? null : booleanCell.safeParse(data.should_refuse)
    if (given && !given.success)
      throw new GateError('bad_input', `${locate(labelsFile, line, 'should_refuse')}: expected true/false/1/0/yes/no, got "${String(data.should_refuse)}"`, 'write true or false')
    const row = rows?.get(id)
    if (rows && !row)
      throw new GateError(
        'bad_input',
        `${locate(labelsFile, line, 'id')}: "${id}" is not in the eval set ${evalSetFile}`,
        'label answers to the questions of this eval set, or pass --eval-set with the right one',
      )
    if (row && given && given.data !== row.should_refuse) {
      throw new GateError(
        'bad_input',
        `${locate(labelsFile, line, 'should_refuse')}: says ${given.data}, the eval set says ${row.should_refuse} for "${id}"`,
        'drop the column from the labels file, or fix one of the two',
      )
    }
    return row ?? { ...BLANK_ROW, id, should_refuse: given?.data ?? false }
  }
  const report = checkRules(table, rules, rowFor)
  report.warnings.push(...staticRuleWarnings(rules, [...(rows?.values() ?? [])], (id) => `${id} (${locate(evalSetFile ?? '', evalLines.get(id))})`))
  if (!rows && !table.records.some((r) => 'should_refuse' in r.data)) report.warnings.push('no eval set and no should_refuse column: every answer was routed as an answerable question')
  io.stdout(flags.json ? JSON.stringify(report, null, 2) + '\n' : describe(report))
  return EXIT.pass
}

/** evalgate.yml's rules (checked on their own) and eval set, with --eval-set over the file's. */
async function rulesSettings(configFile: string | undefined, overrides: Record<string, unknown>): Promise<{ rules: RulesConfig; evalSetFile: string | undefined }> {
  const file = await readConfigFile(configFile)
  const merged = applyOverrides(file.data, overrides)
  // located and worded as every other setting's problem (run/config/config.ts)
  const where = settingSource(overrides, () => 'flags', file.locate, file.source === null ? 'flags' : `${file.source} + flags`)
  const parsed = RulesConfigSchema.safeParse(merged.rules ?? {})
  if (!parsed.success) {
    const issue = knownAt(parsed.error.issues, 0, 'the first issue of a failed parse')
    throw settingError({ ...issue, path: ['rules', ...issue.path] }, merged, where)
  }
  const evalSet = merged.eval_set
  if (evalSet !== undefined && typeof evalSet !== 'string') throw new GateError('bad_config', `${where(['eval_set'])}: setting "eval_set": expected a file name`, 'e.g. eval_set: eval/eval_set.csv')
  return { rules: parsed.data, evalSetFile: evalSet }
}

function describe(r: RulesCheckReport): string {
  const f = (v: number | null) => (v === null ? '—' : v.toFixed(2))
  const plain = (t: string) => t.replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu, ' ').replace(/\s+/g, ' ')
  const clip = (t: string) => (t.length > 60 ? `${t.slice(0, 59)}…` : t)
  const lines = [`${r.answers} labelled answers; positive = the rule flags a problem`, '', 'rule            precision  recall    F1    tp   fp   fn   tn   n/a']
  for (const [rule, c] of Object.entries(r.rules)) {
    const counts = [c.tp, c.fp, c.fn, c.tn, c.not_applicable].map((n) => String(n).padStart(4)).join(' ')
    lines.push(`${rule.padEnd(15)} ${f(c.precision).padStart(9)} ${f(c.recall).padStart(7)} ${f(c.f1).padStart(5)} ${counts}${c.column !== rule ? `   (labels: ${c.column})` : ''}`)
  }
  for (const [rule, c] of Object.entries(r.rules)) {
    if (c.misjudged.length === 0) continue
    lines.push('', `${rule} misjudges ${c.misjudged.length}:`)
    for (const m of c.misjudged.slice(0, 20)) {
      const what = m.error === 'false_positive' ? 'flags a fine answer' : 'misses a bad answer'
      lines.push(`  ${plain(m.id)} (line ${m.line}): ${what}${m.reason && m.error === 'false_positive' ? ` (${plain(m.reason)})` : ''}: "${clip(plain(m.answer))}"`)
    }
    if (c.misjudged.length > 20) lines.push(`  … and ${c.misjudged.length - 20} more (--json lists them all)`)
  }
  for (const w of r.warnings) lines.push('', `warning: ${plain(w)}`)
  return lines.join('\n') + '\n'
}
