/**
 * npm run demo: the gate end to end on the bundled Chinese example, offline, no API key.
 *
 * The committed baselines/baseline.json was written from the example RAG system with
 * heading-based chunking. This demo runs the gate on the same system with fixed
 * 500-character chunks, exactly as a pull request that changed the chunking would, and
 * prints the report a reviewer would see.
 */
import { runDemo } from '../demo.ts'

process.exitCode = await runDemo({
  intro: [
    'a PR switches the example knowledge-base QA system (Chinese HR policies) from heading-based',
    'chunking to fixed 500-character chunks. The gate runs the 50-question eval set against it and',
    'compares with the committed baseline (heading chunking).',
  ],
  config: 'evalgate.yml',
  results: 'out/results.json',
  report: 'out/report.md',
  expected: 1,
})
