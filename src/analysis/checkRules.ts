/**
 * `evalgate check-rules`: the rule tier measured against human verdicts (seed 003, 3.4:
 * "规则也要验收": label ~100 answers pass / block, compute each rule's precision and recall;
 * a forbidden-word list that contains "不知道" is the classic false alarm).
 *
 * The positive class is "the rule flags a problem": precision = flagged and truly bad / flagged,
 * recall = flagged and truly bad / truly bad, F1 = 2tp / (2tp + fp + fn); each null when its
 * denominator is 0. The rules are the run's own (metrics/rules.ts), routed on should_refuse.
 */
import { GateError, locate } from '../io/errors.ts'
import type { Table } from '../io/tabular.ts'
import { isKnownMetric } from '../metrics/registry.ts'
import { scoreRules } from '../metrics/deterministic.ts'
import type { RulesConfig } from '../schemas/config.ts'
import { booleanCell, type EvalRow } from '../schemas/evalSet.ts'

export const RULE_COLUMNS = ['length_ok', 'citation_ok', 'no_forbidden', 'json_ok', 'refuse_ok', 'rules_pass'] as const
/** a single human verdict on the whole answer: measured against rules_pass */
const ACCEPTABLE = 'acceptable'
const OWN_COLUMNS = new Set(['id', 'answer', 'question', 'should_refuse'])

export interface Misjudged {
  id: string
  line: number
  /** false_positive: flagged although the human found it fine; false_negative: missed a real problem */
  error: 'false_positive' | 'false_negative'
  answer: string
  reason: string | null
}

export interface RuleCheck {
  /** the label column it was measured against */
  column: string
  precision: number | null
  recall: number | null
  f1: number | null
  tp: number
  fp: number
  fn: number
  tn: number
  /** labelled answers the rule does not apply to (a should-refuse question, a rule switched off) */
  not_applicable: number
  misjudged: Misjudged[]
}

export interface RulesCheckReport {
  answers: number
  rules: Record<string, RuleCheck>
  warnings: string[]
}

/** The rule each label column measures: its own name, or rules_pass for `acceptable`. */
export function labelColumns(table: Table): { column: string; rule: string }[] {
  const columns = table.columns ?? [...new Set(table.records.flatMap((r) => Object.keys(r.data)))]
  for (const required of ['id', 'answer']) {
    if (!columns.includes(required))
      throw new GateError('bad_input', `${locate(table.file, 1)}: missing column "${required}"`, 'a labels file has id, answer and one 0/1 column per rule (or acceptable)')
  }
  const known = new Set<string>([...RULE_COLUMNS, ACCEPTABLE])
  const unknown = columns.filter((c) => !known.has(c) && !OWN_COLUMNS.has(c) && /(_ok$|^no_)/.test(c))
  if (unknown.length > 0) throw new GateError('bad_input', `${locate(table.file, 1, unknown[0])}: not a rule`, `label columns are ${[...RULE_COLUMNS, ACCEPTABLE].join(', ')}`)
  if (columns.includes(ACCEPTABLE) && columns.includes('rules_pass')) {
    throw new GateError('bad_input', `${locate(table.file, 1, ACCEPTABLE)}: acceptable and rules_pass both label the whole answer`, 'keep one of the two columns')
  }
  const found = columns.filter((c) => known.has(c)).map((column) => ({ column, rule: column === ACCEPTABLE ? 'rules_pass' : column }))
  if (found.length === 0) throw new GateError('bad_input', `${locate(table.file, 1)}: no label column`, `add one 0/1 column per rule: ${[...RULE_COLUMNS, ACCEPTABLE].join(', ')}`)
  return found
}

/** A label cell: 1 fine, 0 not fine, empty not labelled. */
function verdict(table: Table, line: number, column: string, value: unknown): boolean | null {
  if (value === null || value === undefined || String(value).trim() === '') return null
  const parsed = booleanCell.safeParse(value)
  if (!parsed.success) throw new GateError('bad_input', `${locate(table.file, line, column)}: expected 1 (fine by this rule) or 0 (not), got "${String(value)}"`, 'write 1, 0, or leave the cell empty')
  return parsed.data
}

