/**
 * bench/measure.ts bundled into one file, as evalgate ships (dist/cli is one ncc bundle): the
 * benchmarks run it in child processes, so their times and peak RSS hold no TypeScript
 * compilation and no loader. Built with esbuild (tsx's own compiler) into `dir`.
 */
import { join } from 'node:path'
import { buildSync } from 'esbuild'

export function bundleMeasure(dir: string): string {
  return bundleScript('measure.ts', dir)
}

/** A script of bench/ bundled into one file in `dir` (the same-work reference is one too). */
export function bundleScript(name: string, dir: string): string {
  const outfile = join(dir, name.replace(/\.ts$/, '.mjs'))
  buildSync({
    entryPoints: [join(import.meta.dirname, name)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    logLevel: 'error',
  })
  return outfile
}
