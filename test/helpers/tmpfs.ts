/**
 * A tiny tmpfs for the tests of full and read-only disks: the real ENOSPC and EROFS, not a
 * stand-in. Mounting needs root (CI runs as root); elsewhere `mountTmpfs` says why it cannot,
 * and the tests skip with that reason (the injected-fs tests in test/io cover the logic).
 */
import { execFileSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface Tmpfs {
  dir: string
  /** Makes the mount read-only (EROFS from then on). */
  readOnly: () => void
  /** Takes every free byte, so the next write of anything fails with ENOSPC. */
  fill: () => void
  unmount: () => void
}

/** A mounted tmpfs of `size` (e.g. "256k"), or the reason there is none. */
export function mountTmpfs(size: string): Tmpfs | string {
  if (process.platform !== 'linux') return `tmpfs mounts are Linux-only (this is ${process.platform})`
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root (CI runs as root); the injected-fs tests in test/io/safeWrite.test.ts cover the same logic'
  const dir = mkdtempSync(join(tmpdir(), 'evalgate-tmpfs-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' })
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    return `cannot mount a tmpfs here: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`
  }
  return {
    dir,
    readOnly: () => execFileSync('mount', ['-o', 'remount,ro', dir], { stdio: 'pipe' }),
    fill: () => {
      const fd = openSync(join(dir, 'filler'), 'w')
      const page = Buffer.alloc(4096, 1)
      try {
        for (;;) writeSync(fd, page)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
      } finally {
        closeSync(fd)
      }
    },
    unmount: () => {
      execFileSync('umount', [dir], { stdio: 'pipe' })
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
