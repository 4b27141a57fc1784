export interface ThrottleSettings {
  /** Requests per second refilled. */
  rate: number
  /** Bucket size: how many calls may come at once. */
  burst: number
  enabled: boolean
}

export const DEFAULT_THROTTLE: ThrottleSettings = { rate: 1, burst: 5, enabled: true }

interface Bucket {
  tokens: number
  at: number
}

/**
 * SES's control-plane limit (about one call per second per account and region) as token buckets: a small
 * burst passes, then one call per `1/rate` seconds. Settings are global with per-account overrides, so a test
 * can turn it off (or tighten it) for its own account without touching others.
 */
export class ControlPlaneThrottle {
  private readonly buckets = new Map<string, Bucket>()
  private settings: ThrottleSettings = { ...DEFAULT_THROTTLE }
  private readonly overrides = new Map<string, Partial<ThrottleSettings>>()

  configure(change: Partial<ThrottleSettings>, accountId?: string): ThrottleSettings {
    if (accountId) this.overrides.set(accountId, { ...this.overrides.get(accountId), ...change })
    else this.settings = { ...this.settings, ...change }
    this.reset(accountId)
    return this.settingsFor(accountId)
  }

  settingsFor(accountId?: string): ThrottleSettings {
    return { ...this.settings, ...(accountId ? this.overrides.get(accountId) : undefined) }
  }

  /** Takes one token; false means throttled. */
  take(accountId: string, region: string, now = Date.now()): boolean {
    const { rate, burst, enabled } = this.settingsFor(accountId)
    if (!enabled) return true
    const key = `${accountId}/${region}`
    const bucket = this.buckets.get(key) ?? { tokens: burst, at: now }
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * rate)
    bucket.at = now
    this.buckets.set(key, bucket)
    if (bucket.tokens < 1) return false
    bucket.tokens -= 1
    return true
  }

  /** Full buckets again (for one account, or all; `overrides` too when everything is reset). */
  reset(accountId?: string, clearSettings = false): void {
    for (const key of [...this.buckets.keys()])
      if (!accountId || key.startsWith(`${accountId}/`)) this.buckets.delete(key)
    if (clearSettings) {
      if (accountId) this.overrides.delete(accountId)
      else {
        this.overrides.clear()
        this.settings = { ...DEFAULT_THROTTLE }
      }
    }
  }
}
