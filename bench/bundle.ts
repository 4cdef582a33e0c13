/**
 * bench/measure.ts bundled into one file, as evalgate ships (dist/cli is one ncc bundle): the
 * benchmarks run it in child processes, so their times and peak RSS hold no TypeScript
 * compilation and no loader. Built with esbuild (tsx's own compiler) into `dir`.
 */
import { join } from 'node:path'
import { buildSync } from 'esbuild'

export function bundleMeasure(dir: string): string {
  const outfile = join(dir, 'evalgate-measure.mjs')
  buildSync({
    entryPoints: [join(import.meta.dirname, 'measure.ts')],
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
