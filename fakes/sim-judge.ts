/**
 * A simulated judge for the fake OpenAI server: it answers each evalgate prompt with a
 * deterministic function of the text inside the prompt's tags, so tests can predict every
 * score. Plain rules, documented here, stand in for a model:
 *   rubric      accuracy = completeness = 4 × share of reference points found in the answer
 *               (rounded); relevance 4; citation 4 if the answer cites [文档N], else 2;
 *               context_retention null without earlier turns in <history>, else 0 when the
 *               answer asks back ("which …?", 「哪个」: it forgot), else 4
 *   claims      the answer split at 。 (citations stripped)
 *   verdicts    supported when the claim appears in the contexts; contradicted when it
 *               contains 「错」; else not_mentioned
 *   usefulness  a chunk is useful when it shares a 4-character piece with the reference
 *   recall      a numbered statement is attributable when it appears in the contexts
 *   questions   n copies of the text after 「问：」 in the answer if present, else of the
 *               answer; noncommittal when the answer contains 「不确定」
 *   pairwise    the answer (A or B) that contains more of the numbered reference points
 *               wins; tie when they contain as many (always, without reference points)
 */
import type { ChatCall, FakeOpenAI } from './openai-server.ts'

export function between(text: string, tag: string): string {
  const match = new RegExp(`<${tag}[^>]*>\\n?([\\s\\S]*?)\\n?</${tag}>`).exec(text)
  return match ? match[1]! : ''
}

function numberedItems(block: string): string[] {
  return block
    .split('\n')
    .map((line) => /^\s*(?:\[(?:文档|doc )\d+\]|\d+\.)\s?(.*)$/.exec(line)?.[1] ?? null)
    .filter((item): item is string => item !== null)
}

const strip = (s: string) => s.replace(/\s+/g, '')

export function simulatedReply(call: ChatCall): string {
  const system = String(call.messages.find((m) => m.role === 'system')?.content ?? '')
  const user = call.messages
    .filter((m) => m.role === 'user')
    .map((m) => String(m.content))
    .join('\n')
  const contexts = strip(between(user, 'contexts'))
  switch (call.promptId) {
    case 'rubric@2': {
      const answer = strip(between(user, 'answer'))
      const points = numberedItems(between(user, 'reference_points'))
      const share = points.length ? points.filter((p) => answer.includes(strip(p))).length / points.length : 1
      const level = Math.round(4 * share)
      return JSON.stringify({
        accuracy: level,
        relevance: 4,
        completeness: level,
        citation: /\[文档\d+\]/.test(answer) ? 4 : 2,
        context_retention: /^user: /m.test(between(user, 'history')) ? (/which\b[^?]*\?|哪个/i.test(between(user, 'answer')) ? 0 : 4) : null,
        reason: level === 4 ? 'no deductions' : `missing ${points.length - Math.round(share * points.length)} reference points`,
      })
    }
    case 'claims@1': {
      const answer = between(user, 'answer').replace(/\[文档\d+\]/g, '')
      return JSON.stringify({
        claims: answer
          .split('。')
          .map((c) => c.trim())
          .filter((c) => c && !c.includes('无法回答')),
      })
    }
    case 'verdicts@1': {
      const claims = numberedItems(between(user, 'claims'))
      return JSON.stringify({ verdicts: claims.map((c, i) => ({ claim: i + 1, verdict: verdictOf(c, contexts), evidence: '' })) })
    }
    case 'verdict@1':
      return JSON.stringify({ verdict: verdictOf(between(user, 'claim'), contexts), evidence: '' })
    case 'usefulness@1': {
      const reference = strip(between(user, 'reference'))
      const chunks = numberedItems(between(user, 'contexts'))
      return JSON.stringify({ verdicts: chunks.map((c, i) => ({ chunk: i + 1, useful: sharesPiece(strip(c), reference), reason: '' })) })
    }
    case 'recall@1': {
      const statements = numberedItems(between(user, 'reference'))
      return JSON.stringify({ statements: statements.map((s) => ({ statement: s, attributable: contexts.includes(strip(s)) })) })
    }
    case 'questions@1': {
      const n = Number(/Write (\d+) different questions/.exec(system)?.[1] ?? '3')
      const answer = between(user, 'answer')
      const asked = /问：([^\n]*)/.exec(answer)?.[1] ?? answer
      return JSON.stringify({ questions: Array.from({ length: n }, () => ({ question: asked, noncommittal: answer.includes('不确定') ? 1 : 0 })) })
    }
    case 'pairwise@1': {
      const points = numberedItems(between(user, 'reference_points'))
      const covered = (tag: string) => {
        const answer = strip(between(user, tag))
        return points.filter((p) => answer.includes(strip(p))).length
      }
      const a = covered('answer_a')
      const b = covered('answer_b')
      return JSON.stringify({ winner: a > b ? 'A' : b > a ? 'B' : 'tie', reason: `A covers ${a}, B covers ${b} of ${points.length} reference points` })
    }
    default:
      return JSON.stringify({ error: `no simulated reply for ${call.promptId}` })
  }
}

function verdictOf(claim: string, contexts: string): 'supported' | 'contradicted' | 'not_mentioned' {
  if (claim.includes('错')) return 'contradicted'
  return contexts.includes(strip(claim)) ? 'supported' : 'not_mentioned'
}

function sharesPiece(chunk: string, reference: string): boolean {
  for (let i = 0; i + 4 <= reference.length; i++) if (chunk.includes(reference.slice(i, i + 4))) return true
  return false
}

export function installSimulatedJudge(fake: FakeOpenAI): FakeOpenAI {
  return fake.onChat(simulatedReply)
}
