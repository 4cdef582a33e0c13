/**
 * The reference, rendered from the code's own tables: action.yml's `inputs:` block and the
 * inputs table from the option table (src/run/options/options.ts), the outputs table from action.yml's
 * `outputs:`, the CLI reference from the `--help` texts the CLI prints (src/cli/help.ts,
 * mainHelp.ts) and the metric table from the metric definitions (src/metrics/definitions.ts).
 * Pure: `renderReference` takes the files as they are and returns them as they should be;
 * scripts/reference.ts writes or checks them, test/repo/reference.test.ts fails on drift.
 */
import { parse } from 'yaml'
import { helpFor } from '../src/cli/help.ts'
import { MAIN_HELP } from '../src/cli/mainHelp.ts'
import { SCALES } from '../src/metrics/definitions.ts'
import { registry, type MetricDefinition } from '../src/metrics/registry.ts'
import { COMMANDS, CONFIG_DEFAULTS, type OptionSpec } from '../src/run/options/option.ts'
import { actionInputs } from '../src/run/options/options.ts'
import { DEFAULT_GATE } from '../src/schemas/gate.ts'

/** The command that rewrites every generated part; drift messages name it. */
export const FIX_COMMAND = 'npm run reference'

/** A file's text, or null when it does not exist. */
export type Read = (path: string) => string | null

/** A docs page holding generated blocks between `<!-- generated:NAME -->` markers, hand-written prose around them. */
interface Page {
  path: string
  title: string
  blocks: { name: string; render: (read: Read) => string }[]
}

export const PAGES: readonly Page[] = [
  {
    path: 'docs/action.md',
    title: 'The GitHub Action: inputs and outputs',
    blocks: [
      { name: 'action-inputs', render: () => inputsTable(actionInputs()) },
      { name: 'action-outputs', render: (read) => outputsTable(required(read, 'action.yml')) },
    ],
  },
  { path: 'docs/cli.md', title: 'CLI reference', blocks: [{ name: 'cli', render: () => cliReference() }] },
  { path: 'docs/metrics.md', title: 'Metrics', blocks: [{ name: 'metrics', render: () => metricTable(registry.definitions) }] },
]

/** Every generated file with the text it should have, in a fixed order: action.yml, then the pages. */
export function renderReference(read: Read): Map<string, string> {
  const files = new Map<string, string>()
  files.set('action.yml', withActionInputs(required(read, 'action.yml'), actionInputs()))
  for (const page of PAGES) {
    let text = read(page.path) ?? skeleton(page)
    for (const block of page.blocks) text = replaceBlock(text, page.path, block.name, block.render(read))
    files.set(page.path, text)
  }
  return files
}

/** The generated files whose text differs from what `renderReference` gives. */
export function driftedFiles(read: Read): string[] {
  return [...renderReference(read)].filter(([path, text]) => read(path) !== text).map(([path]) => path)
}

function required(read: Read, path: string): string {
  const text = read(path)
  if (text === null) throw new Error(`${path} does not exist`)
  return text
}

function skeleton(page: Page): string {
  return `# ${page.title}\n\n${page.blocks.map((b) => `<!-- generated:${b.name} -->\n<!-- /generated:${b.name} -->\n`).join('\n')}`
}

/** Replaces what lies between a page's markers, leaving everything around them as written. */
export function replaceBlock(text: string, path: string, name: string, content: string): string {
  const open = `<!-- generated:${name} -->\n`
  const close = `<!-- /generated:${name} -->`
  const start = text.indexOf(open)
  const end = text.indexOf(close, start)
  if (start < 0 || end < 0) throw new Error(`${path}: no "${open.trim()}" … "${close}" markers: put them, each on a line of its own, where the generated block belongs`)
  const note = `<!-- written by "${FIX_COMMAND}" from the code: edit the source, not this block -->\n`
  return text.slice(0, start) + open + note + content.trimEnd() + '\n' + text.slice(end)
}

/** action.yml with its `inputs:` block rewritten from the option table; every other part as written. */
export function withActionInputs(actionYml: string, specs: readonly OptionSpec[]): string {
  const start = actionYml.search(/^inputs:\n/m)
  if (start < 0) throw new Error('action.yml: no top-level "inputs:" key to write the inputs under')
  const rest = actionYml.slice(start + 'inputs:\n'.length)
  const next = rest.search(/^\S/m)
  const after = next < 0 ? '' : rest.slice(next)
  return actionYml.slice(0, start) + actionInputsYaml(specs) + after
}

