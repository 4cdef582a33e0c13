import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeComment {
  id: number
  body: string
  user: { login: string; type: string }
}

export interface RecordedRequest {
  method: string
  path: string
  body: unknown
}

export interface FakeGitHubOptions {
  /** answer comment writes with 403, as for a fork PR's read-only token */
  readOnly?: boolean
  /** the login GET /user returns; undefined answers 403 as for GITHUB_TOKEN */
  userLogin?: string
  pageSize?: number
  /** answer comments without html_url (as some proxies and GitHub Enterprise stand-ins do) */
  omitHtmlUrl?: boolean
  /** login → permission (admin, maintain, write, triage, read); others get 404 as non-collaborators */
  permissions?: Record<string, string>
  /** the pull request GET /repos/o/r/pulls/N returns */
  pull?: { number: number; head: string; sha: string; base: string; fork?: boolean }
}

/** A file of the repository, per branch, as the contents API serves it. */
export interface FakeFile {
  branch: string
  path: string
  text: string
  sha: string
}

/**
 * The issue-comment endpoints of the GitHub REST API, on 127.0.0.1, enough for a sticky
 * comment: list (paginated with Link headers), create, update, and GET /user; and for mode:
 * accept a collaborator's permission, a pull request, a file's contents (get, create or update
 * on a branch) and removing a label. Anything else is recorded as unexpected and answered 404,
 * so a test can fail on it.
 */
export class FakeGitHub {
  readonly comments: FakeComment[] = []
  readonly requests: RecordedRequest[] = []
  readonly unexpected: RecordedRequest[] = []
  readonly files: FakeFile[] = []
  readonly removedLabels: string[] = []
  options: FakeGitHubOptions
  private server: Server
  private nextId = 1000
  private scripted: { reply: number | 'hang'; method: string | undefined }[] = []
  url = ''

  constructor(options: FakeGitHubOptions = {}) {
    this.options = options
    this.server = createServer((req, res) => void this.handle(req, res))
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
    return this
  }

