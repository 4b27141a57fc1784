import axe from 'axe-core'
import type { Page } from 'playwright-core'

interface AxeViolation {
  id: string
  impact?: string | null
  help: string
  nodes: { target: unknown[] }[]
}

/**
 * Runs axe-core in the page and returns serious and critical violations as readable lines. The source goes in
 * through the DevTools protocol, so the page's production CSP (no inline scripts) stays untouched.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source)
  const violations = await page.evaluate<AxeViolation[]>(`
    window.axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations)
  `)
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .map((node) => JSON.stringify(node.target))
          .join(', ')}`,
    )
}
