import { Limiter } from '../io/limiter.ts'
import { realRetryDeps } from '../io/retry.ts'
import type { CandidateOutput, HttpCandidateConfig } from '../schemas/candidate.ts'
import type { EvalRow } from '../schemas/evalSet.ts'
import { planHttpCandidate, type EnvAccess, type HttpPlan, type PreparedRequest } from './http/plan.ts'
import { send, type HttpClientDeps } from './http/request.ts'
import { errorRow, readResponse } from './http/response.ts'

export { DEFAULT_HTTP_BODY, HttpCandidateSchema, type HttpCandidateConfig } from '../schemas/candidate.ts'
export { planHttpCandidate, type EnvAccess, type HttpPlan, type PreparedRequest } from './http/plan.ts'

export interface HttpCandidateDeps {
  env: Record<string, string | undefined>
  /** which protected variables `${NAME}` in a header may use */
  access?: EnvAccess
  fetch?: typeof fetch
  /** a monotonic clock in ms, for latency */
  now?: () => number
  sleep?: (ms: number) => Promise<void>
  /** in [0, 1), for backoff jitter */
  random?: () => number
  /** the wall clock (Date.now), to read a Retry-After date */
  dateNow?: () => number
}

/**
 * Calls the endpoint once per question, at most `concurrency` at a time. A question holds
 * its slot through its retries: an endpoint that asked us to back off gets no other question
 * meanwhile. A failed question becomes an error row, never a crash. The whole step has a
 * deadline (total_timeout_ms): when it passes, requests in flight and backoff waits stop, and
 * every question still without an answer is an error row saying so.
 */
export async function runHttpCandidate(
  rows: readonly EvalRow[],
  config: HttpCandidateConfig,
  deps: HttpCandidateDeps,
  take?: (output: CandidateOutput) => void,
): Promise<Map<string, CandidateOutput>> {
  const plan = planHttpCandidate(rows, config, deps.env, deps.access)
  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(), config.total_timeout_ms)
  try {
    const client = clientDeps(deps, deadline.signal)
    const limiter = new Limiter(config.concurrency)
    const outputs = new Map<string, CandidateOutput>()
    // each answer handed over (or kept) as it arrives
    const keep = take ?? ((output: CandidateOutput) => void outputs.set(output.id, output))
    await Promise.all(plan.requests.map((request) => limiter.run(async () => keep(await askOne(request, plan, config, client)))))
    return outputs
  } finally {
    clearTimeout(timer)
  }
}

export function httpCandidateLabel(config: HttpCandidateConfig): string {
  return `http ${config.method} ${config.url}`
}

async function askOne(request: PreparedRequest, plan: HttpPlan, config: HttpCandidateConfig, client: HttpClientDeps): Promise<CandidateOutput> {
  const reply = await send(request, plan, config, client)
  return reply.ok ? readResponse(request.id, reply.text, reply.latencyMs, plan) : errorRow(request.id, reply.error)
}

function clientDeps(deps: HttpCandidateDeps, deadline: AbortSignal): HttpClientDeps {
  return {
    fetch: deps.fetch ?? globalThis.fetch,
    now: deps.now ?? (() => performance.now()),
    deadline,
    retry: {
      sleep: untilDeadline(deps.sleep, deadline),
      random: deps.random ?? realRetryDeps.random,
      now: deps.dateNow ?? realRetryDeps.now,
    },
  }
}

/**
 * A backoff wait that ends early when the deadline passes (a Retry-After of a minute must not
 * outlive the step); its own timer is cleared then, so it does not hold the process open.
 */
function untilDeadline(injected: ((ms: number) => Promise<void>) | undefined, deadline: AbortSignal): (ms: number) => Promise<void> {
  return (ms) => {
    if (deadline.aborted) return Promise.resolve()
    return new Promise<void>((resolve) => {
      let timer: NodeJS.Timeout | undefined
      const done = () => {
        clearTimeout(timer)
        deadline.removeEventListener('abort', done)
        resolve()
      }
      deadline.addEventListener('abort', done)
      if (injected) injected(ms).then(done, done)
      else timer = setTimeout(done, ms)
    })
  }
}
