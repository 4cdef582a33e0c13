/**
 * Every judge setting is documented where users look for it: each key of judge.* and
 * embeddings.* appears in the settings block of the LLM judge's page (docs/judge.md), with its
 * default where it has one.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { EmbeddingsConfigSchema, JudgeConfigSchema } from '../../src/schemas/judgeConfig.ts'

const page = readFileSync(new URL('../../docs/judge.md', import.meta.url), 'utf8')
const block = /```yaml\n([\s\S]*?)```/.exec(page)?.[1] ?? ''

describe('the judge settings in docs/judge.md', () => {
  it('lists every judge.* setting in the settings block, with the default the schema gives', () => {
    const defaults = JudgeConfigSchema.parse({ provider: 'openai' }) as Record<string, unknown>
    for (const key of Object.keys(JudgeConfigSchema.shape)) {
      const line = new RegExp(`^  ${key}: (.*)$`, 'm').exec(block.slice(0, block.indexOf('\nembeddings:')))
      assert.ok(line, `judge.${key} is not in docs/judge.md's settings block`)
      const value = defaults[key]
      if (typeof value === 'number' || typeof value === 'boolean') assert.match(line[1]!, new RegExp(`^${String(value)}\\b`), `judge.${key}: docs/judge.md shows the default ${String(value)}`)
    }
  })

  it('lists every embeddings.* setting', () => {
    const embeddings = block.slice(block.indexOf('\nembeddings:'))
    for (const key of Object.keys(EmbeddingsConfigSchema.shape)) assert.match(embeddings, new RegExp(`\\b${key}\\b`), `embeddings.${key}`)
  })
})