  async stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()))
    // requests left hanging on purpose would otherwise keep the server open
    this.server.closeAllConnections()
    await closed
  }

  /**
   * The next request (of `method`, when given) is answered with this HTTP status and an error
   * body, or with nothing at all ('hang': the connection is accepted and never answered),
   * instead of being handled; replies queue up in order.
   */
  script(reply: number | 'hang', method?: string): this {
    this.scripted.push({ reply, method })
    return this
  }

  writes(): RecordedRequest[] {
    return this.requests.filter((r) => r.method === 'POST' || r.method === 'PATCH')
  }

  addComment(body: string, login = 'someone', type = 'User'): FakeComment {
    const comment = { id: this.nextId++, body, user: { login, type } }
    this.comments.push(comment)
    return comment
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url)
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    const record: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname + url.search, body: text ? JSON.parse(text) : null }
    this.requests.push(record)
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers })
      res.end(JSON.stringify(body))
    }
    const scripted = this.scripted.findIndex((s) => s.method === undefined || s.method === req.method)
    if (scripted !== -1) {
      const { reply } = this.scripted.splice(scripted, 1)[0]!
      if (reply !== 'hang') send(reply, { message: `scripted ${reply}` })
      return
    }
    const forbidden = () => send(403, { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest' })

    if (req.method === 'GET' && url.pathname === '/user') {
      if (this.options.userLogin) send(200, { login: this.options.userLogin, type: 'User' })
      else forbidden()
      return
    }
    const list = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/.exec(url.pathname)
    if (list && req.method === 'GET') {
      const size = Math.min(Number(url.searchParams.get('per_page') ?? 30), this.options.pageSize ?? 100)
      const page = Number(url.searchParams.get('page') ?? 1)
      const slice = this.comments.slice((page - 1) * size, page * size).map((c) => this.view(c))
      const last = Math.max(1, Math.ceil(this.comments.length / size))
      const links: string[] = []
      const base = `${this.url}${url.pathname}?per_page=${size}`
      if (page < last) links.push(`<${base}&page=${page + 1}>; rel="next"`, `<${base}&page=${last}>; rel="last"`)
      send(200, slice, links.length ? { link: links.join(', ') } : {})
      return
    }
    if (list && req.method === 'POST') {
      if (this.options.readOnly) return forbidden()
      const comment = this.addComment((record.body as { body: string }).body, this.options.userLogin ?? 'github-actions[bot]', this.options.userLogin ? 'User' : 'Bot')
      send(201, this.view(comment))
      return
    }
    const one = /^\/repos\/([^/]+)\/([^/]+)\/issues\/comments\/(\d+)$/.exec(url.pathname)
    if (one && req.method === 'PATCH') {
      if (this.options.readOnly) return forbidden()
      const comment = this.comments.find((c) => c.id === Number(one[3]))
      if (!comment) return send(404, { message: 'Not Found' })
      comment.body = (record.body as { body: string }).body
      send(200, this.view(comment))
      return
    }
    if (this.handleAccept(req.method ?? 'GET', url, record.body, send)) return
    this.unexpected.push(record)
    send(404, { message: `fake GitHub does not implement ${req.method} ${url.pathname}` })
  }

  /** The endpoints of mode: accept (documented shapes of GitHub's REST API: collaborators, pulls, contents, labels). */
  private handleAccept(method: string, url: URL, body: unknown, send: (status: number, body: unknown) => void): boolean {
    const permission = /^\/repos\/[^/]+\/[^/]+\/collaborators\/([^/]+)\/permission$/.exec(url.pathname)
    if (permission && method === 'GET') {
      const level = this.options.permissions?.[decodeURIComponent(permission[1]!)]
      if (level === undefined) send(404, { message: 'Not Found' })
      else send(200, { permission: level === 'maintain' ? 'write' : level === 'triage' ? 'read' : level, role_name: level, user: { login: permission[1] } })
      return true
    }
    const pull = /^\/repos\/([^/]+)\/([^/]+)\/pulls\/(\d+)$/.exec(url.pathname)
    if (pull && method === 'GET' && this.options.pull && Number(pull[3]) === this.options.pull.number) {
      const p = this.options.pull
      const base = { full_name: `${pull[1]}/${pull[2]}` }
      send(200, { number: p.number, head: { ref: p.head, sha: p.sha, repo: { full_name: p.fork ? 'someone/fork' : base.full_name } }, base: { ref: p.base, repo: base } })
      return true
    }
    const contents = /^\/repos\/[^/]+\/[^/]+\/contents\/(.+)$/.exec(url.pathname)
    if (contents) {
      const path = decodeURIComponent(contents[1]!)
      if (method === 'GET') {
        const file = this.files.find((f) => f.path === path && f.branch === url.searchParams.get('ref'))
        if (!file) send(404, { message: 'Not Found' })
        else send(200, { type: 'file', path, sha: file.sha, encoding: 'base64', content: Buffer.from(file.text).toString('base64') })
        return true
      }
      if (method === 'PUT') {
        const put = body as { message: string; content: string; branch: string; sha?: string }
        const existing = this.files.find((f) => f.path === path && f.branch === put.branch)
        if (existing && existing.sha !== put.sha) {
          send(409, { message: `${path} does not match ${put.sha ?? '(no sha)'}` })
          return true
        }
        const text = Buffer.from(put.content, 'base64').toString('utf8')
        const sha = `blob${this.nextId++}`
        if (existing) Object.assign(existing, { text, sha })
        else this.files.push({ branch: put.branch, path, text, sha })
        send(existing ? 200 : 201, { content: { path, sha }, commit: { sha: `commit${this.nextId++}`, message: put.message } })
        return true
      }
    }
    const label = /^\/repos\/[^/]+\/[^/]+\/issues\/\d+\/labels\/(.+)$/.exec(url.pathname)
    if (label && method === 'DELETE') {
      this.removedLabels.push(decodeURIComponent(label[1]!))
      send(200, [])
      return true
    }
    return false
  }

  private view(c: FakeComment) {
    const link = this.options.omitHtmlUrl ? {} : { html_url: `https://github.com/o/r/pull/7#issuecomment-${c.id}` }
    return { id: c.id, body: c.body, user: c.user, ...link }
  }
}
