import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { LoadError } from '../../../components/ui/load-error'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { paths } from '../../../lib/paths'
import { reportQueries } from '../../campaigns/api/reports'
import { ACTIVITY_TEXT } from '../../campaigns/report-display'
import { dateTimeText } from '../../templates/template-display'
import styles from './audience.module.css'

/** What happened to the contact in each campaign (sent, delivered, opened, clicked …), newest first, by cursor. */
export function ContactActivity({
  organizationId,
  contactId,
}: {
  organizationId: string
  contactId: string
}) {
  const activity = useInfiniteQuery(reportQueries.contactActivity(organizationId, contactId))
  const items = activity.data?.pages.flatMap((page) => page.items) ?? []

  return (
    <Card
      title="Campaign activity"
      description="Every campaign sent to this contact and what happened to it: delivered, opened, clicked, bounced, unsubscribed."
    >
      {activity.isError && items.length === 0 ? (
        <LoadError
          title="Could not load the activity"
          error={activity.error}
          onRetry={() => void activity.refetch()}
        />
      ) : activity.data === undefined ? (
        <LoadingLines lines={3} label="Loading the activity" />
      ) : items.length === 0 ? (
        <p className={styles.muted}>No campaign has been sent to this contact yet.</p>
      ) : (
        <ol className={styles.trail} aria-label="Campaign activity">
          {items.map((item, index) => {
            const text = ACTIVITY_TEXT[item.type]
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: two clicks of one campaign can share a second; pages only append
              <li key={`${item.campaignId}-${item.type}-${item.at}-${index}`}>
                <span className={styles.badges}>
                  <Badge color={text.color}>{text.label}</Badge>
                  <Link to={paths.campaign(item.campaignId)} className={styles.name}>
                    {item.campaignName}
                  </Link>
                </span>
                <span className={styles.muted}>
                  <time dateTime={item.at}>{dateTimeText(item.at)}</time>
                  {item.detail ? ` · ${item.detail}` : ''}
                </span>
              </li>
            )
          })}
        </ol>
      )}
      {activity.hasNextPage && (
        <div>
          <Button
            variant="secondary"
            size="small"
            loading={activity.isFetchingNextPage}
            onClick={() => void activity.fetchNextPage()}
          >
            More activity
          </Button>
        </div>
      )}
    </Card>
  )
}
