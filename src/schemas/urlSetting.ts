import type { z } from 'zod'
import { hasUserInfo, shownUrl } from '../text/urlCredentials.ts'

/**
 * A URL setting may not carry a user name or password (`https://user:pass@host`): Node's fetch
 * refuses such a URL, and quotes it whole in its error, the password with it. Refused when
 * the settings are read, with the URL shown without it and where the credential goes instead.
 */
export function noUserInfo(setting: string, instead: string) {
  return (url: string, ctx: z.RefinementCtx): void => {
    if (!hasUserInfo(url)) return
    // the shape parseConfig turns into a GateError (config.ts GateIssueParams)
    const params = { gate: { code: 'bad_config', located: true, hint: `remove the user name and password from the URL and give the credential in ${instead}` } }
    ctx.addIssue({
      code: 'custom',
      message: `${setting} ${shownUrl(url)} carries a user name or password, which is never sent in a URL (fetch refuses it) and would be shown wherever the URL is`,
      params,
    })
  }
}
