import type { TextPaths } from '../text/redactValues.ts'

/**
 * The fields of results.json that are text for people rather than evalgate's own machine
 * strings: what the candidate said (answers, its errors), what the judge's API said (reasons,
 * claims, error messages, model strings and response ids), sentences that quote either, and
 * the labels and paths a user typed (a version, a path, the candidate's command or URL, the
 * eval set's questions), where a secret pasted by mistake must not be repeated. Registered
 * secrets are redacted in exactly these before the file is written. Every other string is one
 * the file's own consistency rests on: ids, metric and category names (keys elsewhere), verdict
 * and status words, the eval set's version label and the judge's identity (compared with the
 * baseline's), dates and hashes. Redacting one of those because a secret happened to equal it
 * would make the file say something else, or make it invalid, and hide nothing.
 * test/io/redactValues.test.ts walks the schemas: a new string field must be named on one side.
 */
export const RESULTS_OUTSIDE_TEXT: TextPaths = [
  ['run', 'version'],
  ['run', 'eval_set_path'],
  ['run', 'subset', 'by'],
  ['run', 'candidate'],
  ['run', 'judge_label'],
  ['run', 'notes', '*'],
  ['run', 'judge_stopped', 'cause'],
  ['run', 'judge_stopped', 'fix'],
  ['questions', '*', 'question'],
  ['questions', '*', 'answer'],
  ['questions', '*', 'notes', '*'],
  ['questions', '*', 'errors', '*'],
  ['questions', '*', 'claims', '*', 'text'],
  ['questions', '*', 'claims', '*', 'evidence'],
  ['questions', '*', 'judge_calls', '*', 'model'],
  ['questions', '*', 'judge_calls', '*', 'id'],
  ['comparison', 'baseline', 'path'],
  ['comparison', 'baseline', 'version'],
  ['comparison', 'reasons', '*'],
  ['comparison', 'messages', '*'],
  ['comparison', 'metrics', '*', 'note'],
  ['comparison', 'regressions', '*', 'reason'],
  ['comparison', 'improvements', '*', 'reason'],
  ['comparison', 'baseline_answers', '*', 'answer'],
  ['comparison', 'judge_model_change'],
  ['comparison', 'gate_sources', '*'],
  ['comparison', 'update_command'],
]

/** The same for baseline.json: its version label, the questions and answers it keeps, their notes, the model strings the judge's API reported. */
export const BASELINE_OUTSIDE_TEXT: TextPaths = [
  ['version'],
  ['questions', '*', 'question'],
  ['questions', '*', 'answer'],
  ['questions', '*', 'notes', '*'],
  ['judge_reported_models', 'chat', '*'],
  ['judge_reported_models', 'embeddings', '*'],
]

/** For a document redacted before it is encoded (results.json: baseline/resultsFile.ts): nothing left to redact. */
export const NO_OUTSIDE_TEXT: TextPaths = []
