/**
 * Technical tokens (src/metrics/technical.ts): flags, paths, URLs, variables, versions and code
 * identifiers are one token each, compared as written; a `--no-*` flag is no negation; prose
 * abbreviations and product names stay prose.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { technicalTokens } from '../../src/metrics/technical.ts'
import { covers, tokenize } from '../../src/metrics/tokens.ts'

const HALF = 0.5
const kinds = (text: string) => technicalTokens(text).map((t) => `${t.kind} ${t.text}`)

describe('technical tokens', () => {
  const cases: [text: string, tokens: string[]][] = [
    ['gzip -k keeps the file', ['flag -k']],
    ['rm -rf /tmp/build', ['flag -rf', 'path /tmp/build']],
    ['cp --keep --no-clobber a b', ['flag --keep', 'flag --no-clobber']],
    ['tar -C dir vs tar -c', ['flag -C', 'flag -c']],
    ['--out=results.json', ['flag --out', 'identifier results.json']],
    ['edit /etc/fstab, then ~/.config/evalgate/x', ['path /etc/fstab', 'path ~/.config/evalgate/x']],
    ['see docs/ARCHITECTURE.md and src/metrics/', ['path docs/architecture.md', 'path src/metrics/']],
    ['set OPENAI_API_KEY and $HOME', ['identifier openai_api_key', 'variable $home']],
    ['call os.path.join() or Foo::bar', ['identifier os.path.join()', 'identifier foo::bar']],
    ['needs Node v20, evalgate 1.2.3 on 127.0.0.1', ['version 20', 'version 1.2.3', 'version 127.0.0.1']],
    ['utf8 and base64 encodings', ['identifier utf8', 'identifier base64']],
    ['TokenLookup and getUser are CamelCase', ['camel tokenlookup', 'camel getuser', 'camel camelcase']],
    ['https://example.com/a?b=1 or me@example.com.', ['url https://example.com/a?b=1', 'url me@example.com']],
    ['使用-k参数', ['flag -k']],
  ]
  for (const [text, tokens] of cases) it(`"${text}" → ${tokens.join(', ')}`, () => assert.deepEqual(kinds(text), tokens))

  it('leaves prose alone: hyphenated words, dashes, slashes between words, abbreviations, money', () => {
    for (const text of ['a follow-up call for part-time staff', 'Monday – Friday', 'and/or 24/7 km/h', 'e.g. the U.S. office, i.e. Ph.D. staff', 'The fee is $10/month', 'a 30-day trial']) {
      assert.deepEqual(kinds(text), [], text)
    }
  })
})

describe('covering with technical tokens', () => {
  it('a changed flag, path or identifier is not covered, however many other words match', () => {
    assert.equal(covers(tokenize('Use gzip -k to keep the original file.'), tokenize('gzip -k keeps the original file'), HALF), true)
    assert.equal(covers(tokenize('Use gzip -c to keep the original file.'), tokenize('gzip -k keeps the original file'), HALF), false)
    assert.equal(covers(tokenize('Use tar -c here.'), tokenize('tar -C'), HALF), false)
    assert.equal(covers(tokenize('Settings live in evalgate.json.'), tokenize('Settings live in evalgate.yml'), HALF), false)
    assert.equal(covers(tokenize('It is in /etc/hosts.'), tokenize('/etc/fstab'), HALF), false)
  })

  it('the words beside an exact token still need their share: "--judge openai" does not cover "--judge lexical"', () => {
    assert.equal(covers(tokenize('--judge openai is offline'), tokenize('--judge lexical'), HALF), false)
    assert.equal(covers(tokenize('--judge lexical is offline'), tokenize('--judge lexical'), HALF), true)
  })

  it('a --no-* flag is no negation: an answer naming --no-clobber covers a plain statement of it', () => {
    assert.deepEqual([...tokenize('cp --no-clobber keeps existing files').negated], [])
    assert.equal(covers(tokenize('Use cp --no-clobber: it keeps existing files.'), tokenize('--no-clobber keeps existing files'), HALF), true)
    assert.equal(covers(tokenize('Use --no-color for plain output.'), tokenize('--no-color plain output'), HALF), true)
  })

  it('a real negation around a flag still counts', () => {
    assert.equal(covers(tokenize('Do not use -k here.'), tokenize('use -k'), HALF), false)
  })

  it('versions are numbers: v20 is 20, and 1.2.3 is not 1.2.4', () => {
    assert.equal(covers(tokenize('Needs Node 20 or later.'), tokenize('Node v20'), HALF), true)
    assert.equal(covers(tokenize('Install 1.2.4.'), tokenize('install 1.2.3'), HALF), false)
  })
})
