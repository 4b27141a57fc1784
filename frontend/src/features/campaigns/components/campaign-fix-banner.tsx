import type { Template } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Alert } from '../../../components/ui/alert'
import { ButtonLink } from '../../../components/ui/button'
import { paths } from '../../../lib/paths'
import { campaignQueries } from '../api/campaigns'
import { REFUSAL_FIX } from '../campaign-flow'
import { type TemplateFixContext, templateFixState } from '../template-fix'

/**
 * The template editor opened from a campaign's review ("Fix it"): what the campaign's pre-flight refused, in the
 * review's words, until the saved template no longer has it; and the way back to the review either way.
 */
export function CampaignFixBanner({
  organizationId,
  context,
  template,
}: {
  organizationId: string
  context: TemplateFixContext
  template: Pick<Template, 'id' | 'version' | 'html' | 'textPart'>
}) {
  const campaign = useQuery(campaignQueries.detail(organizationId, context.campaignId))
  const data = campaign.data
  // A campaign gone, or another organization's: no way back to offer.
  if (!data) return null
  const fix = data.templateId === template.id ? context.fix : undefined
  const state = fix ? templateFixState(template, data.sender, fix) : undefined
  const back = (
    <ButtonLink
      to={paths.campaign(data.id, { step: 'review' })}
      variant={state?.fixed ? 'primary' : 'secondary'}
      size="small"
    >
      Back to the campaign's review
    </ButtonLink>
  )

  if (!fix || !state) {
    return (
      <Alert tone="info" role="status" title={`Editing for the campaign “${data.name}”`} actions={back}>
        Save your changes, then go back to its review to check the campaign again.
      </Alert>
    )
  }
  if (state.fixed) {
    return (
      <Alert
        tone="success"
        role="status"
        title={`Version ${template.version} fixes what “${data.name}” was refused`}
        actions={back}
      >
        The review checks the campaign again when you go back to it.
      </Alert>
    )
  }
  return (
    <Alert
      tone="warning"
      role="status"
      title={`The campaign “${data.name}” cannot be sent with this template yet`}
      actions={back}
    >
      {state.message} {REFUSAL_FIX[fix].text} Save the template, then go back to the review.
    </Alert>
  )
}
