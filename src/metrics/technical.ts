/**
 * Technical tokens: the words of CLI and API documentation that prose rules would take apart.
 * A flag (`-k`, `-rf`, `--keep`, `--no-clobber`, `--out=FILE`'s `--out`), a path (`/etc/fstab`,
 * `~/.config/x`, `./run.sh`, `docs/ARCHITECTURE.md`), a URL or an e-mail address, an environment
 * variable (`$HOME`, `${NODE_ENV}`), a version (`1.2.3`, `v20`, `127.0.0.1`) and a code
 * identifier (`snake_case`, `dotted.names`, `Foo::bar`, `utf8`, `getUser()`, `CamelCase`) are
 * each one token, compared as written: never stemmed, never split at `_`, `.`, `/` or `-`, never
 * read as a negation (`--no-clobber` negates nothing), and, for flags, case-sensitive (`-c` is
 * not `-C`). A single changed flag, path or identifier changes what an answer says, as a changed
 * number does, so most kinds are `exact`: a statement that names one is covered only by a text
 * that names the same one. A CamelCase word alone may be a product name (PayPal, GitHub), so it
 * is one unstemmed word, not an exact one. Versions are numbers (`v20` is the number 20).
 */
export interface TechnicalToken {
  /** the compared form: flags as written, everything else lower case */
  text: string
  at: number
  length: number
  kind: 'flag' | 'path' | 'url' | 'variable' | 'version' | 'identifier' | 'camel'
}

/** Not after a letter, digit or one of `_ . / ~ -` (ASCII only, so a flag right after a CJK character is still one). */
const START = String.raw`(?<![A-Za-z0-9_./~\\-])`
const PATTERNS: [TechnicalToken['kind'], string][] = [
  ['url', String.raw`[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s<>"'\`()\[\]{}]+|[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+`],
  ['path', String.raw`(?:~|\.{1,2})?\/[\w.@+~-]+(?:\/[\w.@+~-]*)*|[\w.-]+(?:\/[\w.-]+)*\/[\w-]+\.[A-Za-z][\w]*|[\w.-]+(?:\/[\w.-]+)+\/(?![\w.-])`],
  ['variable', String.raw`\$\{[A-Za-z_]\w*\}|\$[A-Za-z_]\w*`],
  ['flag', String.raw`--?[A-Za-z][\w]*(?:-[\w]+)*`],
  ['version', String.raw`[vV]\d+(?:\.\d+)*(?:-[\w.]+)?(?![\w])|\d+(?:\.\d+){2,}(?:-[A-Za-z][\w.]*)?`],
  ['identifier', String.raw`[A-Za-z_]\w*(?:(?:\.|::)[A-Za-z_]\w*)+(?:\(\))?|[A-Za-z_]\w*\(\)|[A-Za-z]*_\w*|[A-Za-z]+\d\w*|[a-z]+[A-Z]\w*|[A-Z][a-z0-9]+[A-Z]\w*`],
]
const TECHNICAL = new RegExp(PATTERNS.map(([kind, source]) => `(?<${kind}>${START}(?:${source}))`).join('|'), 'g')
/** What a sentence puts right after a token: not part of it ("see /etc/fstab." "use os.path,"). */
const TRAILING = /[.,;:!?'"]+$/

/** Kinds a covering text must name exactly (see the file comment). */
export const EXACT_KINDS: ReadonlySet<TechnicalToken['kind']> = new Set(['flag', 'path', 'url', 'variable', 'identifier'])

/**
 * The technical tokens of a normalised text whose case is kept (`cased`, the same length as the
 * lower-cased text the rest of the tokenizer reads, so positions carry over).
 */
export function technicalTokens(cased: string): TechnicalToken[] {
  if (!/[-/_.$@:A-Z0-9]/.test(cased)) return []
  const tokens: TechnicalToken[] = []
  for (const match of cased.matchAll(TECHNICAL)) {
    const kind = kindOf(match)
    const raw = match[0].replace(TRAILING, '')
    if (raw.length < 2 || (kind === 'identifier' && !isIdentifier(raw))) continue
    const text = kind === 'flag' ? raw : raw.toLowerCase()
    tokens.push({ text: kind === 'version' ? text.replace(/^v/, '') : text, at: match.index, length: raw.length, kind: kind === 'identifier' && isCamelWord(raw) ? 'camel' : kind })
  }
  return tokens
}

/** The kind whose group matched: TECHNICAL is one group per kind, one of them in every match. */
function kindOf(match: RegExpExecArray): TechnicalToken['kind'] {
  for (const [kind] of PATTERNS) if (match.groups?.[kind] !== undefined) return kind
  throw new Error(`technicalTokens: "${match[0]}" matched none of the kinds' groups`)
}

/** "e.g", "i.e", "U.S", "Ph.D": dotted abbreviations are prose, not names: a dotted identifier needs a part of two letters or more, its last one among them. */
function isIdentifier(raw: string): boolean {
  if (!raw.includes('.')) return true
  const parts = raw.replace(/\(\)$/, '').split(/\.|::/)
  const last = parts.at(-1)
  return last !== undefined && last.length >= 2 && parts.some((p) => p.length >= 2) && parts.every((p) => p.length >= 2 || parts.length > 2)
}

/** A CamelCase word and nothing else (PayPal, GitHub, iPhone): letters only, no `_`, digit, `.` or `()`. */
function isCamelWord(raw: string): boolean {
  return /^[A-Za-z]+$/.test(raw)
}
