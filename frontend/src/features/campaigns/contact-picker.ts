import { type Contact, replaceUnsafeCharacters } from '@app/contracts'

/** How long typing pauses before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 250
/** The API's longest search (`searchQuery`). */
const SEARCH_MAX = 254

/**
 * What the contacts API is asked for the typed text (`searchQuery`: the email or the name begins with it): the
 * text trimmed, at most 254 characters, without the control characters the API refuses; undefined for none.
 */
export function searchTerm(typed: string): string | undefined {
  // Cut first: a cut through a surrogate pair leaves a lone half, removed with the controls.
  const term = replaceUnsafeCharacters(typed.trim().slice(0, SEARCH_MAX), '').trim()
  return term === '' ? undefined : term
}

/** A contact as the picker lists it: the name first when there is one. */
export function contactLabel(contact: Pick<Contact, 'email' | 'firstName' | 'lastName'>): string {
  const name = [contact.firstName, contact.lastName].filter(Boolean).join(' ')
  return name ? `${name} <${contact.email}>` : contact.email
}

/**
 * The option highlighted after an arrow key, among `count` listed (-1: none). Down from the last stays there (the
 * picker loads the next page then), up from the first stays on it.
 */
export function moveActive(active: number, key: 'ArrowDown' | 'ArrowUp', count: number): number {
  if (count === 0) return -1
  return key === 'ArrowDown' ? Math.min(active + 1, count - 1) : Math.max(active - 1, 0)
}

/** What the list says under the field (and to screen readers): loading, nothing found, or how many are shown. */
export function pickerStatus(state: {
  term: string | undefined
  loading: boolean
  shown: number
  more: boolean
}): string {
  if (state.loading) return state.term ? `Searching for “${state.term}”…` : 'Loading your contacts…'
  if (state.shown === 0) return state.term ? `No contact matches “${state.term}”.` : 'No contacts yet.'
  const one = state.shown === 1
  const shown = `${state.shown} ${one ? 'contact' : 'contacts'}`
  if (state.more) return `${shown} shown, more to load.`
  return state.term ? `${shown} ${one ? 'matches' : 'match'}.` : `${shown}.`
}
