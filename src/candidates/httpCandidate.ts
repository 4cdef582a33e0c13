import type { HttpCandidateConfig } from '../schemas/candidate.ts'
import type { Candidate } from './candidate.ts'
import { envReferences } from '../io/envTemplate.ts'
import { urlCredentials } from '../text/urlCredentials.ts'
import { httpCandidateLabel, planHttpCandidate, runHttpCandidate, type EnvAccess } from './http.ts'
import { answerTurnByTurn } from './turns.ts'

/**
 * `candidate: {http: {...}}`: the system under test as an endpoint (the requests themselves are
 * in http.ts). Its templates and headers are checked before the first request.
 */
export function httpCandidate(config: HttpCandidateConfig, env: Record<string, string | undefined>, access: EnvAccess): Candidate {
  const label = httpCandidateLabel(config)
  return {
    label,
    source: 'the HTTP candidate',
    secretEnv: envReferences(config.headers),
    secrets: urlCredentials(config.url),
    check: (rows) => {
      planHttpCandidate(rows, config, env, access)
    },
    answer: (rows, { logger, take }) => {
      logger.info(`asking ${label} for ${rows.length} answers (concurrency ${config.concurrency})`)
      // a conversation's turn k is asked after turn k−1 ({{history}} holds the answers); total_timeout_ms bounds all turns together
      const deadline = performance.now() + config.total_timeout_ms
      return answerTurnByTurn(rows, (wave, waveTake) => runHttpCandidate(wave, { ...config, total_timeout_ms: Math.max(1, Math.round(deadline - performance.now())) }, { env, access }, waveTake), take)
    },
  }
}
