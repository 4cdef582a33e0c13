import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { bareModel, sameVendor, sameVendorWarning, vendorOf } from '../../src/judge/vendor.ts'

describe('vendorOf: one table of model families', () => {
  it('reads the vendor through provider prefixes, Ollama tags and Bedrock ids', () => {
    const cases: [string, string | null][] = [
      ['gpt-4o', 'openai'],
      ['openai/gpt-4o-mini', 'openai'],
      ['azure/gpt-4.1', 'openai'],
      ['o3-mini', 'openai'],
      ['chatgpt-4o-latest', 'openai'],
      ['gpt-oss:20b', 'openai'],
      ['claude-3-5-sonnet-20241022', 'anthropic'],
      ['us.anthropic.claude-3-5-sonnet-20240620-v1:0', 'anthropic'],
      ['models/gemini-1.5-pro', 'google'],
      ['gemma2:9b', 'google'],
      ['llama3:8b', 'meta'],
      ['meta-llama/Llama-3.1-70B', 'meta'],
      ['meta.llama3-70b-instruct-v1:0', 'meta'],
      ['mistralai/Mixtral-8x7B-Instruct-v0.1', 'mistral'],
      ['codestral-latest', 'mistral'],
      ['Qwen/Qwen2.5-72B-Instruct', 'qwen'],
      ['qwen2.5:7b', 'qwen'],
      ['deepseek-ai/DeepSeek-R1', 'deepseek'],
      ['EleutherAI/gpt-j-6b', null],
      ['my-rag-bot', null],
      ['', null],
    ]
    for (const [model, vendor] of cases) assert.equal(vendorOf(model)?.id ?? null, vendor, model)
  })

  it('the organisation in the path decides when the name alone does not', () => {
    assert.equal(vendorOf('mistralai/my-finetune')?.id, 'mistral')
    assert.deepEqual(bareModel('Meta-Llama/Llama-3.1-70B'), { name: 'llama-3.1-70b', orgs: ['meta-llama'] })
  })

  it('same vendor or not', () => {
    assert.equal(sameVendor('openai/gpt-4o-mini', 'gpt-4.1'), true)
    assert.equal(sameVendor('claude-3-5-sonnet', 'gpt-4o'), false)
    assert.equal(sameVendor('llama3:8b', 'meta-llama/Llama-3.1-70B'), true)
    assert.equal(sameVendor('my-rag-bot', 'my-rag-bot'), false, 'an unknown model is nobody’s')
  })
})

describe('sameVendorWarning', () => {
  it('names both models and the vendor; nothing when the vendors differ or nothing is declared', () => {
    const warning = sameVendorWarning(['gpt-4o'], ['gpt-4o-mini', 'gpt-4o-mini-2024-07-18'])
    assert.match(warning ?? '', /the judge \(gpt-4o-mini\) and the candidate \(gpt-4o\) are both OpenAI models; judges tend to prefer their own family's answers/)
    assert.equal(sameVendorWarning(['claude-3-5-sonnet'], ['gpt-4o-mini']), null)
    assert.equal(sameVendorWarning([], ['gpt-4o-mini']), null)
  })

  it('a declared model is the candidate’s text: control characters are shown as codes', () => {
    const warning = sameVendorWarning(['gpt-4o\u001b[2J\u202e'], ['gpt-4o-mini']) ?? ''
    assert.ok(!warning.includes('\u001b') && !warning.includes('\u202e'), warning)
    assert.match(warning, /gpt-4o\\x1b\[2J\\u202e/)
  })
})
