import { run } from './action/main.ts'

await run()
