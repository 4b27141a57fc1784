/**
 * A campaign's schedule is a wall-clock date and time in a chosen time zone ("Tuesday 09:00 in Europe/Lisbon"):
 * the API stores the instant (`at`, ISO) with the zone. These convert both ways with `Intl` only.
 */

interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
}

function wallClockAt(instant: number, timeZone: string): WallClock {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant)
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((item) => item.type === type)?.value ?? 0)
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
  }
}

const asUtc = (clock: WallClock) => Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute)

/** Whether the browser knows the zone (`Europe/Lisbon`, `UTC`). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return true
  } catch {
    return false
  }
}

/**
 * The instant a date (`2026-12-01`) and time (`09:30`) name in a zone, as ISO; undefined when either is not
 * well formed. In a daylight-saving gap the clock moves forward, as calendars do.
 */
export function zonedToIso(date: string, time: string, timeZone: string): string | undefined {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  const clock = /^(\d{2}):(\d{2})$/.exec(time)
  if (!day || !clock || !isTimeZone(timeZone)) return undefined
  const wanted: WallClock = {
    year: Number(day[1]),
    month: Number(day[2]),
    day: Number(day[3]),
    hour: Number(clock[1]),
    minute: Number(clock[2]),
  }
  if (wanted.month < 1 || wanted.month > 12 || wanted.day < 1 || wanted.day > 31) return undefined
  if (wanted.hour > 23 || wanted.minute > 59) return undefined
  const target = asUtc(wanted)
  // The zone's offset at a guess, twice: the second pass settles the instants near a change of offset.
  let instant = target
  for (let pass = 0; pass < 2; pass += 1) instant = target - (asUtc(wallClockAt(instant, timeZone)) - instant)
  return new Date(instant).toISOString()
}

const pad = (value: number) => String(value).padStart(2, '0')

/** The date and time fields for an instant in a zone (the form opened on a scheduled campaign). */
export function isoToZoned(iso: string, timeZone: string): { date: string; time: string } {
  const clock = wallClockAt(Date.parse(iso), timeZone)
  return {
    date: `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`,
    time: `${pad(clock.hour)}:${pad(clock.minute)}`,
  }
}

/** `Dec 1, 2026, 9:30 AM (Europe/Lisbon)` */
export function zonedText(iso: string, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    Date.parse(iso),
  )
  return `${text} (${timeZone.replaceAll('_', ' ')})`
}

/** The zones to choose from: the browser's list, with the user's own and UTC first. */
export function timeZoneOptions(own: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC', own]
  return [...new Set([own, 'UTC', ...known])]
}

/** The browser's zone, else UTC. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}
