import type { SesSyncOverview } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { publishLabel, templateSesStatuses } from './template-ses-status'

const A = '01HZX3K5V6W7X8Y9Z0ABCDEFG1'
const B = '01HZX3K5V6W7X8Y9Z0ABCDEFG2'
const C = '01HZX3K5V6W7X8Y9Z0ABCDEFG3'
const D = '01HZX3K5V6W7X8Y9Z0ABCDEFG4'

const linked = (
  name: string,
  templateId: string | null,
  state: SesSyncOverview['sesTemplates'][number]['state'],
) => ({
  name,
  createdAt: null,
  templateId,
  templateName: templateId ? name : null,
  state,
  publishedVersion: templateId ? 2 : null,
  currentVersion: templateId ? 3 : null,
  publishedAt: null,
  checkedAt: null,
})

const overview: SesSyncOverview = {
  awsAccountId: A,
  complete: true,
  refreshedAt: null,
  sesTemplates: [
    linked('welcome', A, 'in_sync'),
    linked('receipt', B, 'drifted'),
    linked('legacy', null, 'unlinked'),
  ],
  unpublished: [
    {
      templateId: C,
      templateName: 'reset',
      version: 1,
      state: 'not_published',
      sesName: null,
      publishedVersion: null,
    },
    {
      templateId: D,
      templateName: 'gone',
      version: 4,
      state: 'missing_in_ses',
      sesName: 'gone_v1',
      publishedVersion: 3,
    },
  ],
}

describe('templateSesStatuses', () => {
  it("gives each of our templates its state on the account, leaving SES's unlinked templates out", () => {
    const statuses = templateSesStatuses(overview)
    expect([...statuses.keys()].sort()).toEqual([A, B, C, D].sort())
    expect(statuses.get(A)).toMatchObject({ state: 'in_sync', label: 'In sync', sesName: 'welcome' })
    expect(statuses.get(B)).toMatchObject({ state: 'drifted', label: 'Changed in SES', publishedVersion: 2 })
    expect(statuses.get(C)).toMatchObject({ state: 'not_published', sesName: null })
    expect(statuses.get(D)).toMatchObject({ state: 'missing_in_ses', sesName: 'gone_v1' })
  })

  it('names the publish button after what publishing will do', () => {
    const statuses = templateSesStatuses(overview)
    expect(publishLabel(statuses.get(A))).toBe('Update in SES')
    expect(publishLabel(statuses.get(B))).toBe('Overwrite in SES')
    expect(publishLabel(statuses.get(C))).toBe('Publish to SES')
    expect(publishLabel(undefined)).toBe('Publish to SES')
  })
})
