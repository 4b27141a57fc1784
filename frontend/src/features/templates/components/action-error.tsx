import { Alert } from '../../../components/ui/alert'
import { ButtonLink } from '../../../components/ui/button'
import { errorMessage, isApiError } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'

/**
 * A failed template action, said plainly. Spec §9: with no START actions left the message comes with the way out,
 * 'Upgrade' to the billing page.
 */
export function ActionError({ error, title }: { error: unknown; title: string }) {
  const exhausted = isApiError(error, 'plan.actions_exhausted')
  return (
    <Alert
      tone={exhausted ? 'warning' : 'danger'}
      role="alert"
      title={exhausted ? 'No template actions left this month' : title}
      actions={
        exhausted ? (
          <ButtonLink to={paths.planChooser()} size="small">
            Upgrade
          </ButtonLink>
        ) : undefined
      }
    >
      {errorMessage(error)}
    </Alert>
  )
}

/** The START cost of an action, before one confirms it; with the way out when there are not enough. */
export function CostNote({ cost }: { cost: { text: string; enough: boolean } | undefined }) {
  if (!cost) return null
  return cost.enough ? (
    <p>{cost.text}</p>
  ) : (
    <Alert
      tone="warning"
      actions={
        <ButtonLink to={paths.planChooser()} size="small">
          Upgrade
        </ButtonLink>
      }
    >
      {cost.text}
    </Alert>
  )
}

/** START with no action left: what still works, and the way out (an alert when a save was just refused). */
export function ActionsExhausted({ refused = false }: { refused?: boolean }) {
  return (
    <Alert
      tone="warning"
      role={refused ? 'alert' : 'note'}
      title={
        refused ? 'Not saved: no template actions left this month' : 'No template actions left this month'
      }
      actions={
        <ButtonLink to={paths.planChooser()} size="small">
          Upgrade
        </ButtonLink>
      }
    >
      Saving, restoring, duplicating and deleting templates each take one of the START plan’s 5 monthly
      actions; they restore on the 1st. Editing, previews and test sends keep working, and your changes stay
      as a draft in this browser.
    </Alert>
  )
}
