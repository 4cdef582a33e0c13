/**
 * The offset of the first JSON syntax error in `text`, for the messages of files that do not
 * parse: Node 20's JSON.parse names no position ("Unexpected token 'N', ..."mrr": NaN}" is not
 * valid JSON"), later versions do. A plain scan of the grammar, run only after JSON.parse has
 * failed; null when it finds none (then the message stays without a place).
 */
export function jsonErrorOffset(text: string): number | null {
  const scanner = new Scanner(text)
  try {
    scanner.skipBlank()
    scanner.value()
    scanner.skipBlank()
    return scanner.at < text.length ? scanner.at : null
  } catch (error) {
    if (error instanceof SyntaxAt) return error.offset
    throw error
  }
}

class SyntaxAt {
  constructor(readonly offset: number) {}
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
// eslint-disable-next-line no-control-regex -- a JSON string may not hold a raw control character
const STRING_BODY = /(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*/y

class Scanner {
  at = 0
  constructor(private readonly text: string) {}

  skipBlank(): void {
    // past the end the character is undefined, which is no blank
    let ch = this.text[this.at]
    while (ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n') ch = this.text[++this.at]
  }

  value(): void {
    const ch = this.text[this.at]
    if (ch === '{') return this.container('}', true)
    if (ch === '[') return this.container(']', false)
    if (ch === '"') return this.string()
    for (const word of ['true', 'false', 'null']) if (this.text.startsWith(word, this.at)) return void (this.at += word.length)
    NUMBER.lastIndex = this.at
    if (NUMBER.exec(this.text)) return void (this.at = NUMBER.lastIndex)
    throw new SyntaxAt(this.at)
  }

  private container(close: string, keyed: boolean): void {
    this.at += 1
    this.skipBlank()
    if (this.text[this.at] === close) return void (this.at += 1)
    for (;;) {
      if (keyed) {
        if (this.text[this.at] !== '"') throw new SyntaxAt(this.at)
        this.string()
        this.skipBlank()
        if (this.text[this.at] !== ':') throw new SyntaxAt(this.at)
        this.at += 1
        this.skipBlank()
      }
      this.value()
      this.skipBlank()
      if (this.text[this.at] === ',') {
        this.at += 1
        this.skipBlank()
        continue
      }
      if (this.text[this.at] === close) return void (this.at += 1)
      throw new SyntaxAt(this.at)
    }
  }

  private string(): void {
    STRING_BODY.lastIndex = this.at + 1
    STRING_BODY.exec(this.text)
    if (this.text[STRING_BODY.lastIndex] !== '"') throw new SyntaxAt(STRING_BODY.lastIndex)
    this.at = STRING_BODY.lastIndex + 1
  }
}
