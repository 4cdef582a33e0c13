/**
 * Synthetic eval sets for the benchmarks: Chinese questions, reference points, contexts and
 * answers with citations, 10 retrieved ids per question, graded relevance. Deterministic
 * (seeded), so two runs of a benchmark measure the same work.
 */
import { createWriteStream, type WriteStream } from 'node:fs'
import { once } from 'node:events'
import { mulberry32 } from '../src/stats/bootstrap.ts'

export { mulberry32 }

const TOPICS = ['差旅住宿', '市内交通', '年假天数', '病假工资', '加班餐补', '周末加班', '远程办公', '团建费用', '入职材料', '离职交接', '社保缴纳', '会议室预订']
const CATEGORIES = ['报销政策', '假期', '考勤加班', '人事流程', '行政']

function csvCell(text: string): string {
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

async function write(stream: WriteStream, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain')
}

export interface GeneratedSet {
  evalSet: string
  predictions: string
}

/**
 * Writes `n` questions to evalSetPath (CSV) and predictionsPath (JSONL). `quality` shifts
 * the share of correct retrievals and answers, so two prediction files differ like two
 * versions of a system.
 */
export async function generate(n: number, evalSetPath: string, predictionsPath: string, quality: number, seed = 1): Promise<GeneratedSet> {
  const random = mulberry32(seed)
  const questionRandom = mulberry32(7)
  const evalOut = createWriteStream(evalSetPath)
  const predOut = createWriteStream(predictionsPath)
  await write(evalOut, 'id,question,ground_truth,reference_points,category,difficulty,should_refuse,relevant_doc_ids\n')
  for (let i = 0; i < n; i++) {
    const id = `q${String(i + 1).padStart(6, '0')}`
    const topic = TOPICS[i % TOPICS.length]!
    const amount = 50 + Math.floor(questionRandom() * 20) * 25
    const days = 1 + Math.floor(questionRandom() * 14)
    const refuse = i % 25 === 0
    const relevant = [`doc_${i % 997}`, `doc_${(i % 997) + 1000}:2`]
    const ground = `${topic}标准为每次 ${amount} 元，需在 ${days} 个工作日内提交审批，由直属主管和 HR 共同确认`
    const points = [`${topic}${amount}元`, `${days}个工作日内提交`, '主管和HR共同确认']
    const row = [
      id,
      `请问${topic}的规定是什么？编号 ${i}`,
      refuse ? '无法回答' : ground,
      refuse ? '' : points.join(';'),
      CATEGORIES[i % CATEGORIES.length]!,
      ['简单', '中等', '困难'][i % 3]!,
      refuse ? 'true' : 'false',
      refuse ? '' : relevant.join('|'),
    ]
    await write(evalOut, row.map(csvCell).join(',') + '\n')

    const good = random() < quality
    const retrieved = Array.from({ length: 10 }, (_, r) => (good && r === Math.floor(random() * 3) ? `doc_${i % 997}` : `doc_${Math.floor(random() * 997)}`))
    const contexts = [
      `${topic}制度第 ${i % 9} 条：${topic}标准为每次 ${good ? amount : amount + 25} 元。`,
      `申请流程：需在 ${days} 个工作日内提交审批，由直属主管和 HR 共同确认后生效。`,
      `其他说明：本制度自 2026 年 1 月 1 日起执行，解释权归人力资源部。`,
    ]
    const answer = refuse
      ? '抱歉，知识库中没有相关信息，无法回答。'
      : `${topic}标准为每次 ${good ? amount : amount + 50} 元[文档1]，需在 ${days} 个工作日内提交审批[文档2]。${random() < 0.1 ? '另可报销额外补贴[文档4]。' : ''}`
    await write(predOut, JSON.stringify({ id, answer, contexts, retrieved_ids: retrieved, latency_ms: Math.round(200 + random() * 800) }) + '\n')
  }
  evalOut.end()
  predOut.end()
  await Promise.all([once(evalOut, 'close'), once(predOut, 'close')])
  return { evalSet: evalSetPath, predictions: predictionsPath }
}
