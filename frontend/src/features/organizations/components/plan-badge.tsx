import type { Plan } from '@app/contracts'
import { Badge } from '../../../components/ui/badge'
import { planBadge } from '../organization-display'

export function PlanBadge({ plan }: { plan: Plan | null }) {
  const badge = planBadge(plan)
  return badge ? <Badge color={badge.color}>{badge.label}</Badge> : null
}
