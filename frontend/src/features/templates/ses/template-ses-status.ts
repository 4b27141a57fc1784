import type { SesSyncOverview, SesTemplateState, UnpublishedTemplate } from '@app/contracts'
import type { BadgeColor } from '../../../components/ui/badge'
import { SES_STATE_DISPLAY, UNPUBLISHED_STATE_DISPLAY } from '../../ses-sync/ses-states'

/** One of our templates as one AWS account's SES holds it. */
export interface TemplateSesStatus {
  state: Exclude<SesTemplateState, 'unlinked'> | UnpublishedTemplate['state']
  label: string
  color: BadgeColor
  hint: string
  /** The SES name it is published under (null when never published). */
  sesName: string | null
  publishedVersion: number | null
}

/** Our templates' SES states on the overview's account, by template id. */
export function templateSesStatuses(overview: SesSyncOverview): Map<string, TemplateSesStatus> {
  const statuses = new Map<string, TemplateSesStatus>()
  for (const row of overview.sesTemplates) {
    if (row.templateId === null || row.state === 'unlinked') continue
    statuses.set(row.templateId, {
      state: row.state,
      ...SES_STATE_DISPLAY[row.state],
      sesName: row.name,
      publishedVersion: row.publishedVersion,
    })
  }
  for (const template of overview.unpublished) {
    statuses.set(template.templateId, {
      state: template.state,
      ...UNPUBLISHED_STATE_DISPLAY[template.state],
      sesName: template.sesName,
      publishedVersion: template.publishedVersion,
    })
  }
  return statuses
}

/** The publish button's words: 'Publish to SES', 'Update in SES' or 'Overwrite in SES'. */
export function publishLabel(status: TemplateSesStatus | undefined): string {
  if (status?.state === 'drifted') return 'Overwrite in SES'
  if (status?.state === 'in_sync' || status?.state === 'changed_in_product') return 'Update in SES'
  return 'Publish to SES'
}
