import type { Contact } from '@app/contracts'
import { useInfiniteQuery } from '@tanstack/react-query'
import { type KeyboardEvent, useEffect, useId, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/text-field'
import { errorMessage } from '../../../lib/api-error'
import { previewContactQueries } from '../api/preview-contacts'
import { contactLabel, moveActive, pickerStatus, SEARCH_DEBOUNCE_MS, searchTerm } from '../contact-picker'
import styles from './contact-picker.module.css'

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

/**
 * A combobox over the organization's contacts: typing searches emails and names by prefix (debounced, through
 * the contacts API), the list pages on by cursor ("More contacts", or arrow down past the last one), arrows and
 * Enter choose, Escape closes.
 */
export function ContactPicker({
  organizationId,
  label,
  selected,
  onSelect,
}: {
  organizationId: string
  label: string
  selected: Contact | undefined
  onSelect: (contact: Contact) => void
}) {
  const listboxId = useId()
  const hintId = `${listboxId}-hint`
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const wanted = searchTerm(typed)
  const term = useDebounced(wanted, SEARCH_DEBOUNCE_MS)
  const results = useInfiniteQuery({ ...previewContactQueries.search(organizationId, term), enabled: open })
  // While a new search loads, the previous one's rows stay, dimmed.
  const options = results.data?.pages.flatMap((page) => page.items) ?? []
  const loading = wanted !== term || results.isPending || results.isPlaceholderData
  // The highlighted option belongs to one search: a new search starts with none.
  const [highlight, setHighlight] = useState({ term, index: -1 })
  const active = highlight.term === term ? Math.min(highlight.index, options.length - 1) : -1
  const optionId = (index: number) => `${listboxId}-option-${index}`
  const activeId = open && active >= 0 ? optionId(active) : undefined

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' })
  }, [activeId])

  const close = () => {
    setOpen(false)
    setTyped('')
  }
  const choose = (contact: Contact) => {
    onSelect(contact)
    close()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) return setOpen(true)
      if (event.key === 'ArrowDown' && active === options.length - 1 && results.hasNextPage)
        void results.fetchNextPage()
      setHighlight({ term, index: moveActive(active, event.key, options.length) })
    } else if (event.key === 'Enter') {
      // Never submits the step's form from here.
      event.preventDefault()
      const contact = options[active]
      if (open && contact) choose(contact)
      else setOpen(true)
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the focus leaving the picker closes it, Escape anywhere in it too
    <div
      className={styles.picker}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) close()
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return
        event.preventDefault()
        close()
        event.currentTarget.querySelector('input')?.focus()
      }}
    >
      <div className={styles.anchor}>
        <TextField
          label={label}
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-expanded={open}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          placeholder="Search by email or name"
          value={open ? typed : selected ? contactLabel(selected) : ''}
          // Typing replaces the chosen contact's name rather than adding to it.
          onFocus={(event) => event.target.select()}
          onClick={() => setOpen(true)}
          onChange={(event) => {
            setTyped(event.target.value)
            setOpen(true)
          }}
          onKeyDown={onKeyDown}
          aria-describedby={hintId}
        />
        {open && (
          <div className={styles.popup}>
            <div
              id={listboxId}
              role="listbox"
              aria-label={label}
              aria-busy={loading}
              className={`${styles.options} ${loading ? styles.stale : ''}`}
            >
              {options.map((contact, index) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: chosen by keyboard from the field (arrows, Enter), which keeps the focus
                <div
                  key={contact.id}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === active}
                  className={styles.option}
                  // Keeps the focus in the field, so the list stays open until the click chooses.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(contact)}
                >
                  <span className={styles.email}>{contact.email}</span>
                  {(contact.firstName || contact.lastName) && (
                    <span className={styles.name}>
                      {[contact.firstName, contact.lastName].filter(Boolean).join(' ')}
                    </span>
                  )}
                </div>
              ))}
            </div>
            <div className={styles.footer}>
              <p role="status" className={styles.status}>
                {results.isError
                  ? `The contacts could not be loaded: ${errorMessage(results.error)}`
                  : pickerStatus({
                      term: loading ? wanted : term,
                      loading,
                      shown: options.length,
                      more: results.hasNextPage,
                    })}
              </p>
              {results.isError ? (
                <Button variant="ghost" size="small" onClick={() => void results.refetch()}>
                  Try again
                </Button>
              ) : (
                results.hasNextPage &&
                !loading && (
                  // Not disabled while loading: a focused button that turns disabled drops the focus out of the picker.
                  <Button
                    variant="ghost"
                    size="small"
                    aria-busy={results.isFetchingNextPage || undefined}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => {
                      if (!results.isFetchingNextPage) void results.fetchNextPage()
                    }}
                  >
                    {results.isFetchingNextPage ? 'Loading more…' : 'More contacts'}
                  </Button>
                )
              )}
            </div>
          </div>
        )}
      </div>
      <p id={hintId} className={styles.hint}>
        Any of your contacts: type the start of an email or a name.
      </p>
    </div>
  )
}
