import type { ContactImport } from '@app/contracts'
import type { BadgeColor } from '../../../components/ui/badge'

/** How far the job has read the file, 0–100 (bytes of the uncompressed file). */
export function importPercent(contactImport: Pick<ContactImport, 'progress' | 'status'>): number {
  if (contactImport.status === 'succeeded') return 100
  const { bytesRead, fileBytes } = contactImport.progress
  if (fileBytes <= 0) return 0
  return Math.min(100, Math.floor((bytesRead / fileBytes) * 100))
}

/** The import's state in a sentence and a badge. */
export function importHeadline(contactImport: Pick<ContactImport, 'status' | 'progress' | 'counts'>): {
  text: string
  badge: string
  color: BadgeColor
} {
  switch (contactImport.status) {
    case 'queued':
      return { text: 'Waiting to start…', badge: 'Queued', color: 'neutral' }
    case 'running':
      return { text: `Importing… ${importPercent(contactImport)}%`, badge: 'Running', color: 'blue' }
    case 'succeeded':
      return {
        text: `Done: ${contactImport.counts.rows.toLocaleString('en-US')} ${contactImport.counts.rows === 1 ? 'row' : 'rows'} read`,
        badge: 'Finished',
        color: 'green',
      }
    case 'failed':
      return { text: 'The import could not finish', badge: 'Failed', color: 'red' }
  }
}
