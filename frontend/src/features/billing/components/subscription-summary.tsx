import { type Billing, type OrganizationSummary, planInfo, seatsOf } from '@app/contracts'
import { Link } from 'react-router-dom'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { LoadError } from '../../../components/ui/load-error'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { paths } from '../../../lib/paths'
import { usePermission } from '../../account/use-permission'
import { PlanBadge } from '../../organizations/components/plan-badge'
import { TemplateActionsWidget } from '../../organizations/components/template-actions'
import { useOpenCustomerPortal } from '../api/billing'
import { isLiveSubscription, renewalText, seatsText, subscriptionStatusText } from '../billing-display'
import styles from './billing.module.css'

interface SubscriptionSummaryProps {
  organization: OrganizationSummary
  /** Undefined while loading or when the provider could not be reached (the plan still shows from the account). */
  billing: Billing | undefined
  loading: boolean
  error: unknown
  retry: () => void
  pickerOpen: boolean
  togglePicker: () => void
}

/**
 * The plan, its status in words and its next date, with the two ways to change it: Stripe's portal for a running
 * subscription, the plan picker (checkout) for START or an organization without one.
 */
export function SubscriptionSummary({
  organization,
  billing,
  loading,
  error,
  retry,
  pickerOpen,
  togglePicker,
}: SubscriptionSummaryProps) {
  const portal = useOpenCustomerPortal()
  const subscription = billing?.subscription ?? null
  const live = isLiveSubscription(subscription)
  const canManage = usePermission('billing.manage', organization.id)
  const plan = organization.plan
  const status = subscription?.status ?? organization.subscriptionStatus
  const statusText = status && plan !== 'START' ? subscriptionStatusText(status) : undefined
  // A START organization may still carry its old, ended subscription: its date says nothing about Start.
  const renewal = subscription && plan !== 'START' ? renewalText(subscription) : undefined
  const portalBusy = (intent: 'manage' | 'switch_plan') =>
    (portal.isPending || portal.isSuccess) && portal.variables?.intent === intent

  function openPortal(intent: 'manage' | 'switch_plan') {
    portal.mutate({ organizationId: organization.id, intent, returnPath: paths.billing() })
  }

  return (
    <div className={styles.summary}>
      <div className={styles.planRow}>
        {plan ? (
          <>
            <PlanBadge plan={plan} />
            <span className={styles.planName}>{planInfo(plan).fullName}</span>
          </>
        ) : (
          <span className={styles.planName}>No plan chosen yet</span>
        )}
        {statusText && <Badge color={statusText.badge}>{statusText.label}</Badge>}
        <TemplateActionsWidget organization={organization} />
      </div>

      {plan && (
        <p className={styles.muted}>
          {seatsText(seatsOf(plan))} on this plan (pending invitations count as members). See who is in the
          organization on <Link to={paths.organizationTeam()}>Team</Link>.
        </p>
      )}
      {plan === 'START' && (
        <p className={styles.muted}>
          Template actions restore on the 1st of each month; paid plans have no limit.
        </p>
      )}
      {loading && <LoadingLines lines={1} label="Loading the subscription" />}
      {renewal && <p className={styles.muted}>{renewal}</p>}
      {statusText?.guidance && status !== 'active' && (
        <Alert tone={statusText.tone === 'neutral' ? 'info' : statusText.tone}>{statusText.guidance}</Alert>
      )}
      {error !== null && error !== undefined && (
        <LoadError
          title="Could not load the subscription"
          error={error}
          onRetry={retry}
          fallback="The payment provider did not answer. Try again in a moment."
        />
      )}
      {/* Members get the page's explanation instead of buttons. */}
      {canManage ? (
        <div className={styles.actions}>
          {live ? (
            <Button
              loading={portalBusy('switch_plan')}
              disabled={portal.isPending}
              onClick={() => openPortal('switch_plan')}
            >
              Change plan
            </Button>
          ) : (
            <Button aria-expanded={pickerOpen} aria-controls="plan-picker" onClick={togglePicker}>
              {pickerOpen ? 'Hide plans' : plan === 'START' || !plan ? 'Change plan' : 'Choose a plan'}
            </Button>
          )}
          {subscription && (
            <Button
              variant="secondary"
              loading={portalBusy('manage')}
              disabled={portal.isPending}
              onClick={() => openPortal('manage')}
            >
              Manage payment &amp; subscription
            </Button>
          )}
        </div>
      ) : null}
    </div>
  )
}
