import type { TestProject } from 'vitest/node'
import { startTestStack } from './start-test-stack'

/** Browser tests: the whole stack including the Vite dev server (`config.appUrl`), on free ports. */
export default function setup(project: TestProject) {
  return startTestStack(project, { web: true })
}
