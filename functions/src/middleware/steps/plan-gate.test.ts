import type { OrganizationContext } from '@app/core'
import { describe, expect, it } from 'vitest'
import { httpEvent } from '../handler-testing'
import { callFor, probeRoute, runBefore } from '../step-testing'
import { planGate } from './plan-gate'

const contextOf = (organization: Partial<OrganizationContext['organization']>) =>
  ({ organizationId: 'org-1', organization, role: 'OWNER' }) as OrganizationContext

async function gate(feature: 'campaigns' | undefined, context?: OrganizationContext) {
  const { request } = callFor(probeRoute(feature ? { feature } : {}), httpEvent('GET /api/probe'), {
    context,
  })
  return runBefore(planGate(), request)
}

describe('plan gate step', () => {
  it('lets a plan with the feature through, and routes without a feature', async () => {
    await expect(gate(undefined)).resolves.toBeUndefined()
    await expect(
      gate('campaigns', contextOf({ plan: 'TEAM_MONTHLY', subscriptionStatus: 'active' })),
    ).resolves.toBeUndefined()
  })

  it('refuses a plan without it (or whose subscription lapsed) with 403 plan.feature_locked', async () => {
    await expect(
      gate('campaigns', contextOf({ plan: 'START', subscriptionStatus: null })),
    ).rejects.toMatchObject({
      code: 'plan.feature_locked',
      status: 403,
    })
    await expect(
      gate('campaigns', contextOf({ plan: 'TEAM_MONTHLY', subscriptionStatus: 'canceled' })),
    ).rejects.toMatchObject({ code: 'plan.feature_locked', message: /no longer active/ })
  })

  it('treats a gated route acting for no organization as a bug', async () => {
    await expect(gate('campaigns')).rejects.toThrow(/plan-gated but acts for no organization/)
  })
})
