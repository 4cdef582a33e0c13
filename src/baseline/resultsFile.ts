import { commandLine } from '../io/cliInvocation.ts'
import { GateError, jsonErrorLocation, Problems } from '../io/errors.ts'
import { redactAt } from '../text/redactValues.ts'
import { issueText } from '../io/zodIssue.ts'
import { NO_OUTSIDE_TEXT, RESULTS_OUTSIDE_TEXT } from '../schemas/outsideText.ts'
import { RESULTS_SCHEMA_VERSION } from '../schemas/results.ts'
import { jsonProblem, nanFix, readJsonInput } from './jsonInput.ts'
import { checkSchemaVersion } from './schemaVersion.ts'
import { writeJsonFile } from '../io/jsonFile.ts'
import { encodeResults } from '../schemas/encodeResults.ts'
import { plainResults } from '../schemas/plainResults.ts'
import type { Results } from '../schemas/results.ts'
import { ResultsFileSchema } from '../schemas/resultsFile.ts'

/** A results.json of any schema (1, 2, 3), read into `Results`; an unreadable or invalid one is an error naming the file. */
export async function loadResults(path: string): Promise<Results> {
  const { lined, text } = await readJsonInput(path, 'results')
  let data = lined
  if (text !== undefined) {
    try {
      data = JSON.parse(text)
    } catch (error) {
      throw new GateError(
        'bad_input',
        `${path}${jsonErrorLocation(text, error)}: cannot read results: not valid JSON: ${jsonProblem(text, error)}`,
        nanFix(text, error) ?? `pass the results.json written by ${commandLine('run --out FILE')}`,
      )
    }
  }
  return parseResults(data, path)
}

/** A results.json's parsed JSON → `Results`. */
export function parseResults(data: unknown, path: string): Results {
  checkSchemaVersion(data, path, 'results', [1, 2, RESULTS_SCHEMA_VERSION], commandLine('run --out results.json'))
  // plain checks for a well-formed file; the schema for anything else, with its messages
  const plain = plainResults(data)
  if (plain) return plain
  const parsed = ResultsFileSchema.safeParse(data)
  if (parsed.success) return parsed.data
  const problems: Problems = new Problems()
  for (const issue of parsed.error.issues)
    problems.add(`${path}: not a valid evalgate results.json: field "${issue.path.join('.')}": ${issueText(issue, data)}`, `write it again with ${commandLine('run --out FILE')}`)
  problems.fail('bad_input')
}

/** Writes `results` as results.json of the current schema (schemas/resultsFile.ts). */
export function writeResultsFile(path: string, results: Results): void {
  // redacted before it is encoded: the notes shared by several questions are written once, redacted
  const { file, question } = encodeResults(redactAt(results, RESULTS_OUTSIDE_TEXT))
  writeJsonFile(path, file, NO_OUTSIDE_TEXT, undefined, { question, oneLineLists: true })
}
