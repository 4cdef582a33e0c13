/**
 * npm run demo:en: the gate end to end on the English example, offline, no API key.
 *
 * The committed baselines/saas-kb.json was written from the example RAG system with
 * heading-based chunking. This demo runs the gate on the same system with blind
 * 300-character chunks, as a pull request that changed the chunking would, and prints the
 * report a reviewer would see.
 */
import { runDemo } from '../demo.ts'

process.exitCode = await runDemo({
  intro: [
    'a PR switches the example support assistant (the knowledge base of a fictional SaaS product)',
    'from heading-based chunking to blind 300-character chunks. The gate runs the 44-question eval',
    'set against it and compares with the committed baseline (heading chunking).',
  ],
  config: 'examples/saas-kb/evalgate.yml',
  results: 'out/saas-kb-results.json',
  report: 'out/saas-kb-report.md',
  expected: 1,
})
