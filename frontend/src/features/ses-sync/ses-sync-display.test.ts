import type { SesSyncOverview, SesTemplateRow, UnpublishedTemplate } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import {
  checkedText,
  EMPTY_SELECTION,
  importCost,
  pruneSelection,
  selectionActions,
  stateSummary,
  toggled,
  tooManyText,
  unpublishedHint,
} from './ses-sync-display'

const ID = (n: number) => `01J${String(n).padStart(23, '0')}`

function sesRow(name: string, state: SesTemplateRow['state'], templateId: string | null): SesTemplateRow {
  const linked = templateId !== null
  return {
    name,
    createdAt: '2026-01-01T00:00:00.000Z',
    templateId,
    templateName: linked ? `${name}_ours` : null,
    state,
    publishedVersion: linked ? 1 : null,
    currentVersion: linked ? 2 : null,
    publishedAt: linked ? '2026-01-02T00:00:00.000Z' : null,
    checkedAt: null,
  }
}

function unpublished(
  templateId: string,
  templateName: string,
  state: UnpublishedTemplate['state'] = 'not_published',
): UnpublishedTemplate {
  return {
    templateId,
    templateName,
    version: 1,
    state,
    sesName: state === 'missing_in_ses' ? `${templateName}_ses` : null,
    publishedVersion: null,
  }
}

const overview: SesSyncOverview = {
  awsAccountId: ID(99),
  complete: true,
  refreshedAt: null,
  sesTemplates: [
    sesRow('drifted_one', 'drifted', ID(1)),
    sesRow('fresh', 'in_sync', ID(2)),
    sesRow('outside', 'unlinked', null),
    sesRow('saved_here', 'changed_in_product', ID(3)),
  ],
  unpublished: [unpublished(ID(4), 'draft'), unpublished(ID(5), 'gone', 'missing_in_ses')],
}

const select = (sesNames: string[], unpublishedIds: string[] = []) => ({
  sesNames: new Set(sesNames),
  unpublishedIds: new Set(unpublishedIds),
})

describe('selectionActions', () => {
  it('imports the unlinked, publishes the linked and the unpublished, deletes only the linked', () => {
    const actions = selectionActions(overview, select(['outside', 'fresh', 'drifted_one'], [ID(4)]))
    expect(actions.count).toBe(4)
    expect(actions.importNames).toEqual(['outside'])
    expect(actions.publishIds).toEqual([ID(1), ID(2), ID(4)])
    expect(actions.names.publish).toEqual(['drifted_one_ours', 'fresh_ours', 'draft'])
    expect(actions.deleteIds).toEqual([ID(1), ID(2)])
    expect(actions.names.delete).toEqual(['drifted_one_ours', 'fresh_ours'])
    expect(actions.driftedNames).toEqual(['drifted_one'])
    expect(actions.driftedIds).toEqual([ID(1)])
  })

  it('offers nothing for nothing ticked, and only import for unlinked rows', () => {
    expect(selectionActions(overview, EMPTY_SELECTION)).toMatchObject({
      count: 0,
      importNames: [],
      publishIds: [],
      deleteIds: [],
    })
    const actions = selectionActions(overview, select(['outside']))
    expect(actions).toMatchObject({ count: 1, importNames: ['outside'], publishIds: [], deleteIds: [] })
  })

  it('leaves out ticked rows the overview no longer lists', () => {
    const actions = selectionActions(overview, select(['vanished', 'fresh'], [ID(77)]))
    expect(actions.count).toBe(1)
    expect(actions.publishIds).toEqual([ID(2)])
  })

  it('lists a template once even if two SES names point to it', () => {
    const twice: SesSyncOverview = {
      ...overview,
      sesTemplates: [sesRow('a', 'in_sync', ID(1)), sesRow('b', 'drifted', ID(1))],
      unpublished: [],
    }
    const actions = selectionActions(twice, select(['a', 'b']))
    expect(actions.publishIds).toEqual([ID(1)])
    expect(actions.deleteIds).toEqual([ID(1)])
    expect(actions.driftedNames).toEqual(['b'])
  })
})

describe('pruneSelection and toggled', () => {
  it('drops rows that are gone and keeps the rest', () => {
    const pruned = pruneSelection(overview, select(['fresh', 'vanished'], [ID(4), ID(77)]))
    expect([...pruned.sesNames]).toEqual(['fresh'])
    expect([...pruned.unpublishedIds]).toEqual([ID(4)])
  })

  it('adds and removes one key without changing the original', () => {
    const start = new Set(['a'])
    expect([...toggled(start, 'b')]).toEqual(['a', 'b'])
    expect([...toggled(start, 'a')]).toEqual([])
    expect([...start]).toEqual(['a'])
  })
})

describe('texts', () => {
  it('says when the list was last checked for changes', () => {
    const now = Date.parse('2026-03-10T12:00:00.000Z')
    expect(checkedText(null, now)).toBe('Never checked for changes')
    expect(checkedText('2026-03-10T11:59:30.000Z', now)).toBe('Checked for changes just now')
    expect(checkedText('2026-03-10T11:55:00.000Z', now)).toBe('Checked for changes 5 minutes ago')
    expect(checkedText('2026-03-09T11:00:00.000Z', now)).toBe('Checked for changes yesterday')
    expect(checkedText('2026-02-01T09:12:00.000Z', now, 'en-US', 'UTC')).toBe(
      'Checked for changes on Feb 1, 2026, 9:12 AM',
    )
  })

  it('counts the SES templates per state in a fixed order', () => {
    expect(stateSummary(overview)).toBe(
      'In sync 1 · Changed in the product 1 · Changed in SES 1 · Not linked 1',
    )
    expect(stateSummary({ sesTemplates: [] })).toBe('')
  })

  it('names the SES name a missing template was published under when it differs', () => {
    expect(unpublishedHint({ state: 'missing_in_ses', sesName: 'gone_ses', templateName: 'gone' })).toMatch(
      /published as gone_ses/,
    )
    expect(unpublishedHint({ state: 'missing_in_ses', sesName: 'gone', templateName: 'gone' })).toBe(
      'It was published, but SES no longer has it: publish to create it again.',
    )
    expect(unpublishedHint({ state: 'not_published', sesName: null, templateName: 'x' })).toBe(
      'Never published to this AWS account.',
    )
  })

  it('refuses more than a job takes', () => {
    expect(tooManyText(100)).toBeUndefined()
    expect(tooManyText(101)).toBe('At most 100 templates at once: 101 are selected.')
  })
})

describe('importCost', () => {
  it('is free on paid plans', () => {
    expect(importCost({ plan: 'TEAM_MONTHLY', availableActions: null }, 3)).toBeUndefined()
  })

  it('counts one START action per template and warns when some would fail', () => {
    expect(importCost({ plan: 'START', availableActions: 5 }, 2)).toEqual({
      enough: true,
      text: 'On the START plan this uses 2 template actions of the 5 left this month.',
    })
    expect(importCost({ plan: 'START', availableActions: 1 }, 3)).toEqual({
      enough: false,
      text: 'This needs 3 template actions and only 1 is left this month on the START plan: the imports after the first 1 would fail.',
    })
    expect(importCost({ plan: 'START', availableActions: 0 }, 1)?.text).toMatch(/none are left/)
  })
})