function actionInputsYaml(specs: readonly OptionSpec[]): string {
  const entries = specs.map((spec) => {
    const lines = [`  ${spec.input}:`, `    description: ${yamlScalar(describe(spec))}`, '    required: false']
    const fallback = spec.actionDefault ?? spec.default
    if (fallback !== undefined) lines.push(`    default: ${yamlScalar(fallback)}`)
    return lines.join('\n') + '\n'
  })
  return 'inputs:\n' + entries.join('')
}

function describe(spec: OptionSpec): string {
  if (spec.description === undefined) throw new Error(`src/run/options/options.ts: input "${spec.input}" has no description: give it one (it is its action.yml description)`)
  return spec.description
}

/** Words a YAML 1.1 reader (some still are) takes for a boolean or null: quoted even where YAML 1.2 would not need it. */
const YAML_11_WORDS = /^(y|n|yes|no|on|off|true|false|null|~)$/i

/**
 * A string as a YAML scalar: plain when it holds no character YAML (or a reader of it) might
 * take for syntax and reads back as itself, else a double-quoted (JSON) string, which YAML
 * reads back as the same text.
 */
export function yamlScalar(text: string): string {
  const plain = !YAML_11_WORDS.test(text) && /^[A-Za-z0-9(][^:#{}[\]"'`&*!|>%@\n]*$/.test(text) && !/\s$/.test(text) && readsBack(text)
  return plain ? text : JSON.stringify(text)
}

function readsBack(text: string): boolean {
  try {
    return (parse(`v: ${text}`) as { v: unknown }).v === text
  } catch {
    return false
  }
}

/** A Markdown table cell: one line, its pipes escaped. */
function cell(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').replaceAll('|', '\\|')
}

const code = (text: string) => (text === '' ? '' : `\`${text}\``)

function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`
  return [line(head), line(head.map(() => '---')), ...rows.map((r) => line(r.map(cell)))].join('\n')
}

/** The default of a dot path of evalgate.yml (gate settings: their own defaults), as text; '' when it has none. */
export function settingDefault(setting: string): string {
  const [head, ...path] = setting.split('.')
  const root: unknown = head === 'gate' ? DEFAULT_GATE : (CONFIG_DEFAULTS as Record<string, unknown>)[head!]
  const value = path.reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), root)
  if (Array.isArray(value)) return value.join(',')
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : ''
}

export function inputsTable(specs: readonly OptionSpec[]): string {
  const rows = specs.map((spec) => {
    const fallback = spec.actionDefault ?? spec.default ?? (spec.setting ? settingDefault(spec.setting) : '')
    return [code(spec.input!), code(fallback), code(spec.setting ?? ''), describe(spec) + (spec.secret ? ' Masked in the log.' : '')]
  })
  return table(['input', 'default', 'overrides in evalgate.yml', 'what it does'], rows)
}

export function outputsTable(actionYml: string): string {
  const outputs = (parse(actionYml) as { outputs?: Record<string, { description: string }> }).outputs ?? {}
  return table(
    ['output', 'what it holds'],
    Object.entries(outputs).map(([name, o]) => [code(name), o.description]),
  )
}

/** `evalgate --help`, then every command's `--help`, as the CLI prints them. */
export function cliReference(): string {
  const block = (title: string, text: string) => `### \`${title}\`\n\n\`\`\`text\n${text.trimEnd()}\n\`\`\`\n`
  return [block('evalgate --help', MAIN_HELP), ...COMMANDS.map((command) => block(`evalgate ${command} --help`, helpFor(command)))].join('\n')
}

const fillK = (text: string) => text.replaceAll('{k}', 'k')

/** The metric's scale (SCALES in the definitions), as the table shows it: "0–1", "0 or 1", "ms, ≥ 0". */
function range(d: MetricDefinition): string {
  const scale = SCALES[d.unit]
  if (scale.max === Number.POSITIVE_INFINITY) return `${scale.words}, ≥ ${scale.min}`
  return d.binary ? `${scale.min} or ${scale.max}` : `${scale.min}–${scale.max}`
}

export function metricTable(definitions: readonly MetricDefinition[]): string {
  const rows = definitions.map((d) => [
    code(d.name),
    fillK(d.description),
    d.family,
    d.tiers.join(', '),
    d.direction.better,
    range(d),
    d.gate === 'latency_rise' ? '`latency_rise` (p50, p95)' : '`max_drop`',
    fillK(d.nullWhen),
  ])
  return table(['metric', 'what it measures', 'family', 'computed by', 'direction', 'range', 'a change is held against', 'null when'], rows)
}
