/**
 * A URL in evalgate.yml (the judge's base_url, an HTTP candidate's url) can carry a credential:
 * a user name and password before the host, a key in the query. Node's fetch refuses the first
 * and puts the whole URL in its error message; an SDK error can quote the second. These find
 * them, so that they are registered as secrets (redacted wherever they would be shown) and a
 * message can show the URL without them.
 */

/** Query parameters that are not credentials: an Azure api-version is a date, and hiding it would hide every such date. */
const NOT_SECRET_PARAMS = new Set(['api-version', 'api_version'])

/** `scheme://user:password@host…`, templates (`{{id}}`) allowed. */
const USER_INFO = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#@]*)@/i

export function hasUserInfo(url: string): boolean {
  return USER_INFO.test(url)
}

/** The user name, the password and every query value of `url` (but api-version, and templates); [] for text that is no URL. */
export function urlCredentials(url: string): string[] {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return []
  }
  const found = [decode(parsed.username), decode(parsed.password)]
  for (const [name, value] of parsed.searchParams) if (!NOT_SECRET_PARAMS.has(name.toLowerCase()) && !value.includes('{{')) found.push(value)
  return found.filter((value) => value !== '')
}

/** `url` as a message may show it: `***` for the user info and for each query value (but api-version). */
export function shownUrl(url: string): string {
  const withoutUser = url.replace(USER_INFO, '$1***@')
  const at = withoutUser.indexOf('?')
  if (at === -1) return withoutUser
  const query = withoutUser
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      const name = eq === -1 ? pair : pair.slice(0, eq)
      return eq === -1 || NOT_SECRET_PARAMS.has(name.toLowerCase()) ? pair : `${name}=***`
    })
  return `${withoutUser.slice(0, at)}?${query.join('&')}`
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}
