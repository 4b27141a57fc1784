import { type AwsAccount, SES_EVENT_TYPES, type SesEventType } from '@app/contracts'
import { useId, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import choice from '../../../components/ui/choice-card.module.css'
import { errorMessage, isApiError } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { awsAccountName } from '../../aws-accounts/aws-account-display'
import { useEnableMonitoring } from '../api/ses-monitoring'
import { EVENT_TYPE_TEXT, trackingNotice } from '../monitoring-display'
import styles from './monitoring.module.css'
import { MonitoringExplainer } from './monitoring-explainer'

/** Why enabling failed, and what to do about it. */
export function EnableError({ error }: { error: unknown }) {
  return (
    <Alert
      tone="danger"
      role="alert"
      title="Could not set up monitoring"
      actions={
        isApiError(error, 'aws.access_denied') || isApiError(error, 'aws_account.not_verified') ? (
          <ButtonLink to={paths.awsAccount()} variant="secondary" size="small">
            Check the connection
          </ButtonLink>
        ) : undefined
      }
    >
      {errorMessage(error)}
      {isApiError(error, 'aws.access_denied') &&
        ' Roles and keys set up before monitoring existed lack its permissions: the Status page lists what SES Studio needs (configuration sets and SNS).'}
    </Alert>
  )
}

/** Monitoring is off: what it does, which events to record, and (owners and admins) the button. */
export function EnableMonitoring({
  awsAccount,
  organizationName,
  canManage,
}: {
  awsAccount: AwsAccount
  organizationName: string
  canManage: boolean
}) {
  const [eventTypes, setEventTypes] = useState<readonly SesEventType[]>(SES_EVENT_TYPES)
  const [tried, setTried] = useState(false)
  const enable = useEnableMonitoring(awsAccount)
  const notice = trackingNotice(eventTypes)
  const errorId = useId()
  const noneChosen = eventTypes.length === 0

  function toggle(type: SesEventType, on: boolean) {
    // Kept in the contract's order, whatever order they are ticked in.
    setEventTypes(
      SES_EVENT_TYPES.filter((candidate) => (candidate === type ? on : eventTypes.includes(candidate))),
    )
  }

  return (
    <Card
      title="Monitoring is off"
      description={`SES Studio is not recording what happens to the mail ${awsAccountName(awsAccount)} sends.`}
    >
      <div className={styles.stack}>
        <MonitoringExplainer awsAccount={awsAccount} />
        {canManage ? (
          <form
            className={styles.stack}
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              setTried(true)
              if (!noneChosen && !enable.isPending) enable.mutate([...eventTypes])
            }}
          >
            <fieldset className={styles.group} aria-describedby={noneChosen && tried ? errorId : undefined}>
              <legend>Events to record</legend>
              <div className={styles.eventOptions}>
                {SES_EVENT_TYPES.map((type) => (
                  <label
                    key={type}
                    className={`${choice.card} ${styles.eventOption} ${eventTypes.includes(type) ? choice.checked : ''}`}
                  >
                    <input
                      type="checkbox"
                      checked={eventTypes.includes(type)}
                      onChange={(event) => toggle(type, event.target.checked)}
                    />
                    <span className={styles.eventOptionText}>
                      <span className={styles.eventOptionTitle}>{EVENT_TYPE_TEXT[type].plural}</span>
                      <span className={styles.note}>{EVENT_TYPE_TEXT[type].description}</span>
                    </span>
                  </label>
                ))}
              </div>
              <div className={`${styles.inlineActions} ${styles.ghostActions}`}>
                <Button variant="ghost" size="small" onClick={() => setEventTypes(SES_EVENT_TYPES)}>
                  Select all
                </Button>
                <Button variant="ghost" size="small" onClick={() => setEventTypes([])}>
                  Select none
                </Button>
              </div>
              {noneChosen && tried && (
                <p id={errorId} className={styles.inlineError}>
                  Choose at least one kind of event.
                </p>
              )}
            </fieldset>

            {notice && (
              <Alert tone="warning" title="Open and click tracking changes your messages">
                {notice}
              </Alert>
            )}

            {enable.isError && <EnableError error={enable.error} />}

            <div className={styles.inlineActions}>
              <Button type="submit" loading={enable.isPending}>
                Enable monitoring
              </Button>
            </div>
          </form>
        ) : (
          <Alert tone="info" title="Only owners and admins can turn monitoring on">
            It creates a configuration set and an SNS topic in this AWS account, so SES Studio asks an owner
            or admin of {organizationName} to do it. Once it is on, everyone in the organization sees the logs
            and metrics here.
          </Alert>
        )}
      </div>
    </Card>
  )
}
