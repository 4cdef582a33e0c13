import { GateError } from './errors.ts'
import { registerSecret } from '../text/redact.ts'
import { knownAt } from './known.ts'

/**
 * The environment variables that hold the runner's and evalgate's own secrets: the runner's
 * tokens (ACTIONS_RUNTIME_TOKEN, ACTIONS_ID_TOKEN_REQUEST_TOKEN, ACTIONS_CACHE_URL, …), the
 * Action's inputs (INPUT_JUDGE-API-KEY, INPUT_GITHUB-TOKEN), the job's GitHub token and the
 * judge's key. evalgate.yml comes with the pull request, so `${GITHUB_TOKEN}` in a header
 * would send the job's token to whatever URL the PR wrote: these are filled in only when the
 * setting's env_passthrough names them, a decision made in the file on purpose.
 */
const RUNNER_SECRETS = [/^ACTIONS_/i, /^INPUT_/i, /^GITHUB_TOKEN$/i, /^GH_TOKEN$/i]
/** The providers' default key variables: a judge key even when this run's judge reads another one. */
export const DEFAULT_KEY_ENVS = ['OPENAI_API_KEY', 'AZURE_OPENAI_API_KEY'] as const

/** Where a template is filled in, and what it may use: for the message and the check. */
export interface EnvTemplateRules {
  /** the setting, as errors name it: `judge.headers`, `candidate.http.headers` */
  setting: string
  /** the setting that lets a protected name through: `judge.env_passthrough` */
  passthroughSetting: string
  passthrough: readonly string[]
  /** the judge's key variable of this run (judge.api_key_env), protected like the defaults */
  keyEnvs: readonly (string | null | undefined)[]
}

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g

/** The variables `${NAME}` in these values refer to: their values are secrets. */
export function envReferences(values: Record<string, string>): string[] {
  return [...new Set(Object.values(values).flatMap((value) => [...value.matchAll(REFERENCE)].map((m) => knownAt(m, 1, 'the name in ${NAME}'))))]
}

/** Whether `name` is one of the runner's secrets or the Action's inputs: never in a candidate command's environment unless passed through. */
export function isRunnerSecretEnv(name: string): boolean {
  return RUNNER_SECRETS.some((pattern) => pattern.test(name))
}

/** Whether `name` is one of the runner's or evalgate's own secrets (see RUNNER_SECRETS), the judge keys included. */
export function isProtectedEnv(name: string, keyEnvs: readonly (string | null | undefined)[] = []): boolean {
  return RUNNER_SECRETS.some((pattern) => pattern.test(name)) || [...DEFAULT_KEY_ENVS, ...keyEnvs].some((key) => key?.toLowerCase() === name.toLowerCase())
}

/**
 * Fills `${NAME}` in every value (a header or query parameter of the candidate or the judge)
 * from `env`; each value filled in is registered as a secret. The one filler both use, so both
 * refuse the same names: a protected one not listed in the passthrough setting, and an unset
 * or empty one (a header silently sent empty would only show up as 401s), each naming the
 * setting and the fix, before anything is sent.
 */
export function fillEnvTemplates(values: Record<string, string>, env: Record<string, string | undefined>, rules: EnvTemplateRules): Record<string, string> {
  const filled: Record<string, string> = {}
  for (const [name, template] of Object.entries(values)) {
    filled[name] = template.replace(REFERENCE, (_, variable: string) => {
      if (isProtectedEnv(variable, rules.keyEnvs) && !rules.passthrough.includes(variable)) {
        throw new GateError(
          'bad_config',
          `${rules.setting}.${name}: \${${variable}} is the runner's or evalgate's own secret, which evalgate does not send where evalgate.yml says (the file comes with the pull request)`,
          `use a variable of your own for this service (env: MY_KEY: \${{ secrets.MY_KEY }}), or, if sending ${variable} there is intended, list it in ${rules.passthroughSetting}: [${variable}]`,
        )
      }
      const value = env[variable]
      if (value === undefined || value === '') {
        throw new GateError(
          'bad_config',
          `${rules.setting}.${name}: environment variable ${variable} is not set (or empty)`,
          `set ${variable} in the job's env (e.g. env: ${variable}: \${{ secrets.${variable} }}); secrets are not available to fork PRs`,
        )
      }
      registerSecret(value)
      return value
    })
  }
  return filled
}
