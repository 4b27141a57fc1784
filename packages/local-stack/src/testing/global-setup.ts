import type { TestProject } from 'vitest/node'
import { startTestStack } from './start-test-stack'

/** Integration tests: every stand-in and gateway on free ports, no web server. */
export default function setup(project: TestProject) {
  return startTestStack(project, { web: false })
}
