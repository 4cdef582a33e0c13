/**
 * The default English refusal phrases against the ways bots really say they have no answer,
 * and against ordinary answers that share words with a refusal ("sorry", "no information",
 * "not available", "can't") and must not count as one.
 *
 * The refusals are wordings found in public RAG prompt templates ("If the answer is not in the
 * context, reply …"), support-bot system prompts and fallback messages (Copilot Studio,
 * LivePerson, Hexabot, open-source RAG apps), and the bot of issue 29, each lightly varied as
 * a model would say it.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { scoreRules } from '../../src/metrics/deterministic.ts'
import { isRefusal } from '../../src/metrics/rules.ts'
import { DEFAULT_REFUSAL_PHRASES } from '../../src/schemas/config.ts'
import { makeRow, makeRules } from './factories.ts'

const REFUSALS = [
  // issue 29's bot
  "Sorry, I couldn't find that in the manual pages.",
  'That option is not available in our documentation.',
  "Sorry, we don't cover that here.",
  "I don't have information about that in the Tallyboard knowledge base.",
  // RAG prompt templates' fallback answers
  "I don't know.",
  "I don't know. I couldn't find any information about that in the provided documents.",
  "I'm sorry, but the requested information is not available in the provided documents.",
  'I don’t know based on the available information.',
  'I’m sorry, but I couldn’t find the answer to your question in the provided documents.',
  'I am sorry, but I do not have enough information to answer that.',
  "You don't have information about that in your knowledge base, so I can't answer.",
  // support-bot system prompts and fallbacks
  "I don't have specific information about that in our knowledge base, but I can help you with topics like user management.",
  "I don't have information about enterprise plans in my knowledge base. Please contact sales.",
  "I apologize, but I don't have that specific information in my knowledge base.",
  'That information is not available in my current knowledge base.',
  "I don't have access to that specific information.",
  "I don't have information about that topic. Is there something else I can help you with?",
  "Sorry, I'm not sure how to answer that.",
  'That is something I am not able to help with directly, but the support team can assist you.',
  "I'm sorry, I'm not sure how to help with that.",
  // how models phrase "the context does not say"
  'The provided context does not contain information about refund windows.',
  "The documentation doesn't mention a rate limit for this endpoint.",
  'The docs do not say whether exports include archived projects.',
  'This is not mentioned in the documentation I have.',
  'I was unable to find anything about SAML in the docs.',
  "I can't find that option in the manual.",
  'Unfortunately there is no information on that in the knowledge base.',
  'That question is outside my scope: I only answer questions about Tallyboard.',
  'That topic is not covered in our documentation.',
  'I cannot answer that from the available sources.',
  "We couldn't find an article that answers this.",
  'I have no information about that.',
]

const ANSWERS = [
  'No information is shared with third parties without your consent [1].',
  'SSO is not available on the free plan; upgrade to Business [2].',
  'Sorry for the confusion: refunds take 5 business days [1].',
  "You can't delete a project that has active deployments; archive it first [3].",
  "We don't cover shipping costs for returns outside the EU [2].",
  'Use gzip -k to keep the original file; without it, gzip deletes it [1].',
  'If you cannot find the Export button, it is under Settings → Data [4].',
  'Damage outside the scope of the warranty is charged at cost [2].',
  'The API does not cover webhook retries beyond 24 hours [1].',
  'There is no limit on the number of seats in the Enterprise plan [3].',
  'The context menu does not show deleted items; open the Trash instead [1].',
  'Unable to log in? Reset your password at /reset [2].',
  "Members don't have access to billing unless an admin grants it [1].",
  'The release notes list no breaking changes for 2.3.0 [2].',
  'Passwords are never stored in plain text [1].',
]

describe('the default refusal phrases', () => {
  for (const answer of REFUSALS) {
    it(`take "${answer}" as a refusal`, () => assert.equal(isRefusal(answer, DEFAULT_REFUSAL_PHRASES), true))
  }
  for (const answer of ANSWERS) {
    it(`take "${answer}" as an answer`, () => assert.equal(isRefusal(answer, DEFAULT_REFUSAL_PHRASES), false))
  }
})

describe('a failed refuse_ok', () => {
  it('names the setting that decides what a refusal says', () => {
    const scores = scoreRules(makeRow({ should_refuse: true }), 'The stock will rise tomorrow.', makeRules())
    assert.equal(scores.refuse_ok?.value, 0)
    assert.match(scores.refuse_ok?.reason ?? '', /rules\.refusal_phrases/)
  })
})
