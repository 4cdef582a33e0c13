/**
 * Phrases that make an answer a refusal, per language. Matching ignores case, full-width forms
 * and apostrophes ("I don’t know", "I don't know" and "I dont know" are one phrase), so each is
 * written once, with a straight apostrophe.
 *
 * The English ones are the ways bots say they have no answer, gathered from public RAG prompt
 * templates ("If the answer is not in the context, say …"), support-bot fallback messages and
 * the bot, and checked against answers that must not match (test/metrics/refusals.test.ts):
 * each phrase names the speaker ("I", "we") or the source ("the documentation", "the context"),
 * because "sorry", "no information" or "not available" alone also occur in ordinary answers
 * ("No information is shared with third parties", "SSO is not available on the free plan").
 */
export const DEFAULT_REFUSAL_PHRASES_BY_LANGUAGE = {
  zh: ['不知道', '不清楚', '没有相关', '无法回答', '未收录', '无法提供', '不能回答', '无法确定'],
  en: [
    // "I don't know"
    "i don't know",
    'i do not know',
    "i'm not sure how to",
    'i am not sure how to',
    // cannot answer or help
    'cannot answer',
    "can't answer",
    'unable to answer',
    'not able to answer',
    "can't help with",
    'cannot help with',
    'unable to help with',
    'not able to help with',
    "can't assist with",
    'cannot assist with',
    // found nothing
    "i couldn't find",
    'i could not find',
    "i can't find",
    'i cannot find',
    'i was unable to find',
    "i wasn't able to find",
    'i was not able to find',
    "we couldn't find",
    'we could not find',
    // no information
    "don't have information",
    'do not have information',
    "don't have any information",
    'do not have any information',
    "don't have enough information",
    'do not have enough information',
    "don't have specific information",
    'do not have specific information',
    "don't have that information",
    'do not have that information',
    "don't have that specific information",
    "don't have details",
    "don't have any details",
    'have no information',
    'there is no information',
    'no relevant information',
    'not enough information to answer',
    'insufficient information',
    "i don't have access to that",
    'i do not have access to that',
    'that information is not available',
    "that information isn't available",
    'this information is not available',
    // not in the sources
    'not in the knowledge base',
    'not in our knowledge base',
    'not in my knowledge base',
    'not available in our documentation',
    'not available in the documentation',
    'not available in the provided',
    'not covered in our documentation',
    'not covered in the documentation',
    'not covered by our documentation',
    "we don't cover that",
    "we don't cover this",
    'we do not cover that',
    'we do not cover this',
    'not mentioned in the context',
    'not mentioned in the documentation',
    'not mentioned in the provided',
    'the context does not',
    "the context doesn't",
    'the provided context does not',
    'the documentation does not',
    "the documentation doesn't",
    'the docs do not',
    "the docs don't",
    'the documents do not',
    "the documents don't",
    'outside my scope',
    'beyond my scope',
    'outside the scope of what i',
  ],
} as const
