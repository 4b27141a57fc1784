import { type OrganizationSummary, START_ACTIONS_PER_MONTH } from '@app/contracts'

type Organization = Pick<OrganizationSummary, 'plan' | 'availableActions'>

/** START's template actions left this month; null on paid plans (unlimited). */
export function actionsLeft(organization: Organization | undefined): number | null {
  if (organization?.plan !== 'START' || organization.availableActions === null) return null
  return Math.max(0, organization.availableActions)
}

const plural = (count: number) => (count === 1 ? '1 action' : `${count} actions`)

/**
 * A button's label with what pressing it costs on START: 'Save · 1 action (4 left)', 'Save · no actions left';
 * just the label on paid plans.
 */
export function labelWithCost(label: string, organization: Organization | undefined): string {
  const left = actionsLeft(organization)
  if (left === null) return label
  if (left < 1) return `${label} · no actions left`
  return `${label} · 1 action (${left} left)`
}

/** The same cost in a sentence, for the button's tooltip: 'Uses 1 of your 4 remaining template actions this month.' */
export function costHint(organization: Organization | undefined): string | undefined {
  const left = actionsLeft(organization)
  if (left === null) return undefined
  if (left < 1) return 'No template actions left this month on the START plan; they restore on the 1st.'
  if (left === 1) return 'Uses your last template action this month.'
  return `Uses 1 of your ${left} remaining template actions this month.`
}

export interface ActionCost {
  /** One sentence for a confirmation: what it costs and what stays. */
  text: string
  enough: boolean
}

/**
 * Spec §9: create, duplicate, save, restore and delete cost one START action each; bulk delete one per template,
 * all or nothing. Undefined on paid plans.
 */
export function actionCost(organization: Organization | undefined, cost: number): ActionCost | undefined {
  const left = actionsLeft(organization)
  if (left === null) return undefined
  if (left < cost) {
    return {
      enough: false,
      text: `This needs ${plural(cost)} and ${left === 0 ? 'none are' : `only ${plural(left)} ${left === 1 ? 'is' : 'are'}`} left this month on the START plan. Nothing will change; upgrade for unlimited template actions, or wait until the 1st.`,
    }
  }
  return {
    enough: true,
    text: `This uses ${plural(cost)} of the ${left} left this month on the START plan (${START_ACTIONS_PER_MONTH} a month).`,
  }
}
