/** The page frames of spec §2 ("Layout choice"). */
export type LayoutName = 'admin' | 'auth' | 'invite' | 'centred' | 'onboarding' | 'dashboard' | 'public'

/**
 * Spec §2's order. The spec says "contains"; we compare whole path segments so that a blog slug such as
 * `/blog/unsubscribe-tips` or `/blog/app-ideas` never switches frame.
 */
const LAYOUT_RULES: readonly (readonly [segments: readonly string[], layout: LayoutName])[] = [
  [['admin'], 'admin'],
  [['auth'], 'auth'],
  [['join'], 'invite'],
  [['unsubscribe'], 'centred'],
  // Not in the spec's list: the hosted signup and confirmation pages share the unsubscribe page's frame (a
  // customer's audience sees them, not our site's visitors).
  [['subscribe'], 'centred'],
  [['price-change-notice'], 'invite'],
  [['app', 'onboarding'], 'onboarding'],
  [['app'], 'dashboard'],
]

function segmentsOf(pathname: string): string[] {
  return (pathname.split(/[?#]/, 1)[0] ?? '').split('/').filter(Boolean)
}

function containsRun(haystack: readonly string[], needle: readonly string[]): boolean {
  for (let start = 0; start + needle.length <= haystack.length; start++) {
    if (needle.every((segment, offset) => haystack[start + offset] === segment)) return true
  }
  return false
}

/** Which frame a path is shown in; pure, so the router and its tests agree. */
export function chooseLayout(pathname: string): LayoutName {
  const segments = segmentsOf(pathname).map((segment) => segment.toLowerCase())
  for (const [needle, layout] of LAYOUT_RULES) if (containsRun(segments, needle)) return layout
  return 'public'
}
