/**
 * Rate limiters that count every request to the endpoint, whichever connection it came on: a
 * client whose slots back off each on its own keeps colliding with its other slots.
 */
import type { Behaviour } from '../behaviours.ts'
import { openaiError } from '../dialects.ts'
import { nginxPage } from '../wire.ts'

const family = 'Rate limiters'
/** The window and the requests it admits (an RPM limit, scaled down so a test run takes seconds). */
export const WINDOW_MS = 300
export const WINDOW_LIMIT = 4
/** nginx limit_req rate=20r/s with no burst: a request less than 50 ms after the last admitted one is rejected. */
export const LEAK_INTERVAL_MS = 50

export const LIMITERS: Behaviour[] = [
  {
    id: 'openai-requests-per-window',
    family,
    source: 'https://platform.openai.com/docs/guides/rate-limits',
    what: `At most ${WINDOW_LIMIT} requests of any kind per ${WINDOW_MS} ms window, counted across all connections; the rest get 429 rate_limit_exceeded with x-ratelimit-remaining-requests: 0 and x-ratelimit-reset-requests set to the time left in the window (e.g. "120ms"), no retry-after.`,
    dialect: 'openai',
    expect: { kind: 'same' },
    respond: (_req, state) => {
      const now = Date.now()
      if (typeof state.windowStart !== 'number' || now - state.windowStart >= WINDOW_MS) {
        state.windowStart = now
        state.inWindow = 0
      }
      state.inWindow = Number(state.inWindow) + 1
      if (state.inWindow <= WINDOW_LIMIT) return null
      const left = Math.max(1, state.windowStart + WINDOW_MS - now)
      return openaiError(
        429,
        `Rate limit reached for gpt-4o-mini in organization org-conformance on requests per min (RPM): Limit ${WINDOW_LIMIT}, Used ${WINDOW_LIMIT}, Requested 1. Please try again in ${left}ms. Visit https://platform.openai.com/account/rate-limits to learn more.`,
        'requests',
        null,
        'rate_limit_exceeded',
        { 'x-ratelimit-limit-requests': String(WINDOW_LIMIT), 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': `${left}ms` },
      )
    },
  },
  {
    id: 'nginx-limit-req-429-html',
    family,
    source: 'https://nginx.org/en/docs/http/ngx_http_limit_req_module.html',
    what: `An nginx limit_req zone (rate=20r/s, no burst, limit_req_status 429) rejects any request less than ${LEAK_INTERVAL_MS} ms after the last admitted one with its HTML 429 page and no retry-after.`,
    dialect: 'openai',
    // an HTML page, but a 429: a rate limit, not a proxy that hides the endpoint
    expect: { kind: 'same' },
    respond: (_req, state) => {
      const now = Date.now()
      if (typeof state.lastAdmitted === 'number' && now - state.lastAdmitted < LEAK_INTERVAL_MS) return { status: 429, contentType: 'text/html', body: nginxPage(429, 'Too Many Requests') }
      state.lastAdmitted = now
      return null
    },
  },
]
