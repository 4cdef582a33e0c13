import type { EvalRow } from '../../schemas/evalSet.ts'

/**
 * The boundary cases the method asks every eval set to hold (seed 003, 1.1 "覆盖边界情况"):
 * questions that must be refused, questions the knowledge base cannot answer (the system must
 * admit it), and confusable questions (similar to another, with a different answer).
 */
export const BOUNDARY_KINDS = ['should_refuse', 'not_in_kb', 'confusable'] as const
export type BoundaryKind = (typeof BOUNDARY_KINDS)[number]

export const BOUNDARY_LABELS: Record<BoundaryKind, string> = {
  should_refuse: 'should-refuse (should_refuse: true, or category / kind "should_refuse", "拒答")',
  not_in_kb: 'not in the knowledge base (category / kind "not_in_kb", "out_of_scope", "out of scope", "unanswerable", "知识库没有")',
  confusable: 'confusable (category / kind "confusable", "易混淆")',
}

/** Words in a category or `kind` label that mark a boundary kind, matched in the label with spaces, - and _ removed. */
const MARKERS: Record<BoundaryKind, readonly string[]> = {
  should_refuse: ['shouldrefuse', 'refus', '拒答', '应拒'],
  not_in_kb: [
    'notinkb',
    'notintheknowledgebase',
    'notinknowledgebase',
    'outofkb',
    'outsidekb',
    'outofscope',
    'outsidescope',
    'offtopic',
    'unanswerable',
    'noanswer',
    '知识库没有',
    '知识库外',
    '库外',
    '超出范围',
    '无答案',
  ],
  confusable: ['confus', '混淆', '迷惑'],
}

function squash(label: string): string {
  return label
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_-]+/g, '')
}

/** The boundary kinds a category or `kind` label names (none for an ordinary category). */
export function kindsOfLabel(label: string): BoundaryKind[] {
  const squashed = squash(label)
  return BOUNDARY_KINDS.filter((kind) => MARKERS[kind].some((m) => squashed.includes(m)))
}

/** The boundary kinds a row belongs to: by should_refuse, its category, or a `kind` column. */
export function boundaryKinds(row: EvalRow): Set<BoundaryKind> {
  const kinds = new Set<BoundaryKind>()
  if (row.should_refuse) kinds.add('should_refuse')
  const kindCell = row.extra.kind
  const labels = [row.category, typeof kindCell === 'string' || typeof kindCell === 'number' ? String(kindCell) : null]
  for (const label of labels) if (label) for (const kind of kindsOfLabel(label)) kinds.add(kind)
  return kinds
}
