import { describe, expect, it } from 'vitest'
import { COMING_SOON, FEATURE_LABELS, FEATURES, isComingSoon, OFFERING_LABELS } from './offerings'

describe('what the plans sell', () => {
  it('marks what is sold but not built yet as coming soon, and nothing that exists', () => {
    expect(isComingSoon('githubSync')).toBe(true)
    // Built and sold today: blocks, logs & metrics, the audience, campaigns and their API, team invitations.
    expect(isComingSoon('teamInvitations')).toBe(false)
    expect(isComingSoon('campaigns')).toBe(false)
    expect(isComingSoon('campaignsApi')).toBe(false)
    expect(isComingSoon('reusableBlocks')).toBe(false)
    expect(isComingSoon('monitoring')).toBe(false)
    expect(isComingSoon('audience')).toBe(false)
  })

  it('names every offering, gated features as the sidebar and pricing page do', () => {
    for (const feature of FEATURES) expect(OFFERING_LABELS[feature]).toBe(FEATURE_LABELS[feature])
    for (const offering of COMING_SOON) expect(OFFERING_LABELS[offering].length).toBeGreaterThan(0)
  })
})
