import { type Job, type JobItem, type JobKind, type JobStatus, SES_CHANGED_IN_SES } from '@app/contracts'
import type { BadgeColor } from '../../components/ui/badge'
import { paths } from '../../lib/paths'

/** What a job is doing, as a heading: 'Publishing to SES'. */
export const JOB_TITLES: Record<JobKind, { running: string; done: string }> = {
  'ses.publish': { running: 'Publishing to SES', done: 'Published to SES' },
  'ses.import': { running: 'Importing from SES', done: 'Imported from SES' },
  'ses.delete': { running: 'Deleting from SES', done: 'Deleted from SES' },
  'ses.refresh': { running: 'Checking SES for changes', done: 'Checked SES for changes' },
  'blocks.propagate': {
    running: 'Updating the templates that use this block',
    done: 'Updated the templates that use this block',
  },
  'audience.topic_delete': { running: 'Deleting the topic', done: 'Deleted the topic' },
  'audience.bulk_delete': { running: 'Deleting contacts', done: 'Deleted contacts' },
  'audience.bulk_topics': { running: 'Changing subscriptions', done: 'Changed subscriptions' },
  'audience.suppression_sync': {
    running: 'Reading the SES suppression list',
    done: 'Read the SES suppression list',
  },
  'campaigns.unsubscribe_bounced': {
    running: 'Unsubscribing the bounced contacts',
    done: 'Unsubscribed the bounced contacts',
  },
  'campaigns.delete_bounced': {
    running: 'Deleting the bounced contacts',
    done: 'Deleted the bounced contacts',
  },
  'campaigns.outcome_topic': { running: 'Filling the new topic', done: 'Filled the new topic' },
}

export const JOB_STATUS_BADGES: Record<JobStatus, { label: string; color: BadgeColor }> = {
  queued: { label: 'Queued', color: 'neutral' },
  running: { label: 'Running', color: 'blue' },
  succeeded: { label: 'Done', color: 'green' },
  partially_failed: { label: 'Some failed', color: 'orange' },
  failed: { label: 'Failed', color: 'red' },
}

const ITEM_DONE: Record<JobKind, string> = {
  'ses.publish': 'Published',
  'ses.import': 'Imported',
  'ses.delete': 'Deleted from SES',
  'ses.refresh': 'Checked',
  'blocks.propagate': 'Updated',
  'audience.topic_delete': 'Removed',
  'audience.bulk_delete': 'Deleted',
  'audience.bulk_topics': 'Changed',
  'audience.suppression_sync': 'Read',
  'campaigns.unsubscribe_bounced': 'Done',
  'campaigns.delete_bounced': 'Done',
  'campaigns.outcome_topic': 'Done',
}

/** One item's result in words: 'Published', 'Waiting', or the failure's own message. */
export function itemText(kind: JobKind, item: JobItem): string {
  switch (item.status) {
    case 'pending':
      return 'Waiting'
    case 'succeeded':
      return ITEM_DONE[kind]
    case 'skipped':
      if (!item.error) return 'Skipped'
      return item.error.message.startsWith('Skipped') ? item.error.message : `Skipped: ${item.error.message}`
    case 'failed':
      return item.error?.message ?? 'Failed'
  }
}

/** '3 of 20 done · 1 failed · 1 skipped' */
export function countsText(job: Pick<Job, 'counts' | 'status'>): string {
  const { total, done, failed, succeeded } = job.counts
  if (job.status === 'queued') return `${total} ${total === 1 ? 'item' : 'items'} waiting to start`
  const parts = [`${done} of ${total} done`]
  if (failed > 0) parts.push(`${failed} failed`)
  const skipped = done - succeeded - failed
  if (skipped > 0) parts.push(`${skipped} skipped`)
  return parts.join(' · ')
}

/** Where to resolve an item skipped because its template was changed in SES: that account's review of it. */
export function driftReviewPath(item: JobItem, jobAwsAccountId: string | null): string | undefined {
  if (item.status !== 'skipped' || item.error?.code !== SES_CHANGED_IN_SES) return undefined
  const awsAccountId = item.error.awsAccountId ?? jobAwsAccountId
  if (!awsAccountId) return undefined
  return paths.templatesSes({ awsAccount: awsAccountId, review: item.key })
}
