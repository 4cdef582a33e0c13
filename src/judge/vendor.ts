import { tracedString } from './trace.ts'
import { knownAt } from '../io/known.ts'

export interface Vendor {
  id: string
  /** as the warning names it: "OpenAI models" */
  name: string
}

/**
 * Which vendor's family a model name belongs to, by the start of its bare name. One table:
 * a model family not listed here is unknown, and an unknown model never triggers the warning.
 */
const VENDORS: readonly { vendor: Vendor; names: RegExp; orgs: readonly string[] }[] = [
  { vendor: { id: 'openai', name: 'OpenAI' }, names: /^(gpt|chatgpt)(?![a-z]|-?(j|neo))|^o[134](?![a-z])|^(text-)?davinci/, orgs: ['openai', 'azure'] },
  { vendor: { id: 'anthropic', name: 'Anthropic' }, names: /^claude/, orgs: ['anthropic'] },
  { vendor: { id: 'google', name: 'Google' }, names: /^(gemini|gemma|palm|codegemma|medgemma)/, orgs: ['google', 'gemini'] },
  { vendor: { id: 'meta', name: 'Meta' }, names: /^(code)?llama/, orgs: ['meta', 'meta-llama', 'facebook'] },
  { vendor: { id: 'mistral', name: 'Mistral' }, names: /^(mistral|mixtral|codestral|ministral|pixtral|magistral|devstral)/, orgs: ['mistral', 'mistralai'] },
  { vendor: { id: 'qwen', name: 'Qwen (Alibaba)' }, names: /^(qwen|qwq|qvq)/, orgs: ['qwen', 'alibaba', 'dashscope'] },
  { vendor: { id: 'deepseek', name: 'DeepSeek' }, names: /^deepseek/, orgs: ['deepseek', 'deepseek-ai'] },
  { vendor: { id: 'microsoft', name: 'Microsoft' }, names: /^phi(?![a-z])/, orgs: ['microsoft'] },
  { vendor: { id: 'cohere', name: 'Cohere' }, names: /^(command-|c4ai-|aya)/, orgs: ['cohere', 'cohereforai'] },
  { vendor: { id: 'xai', name: 'xAI' }, names: /^grok/, orgs: ['xai', 'x-ai'] },
  { vendor: { id: 'zhipu', name: 'Zhipu' }, names: /^(glm|chatglm)/, orgs: ['zhipu', 'zhipuai', 'thudm', 'zai-org'] },
  { vendor: { id: 'moonshot', name: 'Moonshot' }, names: /^(kimi|moonshot)/, orgs: ['moonshot', 'moonshotai'] },
]

/** Amazon Bedrock ids: `anthropic.claude-…`, `us.meta.llama3-…` (a region, then the vendor, then the model). */
const BEDROCK = /^(?:[a-z]{2}\.)?(amazon|anthropic|meta|mistral|cohere|ai21|deepseek|qwen|openai)\./

/**
 * A model name as providers and gateways spell it, down to the vendor's own name:
 * `openai/gpt-4o-mini`, `azure/gpt-4o`, `models/gemini-1.5-pro`, `meta-llama/Llama-3.1-70B`,
 * `us.anthropic.claude-3-5-sonnet-…`, the Ollama tag `llama3:8b`. The organisations the path
 * names are kept too: `mistralai/Mistral-7B` is Mistral's by either.
 */
export function bareModel(model: string): { name: string; orgs: string[] } {
  const lower = model.trim().toLowerCase()
  const segments = lower.split('/').filter((s) => s !== '')
  let name = segments.at(-1) ?? ''
  const orgs = segments.slice(0, -1)
  const bedrock = BEDROCK.exec(name)
  if (bedrock) {
    orgs.push(knownAt(bedrock, 1, 'the Bedrock vendor'))
    name = name.slice(bedrock[0].length)
  }
  // an Ollama tag (`llama3:8b`), or a Bedrock version (`…-v1:0`): not part of the family
  const colon = name.indexOf(':')
  if (colon > 0) name = name.slice(0, colon)
  return { name, orgs }
}

/** The vendor whose family the model belongs to, or null when the table does not know it. */
export function vendorOf(model: string): Vendor | null {
  const { name, orgs } = bareModel(model)
  const byName = VENDORS.find((v) => v.names.test(name))
  if (byName) return byName.vendor
  return VENDORS.find((v) => orgs.some((org) => v.orgs.includes(org)))?.vendor ?? null
}

/** Whether two model names are the same vendor's (false when either is unknown). */
export function sameVendor(a: string, b: string): boolean {
  const va = vendorOf(a)
  return va !== null && va.id === vendorOf(b)?.id
}

/**
 * Self-preference: a judge rates answers of its own family higher. The warning when a model
 * the candidate declared (candidate.model, or a `model` field of its answers) is from the same
 * vendor as a model the judge was asked for or reported; null when none is. Declared names
 * are the candidate's text: shown as traced strings (secrets redacted, controls as codes, cut).
 */
export function sameVendorWarning(candidateModels: Iterable<string>, judgeModels: Iterable<string>): string | null {
  const judges = [...new Set(judgeModels)]
  for (const candidate of new Set(candidateModels)) {
    const vendor = vendorOf(candidate)
    if (!vendor) continue
    const judge = judges.find((j) => vendorOf(j)?.id === vendor.id)
    if (judge === undefined) continue
    const shown = (model: string) => tracedString(model) ?? '?'
    return `the judge (${shown(judge)}) and the candidate (${shown(candidate)}) are both ${vendor.name} models; judges tend to prefer their own family's answers (self-preference bias), so the LLM-judged scores may flatter the candidate. Fix: judge with another vendor's model (judge.model) to rule it out`
  }
  return null
}
