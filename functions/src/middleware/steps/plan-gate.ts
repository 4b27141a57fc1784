import { assertFeature } from '@app/core/organizations/public'
import { callOf, type Step } from '../pipeline'

/**
 * Step 5: a route with a plan `feature` refuses an organization whose plan lacks it (403 `plan.feature_locked`,
 * naming the cheapest plan that has it), before validation, so a locked feature answers the same whatever was
 * sent.
 */
export function planGate(): Step {
  return {
    name: 'planGate',
    before: (request) => {
      const { route, context } = callOf(request.event)
      if (!route.feature) return
      if (!context) throw new Error(`Route ${route.id} is plan-gated but acts for no organization`)
      assertFeature(context.organization, route.feature)
    },
  }
}
