/** Stripe times are Unix seconds. */
export const nowSeconds = () => Math.floor(Date.now() / 1000)

export const DAY_SECONDS = 24 * 60 * 60

/**
 * One billing interval after `start`, on the same day of the month like Stripe's billing cycle anchor
 * (Jan 31 + 1 month = Feb 28/29).
 */
export function addInterval(start: number, interval: string, count = 1): number {
  if (interval === 'day') return start + count * DAY_SECONDS
  if (interval === 'week') return start + count * 7 * DAY_SECONDS
  const date = new Date(start * 1000)
  const months = interval === 'year' ? 12 * count : count
  const target = new Date(date)
  target.setUTCDate(1)
  target.setUTCMonth(target.getUTCMonth() + months)
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay))
  return Math.floor(target.getTime() / 1000)
}
