import { CAMPAIGN_CSV_COLUMNS, type CampaignCsvOutcome, type MachineOpenMode } from '@app/contracts'
import { stringify } from 'csv-stringify/sync'
import type { ContactRecord } from '../../audience/public'
import type { OutcomeRecipient } from './outcome-rows.repo'

/** A recipient of one of the downloads and its contact as it is now (undefined once deleted). */
export interface CsvRow {
  recipient: OutcomeRecipient
  contact: Pick<ContactRecord, 'firstName' | 'lastName'> | undefined
}

const count = (value: number | undefined) => String(value ?? 0)

/** The cells after the email and names: the outcome's times and details (CAMPAIGN_CSV_COLUMNS). */
function details(outcome: CampaignCsvOutcome, mode: MachineOpenMode, recipient: OutcomeRecipient): string[] {
  switch (outcome) {
    case 'opened':
      return [
        (mode === 'exclude' ? recipient.humanOpenedAt : recipient.openedAt) ?? recipient.openedAt ?? '',
        count(recipient.opens),
        count(recipient.machineOpens),
        recipient.machineOpened ? 'true' : 'false',
      ]
    case 'clicked':
      return [recipient.clickedAt ?? '', recipient.firstLink ?? '', count(recipient.clicks)]
    case 'unsubscribed':
      return [recipient.unsubscribedAt ?? '']
    case 'bounced':
      return [recipient.bounce?.at ?? '', recipient.bounce?.type ?? '', recipient.bounce?.subType ?? '']
  }
}

/**
 * CSV lines of a download (CRLF, quoted where needed, every formula-looking cell — `= + - @`, tab, CR first —
 * escaped by a leading quote, as the audience export does): the address the campaign went to, the contact's names
 * (empty once deleted), then the outcome's details.
 */
export function outcomeLines(
  outcome: CampaignCsvOutcome,
  mode: MachineOpenMode,
  rows: readonly CsvRow[],
  header = false,
): string {
  const records = rows.map(({ recipient, contact }) => [
    recipient.email,
    contact?.firstName ?? '',
    contact?.lastName ?? '',
    ...details(outcome, mode, recipient),
  ])
  return stringify(header ? [[...CAMPAIGN_CSV_COLUMNS[outcome]], ...records] : records, {
    record_delimiter: 'windows',
    escape_formulas: true,
  })
}