/**
 * Scores every labelled answer with the rules and counts, per label column, where the rule and
 * the human agree. `rowFor` gives the eval-set row an answer belongs to (its should_refuse,
 * expect_json and required_keys route the rules), or a bad-input error.
 */
export function checkRules(table: Table, rules: RulesConfig, rowFor: (id: string, line: number, data: Record<string, unknown>) => EvalRow): RulesCheckReport {
  const columns = labelColumns(table)
  // each label column with its rule's tally (labelColumns gives each rule one column)
  const tally = (column: string): RuleCheck => ({ column, precision: null, recall: null, f1: null, tp: 0, fp: 0, fn: 0, tn: 0, not_applicable: 0, misjudged: [] })
  const checked = columns.map(({ column, rule }) => ({ column, rule, check: tally(column) }))
  const checks: Record<string, RuleCheck> = Object.fromEntries(checked.map(({ rule, check }) => [rule, check]))
  for (const record of table.records) {
    const id = String(record.data.id ?? '').trim()
    if (id === '') throw new GateError('bad_input', `${locate(table.file, record.line, 'id')}: empty id`, 'every labelled answer needs the id of its question')
    const answer = record.data.answer
    if (typeof answer !== 'string' && typeof answer !== 'number') throw new GateError('bad_input', `${locate(table.file, record.line, 'answer')}: no answer`, 'give the answer the labels are about')
    const scores = scoreRules(rowFor(id, record.line, record.data), String(answer), rules)
    for (const { column, rule, check } of checked) {
      const fine = verdict(table, record.line, column, record.data[column])
      if (fine === null) continue
      const score = isKnownMetric(rule) ? scores[rule] : undefined
      if (!score || score.value === null) {
        check.not_applicable += 1
        continue
      }
      const flagged = score.value === 0
      if (flagged && !fine) check.tp += 1
      else if (flagged && fine) check.fp += 1
      else if (!flagged && !fine) check.fn += 1
      else check.tn += 1
      if (flagged === fine) check.misjudged.push({ id, line: record.line, error: flagged ? 'false_positive' : 'false_negative', answer: String(answer), reason: score.reason ?? null })
    }
  }
  for (const check of Object.values(checks)) {
    check.precision = ratio(check.tp, check.tp + check.fp)
    check.recall = ratio(check.tp, check.tp + check.fn)
    check.f1 = ratio(2 * check.tp, 2 * check.tp + check.fp + check.fn)
  }
  return { answers: table.records.length, rules: checks, warnings: [] }
}

function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator
}

/**
 * Rules that will misfire whatever the answers: a forbidden word that a refusal says (every
 * correct refusal to a question not marked should_refuse fails no_forbidden), or one that the
 * expected refusal of a should-refuse question contains.
 */
export function staticRuleWarnings(rules: RulesConfig, rows: readonly EvalRow[], lineOf: (id: string) => string): string[] {
  const warnings: string[] = []
  for (const word of rules.forbidden) {
    const lower = word.toLowerCase()
    const phrases = rules.refusal_phrases.filter((p) => p.toLowerCase().includes(lower))
    if (phrases.length > 0) {
      warnings.push(
        `forbidden word "${word}" is ${phrases.some((p) => p.toLowerCase() === lower) ? 'also a refusal phrase' : `inside the refusal phrase${phrases.length > 1 ? 's' : ''} ${phrases.map((p) => `"${p}"`).join(', ')}`}: a correct refusal fails no_forbidden wherever should_refuse is not set; remove it from rules.forbidden`,
      )
    }
    const refusals = rows.filter((r) => r.should_refuse && r.ground_truth?.toLowerCase().includes(lower))
    if (refusals.length > 0) {
      warnings.push(
        `forbidden word "${word}" appears in the ground truth of should-refuse question${refusals.length > 1 ? 's' : ''} ${refusals
          .slice(0, 5)
          .map((r) => lineOf(r.id))
          .join(', ')}${refusals.length > 5 ? ', …' : ''}: the expected refusal says it, so any question that expects such an answer without should_refuse fails no_forbidden`,
      )
    }
  }
  return warnings
}
