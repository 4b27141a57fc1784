import {
  type OrganizationSummary,
  SES_SYNC_MAX_ITEMS,
  type SesSyncOverview,
  type SesTemplateState,
  type UnpublishedTemplate,
} from '@app/contracts'
import { actionsLeft } from '../templates/template-actions'
import { dateTimeText, whenText } from '../templates/template-display'
import { SES_STATE_DISPLAY, UNPUBLISHED_STATE_DISPLAY } from './ses-states'

/** The hint for one template SES does not hold ('… as welcome_v2 …' when its SES name differs). */
export function unpublishedHint(template: Pick<UnpublishedTemplate, 'state' | 'sesName' | 'templateName'>) {
  if (template.state === 'missing_in_ses' && template.sesName && template.sesName !== template.templateName) {
    return `It was published as ${template.sesName}, but SES no longer has it: publish to create it again.`
  }
  return UNPUBLISHED_STATE_DISPLAY[template.state].hint
}

/** What the user ticked: SES template names (upper table) and ids of our templates SES lacks (lower list). */
export interface SesSelection {
  sesNames: ReadonlySet<string>
  unpublishedIds: ReadonlySet<string>
}

export const EMPTY_SELECTION: SesSelection = { sesNames: new Set(), unpublishedIds: new Set() }

export interface SelectionActions {
  /** Ticked rows still on the page (a job may have moved some since they were ticked). */
  count: number
  /** Unlinked SES template names: import. */
  importNames: string[]
  /** Linked and unpublished template ids: publish. */
  publishIds: string[]
  /** Of those, the SES names someone changed outside the product (publishing overwrites them). */
  driftedNames: string[]
  /** Their template ids, in the same order (publishing skips them unless the user chooses to overwrite). */
  driftedIds: string[]
  /** Linked template ids: delete from SES. */
  deleteIds: string[]
  /** Names of the templates each action acts on, for its confirmation. */
  names: { publish: string[]; delete: string[] }
}

/** Which actions the ticked rows allow, and on what; rows no longer listed are left out. */
export function selectionActions(overview: SesSyncOverview, selection: SesSelection): SelectionActions {
  const importNames: string[] = []
  const publishIds: string[] = []
  const publishNames: string[] = []
  const driftedNames: string[] = []
  const driftedIds: string[] = []
  const deleteIds: string[] = []
  const deleteNames: string[] = []
  let count = 0
  for (const row of overview.sesTemplates) {
    if (!selection.sesNames.has(row.name)) continue
    count += 1
    if (row.templateId === null || row.state === 'unlinked') {
      importNames.push(row.name)
      continue
    }
    if (!publishIds.includes(row.templateId)) {
      publishIds.push(row.templateId)
      publishNames.push(row.templateName ?? row.name)
    }
    if (row.state === 'drifted') {
      driftedNames.push(row.name)
      driftedIds.push(row.templateId)
    }
    if (!deleteIds.includes(row.templateId)) {
      deleteIds.push(row.templateId)
      deleteNames.push(row.templateName ?? row.name)
    }
  }
  for (const template of overview.unpublished) {
    if (!selection.unpublishedIds.has(template.templateId)) continue
    count += 1
    if (!publishIds.includes(template.templateId)) {
      publishIds.push(template.templateId)
      publishNames.push(template.templateName)
    }
  }
  return {
    count,
    importNames,
    publishIds,
    driftedNames,
    driftedIds,
    deleteIds,
    names: { publish: publishNames, delete: deleteNames },
  }
}

/** The selection without rows the overview no longer lists (so counts never include vanished rows). */
export function pruneSelection(overview: SesSyncOverview, selection: SesSelection): SesSelection {
  const names = new Set(overview.sesTemplates.map((row) => row.name))
  const ids = new Set(overview.unpublished.map((template) => template.templateId))
  return {
    sesNames: new Set([...selection.sesNames].filter((name) => names.has(name))),
    unpublishedIds: new Set([...selection.unpublishedIds].filter((id) => ids.has(id))),
  }
}

/** Adds or removes one key. */
export function toggled(set: ReadonlySet<string>, key: string): Set<string> {
  const next = new Set(set)
  if (next.has(key)) next.delete(key)
  else next.add(key)
  return next
}

/** A job takes at most {@link SES_SYNC_MAX_ITEMS} templates; the message when an action's share is larger. */
export function tooManyText(count: number): string | undefined {
  if (count <= SES_SYNC_MAX_ITEMS) return undefined
  return `At most ${SES_SYNC_MAX_ITEMS} templates at once: ${count} are selected.`
}

/** Per state, how many SES templates are in it: 'In sync 4 · Changed in SES 1'. */
export function stateSummary(overview: Pick<SesSyncOverview, 'sesTemplates'>): string {
  const counts = new Map<SesTemplateState, number>()
  for (const row of overview.sesTemplates) counts.set(row.state, (counts.get(row.state) ?? 0) + 1)
  return (Object.keys(SES_STATE_DISPLAY) as SesTemplateState[])
    .filter((state) => counts.has(state))
    .map((state) => `${SES_STATE_DISPLAY[state].label} ${counts.get(state)}`)
    .join(' · ')
}

const WEEK = 7 * 24 * 60 * 60 * 1000

/** 'Checked for changes 5 minutes ago' (or 'on Mar 5, 2025, 9:12 AM'), 'Never checked' before the first refresh. */
export function checkedText(refreshedAt: string | null, now: number, locale = 'en-US', timeZone?: string) {
  if (refreshedAt === null) return 'Never checked for changes'
  const at = Date.parse(refreshedAt)
  if (now - at >= WEEK) return `Checked for changes on ${dateTimeText(refreshedAt, locale, timeZone)}`
  return `Checked for changes ${whenText(refreshedAt, now, locale, timeZone)}`
}

/**
 * Spec §9 on START: each imported template takes one template action; one that finds none left fails on its own.
 * Undefined on paid plans.
 */
export function importCost(
  organization: Pick<OrganizationSummary, 'plan' | 'availableActions'>,
  count: number,
): { text: string; enough: boolean } | undefined {
  const left = actionsLeft(organization)
  if (left === null) return undefined
  const needs = count === 1 ? '1 template action' : `${count} template actions`
  if (left >= count) {
    return {
      enough: true,
      text: `On the START plan this uses ${needs} of the ${left} left this month.`,
    }
  }
  return {
    enough: false,
    text:
      left === 0
        ? `This needs ${needs} and none are left this month on the START plan: every import would fail. Upgrade for unlimited template actions, or wait until the 1st.`
        : `This needs ${needs} and only ${left} ${left === 1 ? 'is' : 'are'} left this month on the START plan: the imports after the first ${left} would fail.`,
  }
}

/** The publish dialog's button: what goes out once the user chose which changed-in-SES templates to overwrite. */
export function publishLabel(total: number, driftedIds: readonly string[], overwrite: ReadonlySet<string>) {
  const skipped = driftedIds.filter((id) => !overwrite.has(id)).length
  const published = total - skipped
  if (published === 0) return 'Publish none'
  return skipped > 0 ? `Publish ${published}, skip ${skipped}` : `Publish ${published}`
}
