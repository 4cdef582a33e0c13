import type { Results } from '../schemas/results.ts'
import { codeBlock } from './escape.ts'

/** The command that writes a new baseline from this run: folded after a normal run, in view when the baseline is not comparable. */
export function updateSection(results: Results): string {
  const command = results.comparison?.update_command
  if (!command) return ''
  if (results.comparison?.verdict === 'incomparable') {
    return ['If the change is intended (a new eval set version, judge or metric definition), write a new baseline from this run and commit it:', '', codeBlock(command, 'sh')].join('\n')
  }
  return [
    '<details><summary>Update the baseline</summary>',
    '',
    'If this change is intended, regenerate the baseline and commit it, so the reviewer sees the new scores as a diff:',
    '',
    // the command holds paths and labels a user typed: a fence they cannot close, secrets redacted
    codeBlock(command, 'sh'),
    '',
    '</details>',
  ].join('\n')
}
