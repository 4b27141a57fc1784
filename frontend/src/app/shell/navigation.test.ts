import { describe, expect, it } from 'vitest'
import {
  lockedUntil,
  NAV_SECTIONS,
  type NavSection,
  readSectionOpen,
  sectionHolds,
  writeSectionOpen,
} from './navigation'

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  }
}

function sectionNamed(id: string): NavSection {
  const found = NAV_SECTIONS.find((section) => section.id === id)
  if (!found) throw new Error(`no section ${id}`)
  return found
}

const templates = sectionNamed('templates')
const audience = sectionNamed('audience')

describe('sidebar sections', () => {
  it('has the spec entries, Templates open by default', () => {
    expect(NAV_SECTIONS.map((section) => section.label)).toEqual([
      'Templates',
      'Audience',
      'Campaigns',
      'AWS account',
    ])
    expect(NAV_SECTIONS.flatMap((section) => section.items.map((item) => item.to))).toEqual([
      '/app/templates',
      '/app/blocks',
      '/app/github-sync',
      '/app/audience/contacts',
      '/app/audience/topics',
      '/app/campaigns',
      '/app/campaigns/new',
      '/app/aws-account',
      '/app/monitoring',
      '/app/email-identities',
    ])
    expect(NAV_SECTIONS.filter((section) => section.defaultOpen).map((section) => section.id)).toEqual([
      'templates',
    ])
  })

  it('knows which section holds the current page', () => {
    const aws = NAV_SECTIONS.find((section) => section.items.some((item) => item.to === '/app/monitoring'))
    expect(aws && sectionHolds(aws, '/app/monitoring')).toBe(true)
    expect(aws && sectionHolds(aws, '/app/monitoring-other')).toBe(false)
    expect(sectionHolds(templates, '/app/monitoring')).toBe(false)
  })

  it('remembers the open state per section', () => {
    const storage = memoryStorage()
    expect(readSectionOpen(storage, templates)).toBe(true)
    expect(readSectionOpen(storage, audience)).toBe(false)
    writeSectionOpen(storage, templates, false)
    writeSectionOpen(storage, audience, true)
    expect(readSectionOpen(storage, templates)).toBe(false)
    expect(readSectionOpen(storage, audience)).toBe(true)
  })

  it('falls back to the default when storage fails', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('denied')
      },
    }
    expect(readSectionOpen(broken, templates)).toBe(true)
    expect(() => writeSectionOpen(broken, templates, false)).not.toThrow()
  })
})

describe('lockedUntil', () => {
  const locks = (plan: Parameters<typeof lockedUntil>[0]) =>
    Object.fromEntries(
      NAV_SECTIONS.flatMap((section) => section.items)
        .map((item) => [item.label, lockedUntil(plan, item.feature)])
        .filter(([, lock]) => lock),
    )

  it('marks team features and Github sync on START and without a plan', () => {
    const expected = {
      'Reusable blocks': 'Team',
      'Github sync': 'Solo',
      Contacts: 'Team',
      Topics: 'Team',
      'All campaigns': 'Team',
      'Create campaign': 'Team',
      'Logs & metrics': 'Team',
    }
    expect(locks('START')).toEqual(expected)
    expect(locks(null)).toEqual(expected)
  })

  it('unlocks Github sync on Solo, everything on Team and Team Plus', () => {
    expect(Object.keys(locks('SOLO_MONTHLY'))).not.toContain('Github sync')
    expect(Object.keys(locks('SOLO_YEARLY'))).toContain('Reusable blocks')
    expect(locks('TEAM_YEARLY')).toEqual({})
    expect(locks('TEAM_PLUS_MONTHLY')).toEqual({})
  })
})
