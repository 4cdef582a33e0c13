// Lane 2 of 2 of the unit files (test/lanes/units.ts): npm test and npm run test:fast run both.
import { runLane } from './units.ts'

await runLane(2, 2)
