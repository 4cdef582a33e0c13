import * as nodeFs from 'node:fs'
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path'
import { GateError } from './errors.ts'

/** The calls the check makes: node:fs by default, a stand-in in the writer's tests. */
export interface PathFs {
  lstatSync(path: string): { mode: number; isSymbolicLink(): boolean }
  realpathSync(path: string): string
}

/** Where an output really goes: the real folder, the file's name in it, and the regular file it replaces (if any). */
export interface OutputTarget {
  folder: string
  name: string
  /** the mode of the regular file now at the path; null when there is none yet */
  existing: { mode: number } | null
}

const S_IFMT = 0o170000
const KINDS: Record<number, string> = {
  0o040000: 'a folder',
  0o010000: 'a FIFO (named pipe)',
  0o020000: 'a character device',
  0o060000: 'a block device',
  0o140000: 'a socket',
}
const REGULAR = 0o100000

/**
 * Checks an output path before anything is written, the one check every writer goes through
 * (safeWrite.ts): an output is only ever a regular file at the path given. The file itself
 * may not be a symbolic link (writing "through" it would replace whatever it points to: a file
 * outside the checkout, /dev/stdout) nor anything but a regular file (a FIFO, a device, a
 * folder). A folder on the way may be a link only if both the link and its target are inside
 * the workspace, or the link is outside it (the user's own machine layout, e.g. /tmp → /private/tmp):
 * a link committed in the checkout cannot send a write out of it. The path is walked as the
 * kernel would walk it, so `out/../x` through a linked `out` is seen.
 */
export function outputTarget(path: string, fs: PathFs = nodeFs, workspace: string = process.cwd()): OutputTarget {
  const root = realOrSelf(workspace, fs)
  const folder = walkFolders(path, dirname(path), fs, root)
  const name = basename(path)
  const full = join(folder, name)
  let mode: number
  try {
    const stat = fs.lstatSync(full)
    if (stat.isSymbolicLink()) throw refused(path, `it is a symbolic link (to ${linkTarget(full, fs)})`, symlinkFix(path))
    mode = stat.mode
  } catch (error) {
    if (error instanceof GateError) throw error
    // nothing there yet (or a folder we cannot look into: the write itself then says why)
    return { folder, name, existing: null }
  }
  const kind = mode & S_IFMT
  if (kind !== REGULAR) throw refused(path, `it is ${KINDS[kind] ?? 'not a regular file'}`, kind === 0o040000 ? 'give the path of a file, not of a folder' : specialFix(path))
  return { folder, name, existing: { mode } }
}

/** The real folder `folder` names, each link on the way checked; folders that do not exist yet are joined as written (the writer creates them). */
function walkFolders(path: string, folder: string, fs: PathFs, root: string): string {
  const start = isAbsolute(folder) ? sep : realOrSelf(process.cwd(), fs)
  const parts = (isAbsolute(folder) ? folder.slice(1) : folder).split(/[\\/]+/).filter((p) => p !== '' && p !== '.')
  let current = start
  for (const [i, part] of parts.entries()) {
    if (part === '..') {
      current = dirname(current)
      continue
    }
    const next = join(current, part)
    let isLink: boolean
    try {
      isLink = fs.lstatSync(next).isSymbolicLink()
    } catch {
      // the rest does not exist yet: it will be created as written, with no link in it
      return join(next, ...parts.slice(i + 1))
    }
    if (!isLink) {
      current = next
      continue
    }
    const target = linkTarget(next, fs)
    if (inside(next, root) && !inside(target, root)) {
      throw refused(
        path,
        `its folder ${next} is a symbolic link to ${target}, outside the workspace ${root}`,
        'write inside the workspace, or remove the link: a link inside the workspace may only point inside it',
      )
    }
    current = target
  }
  return current
}

function inside(path: string, root: string): boolean {
  const rel = relative(root, path)
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))
}

function linkTarget(link: string, fs: PathFs): string {
  try {
    return fs.realpathSync(link)
  } catch {
    return 'a path that does not exist'
  }
}

function realOrSelf(path: string, fs: PathFs): string {
  try {
    return fs.realpathSync(path)
  } catch {
    return path
  }
}

function refused(path: string, why: string, fix: string): GateError {
  return new GateError('write_failed', `${path}: not written: ${why}; evalgate writes its outputs only as regular files at the path given`, fix)
}

function symlinkFix(path: string): string {
  if (/^\/dev\//.test(path)) return 'give the path of a regular file; to see the results, read that file after the run (the terminal shows the summary)'
  return 'remove the link (a file committed as a link must not decide where evalgate writes), or give the path of a regular file'
}

function specialFix(path: string): string {
  // a device (/dev/null, /dev/stdout) is the system's: never suggest removing it
  const instead = 'give the path of a regular file; to see the results, read that file after the run (the terminal shows the summary)'
  return /^\/dev\//.test(path) ? instead : `remove ${path} (a FIFO or a device file there is not an output) or ${instead}`
}
