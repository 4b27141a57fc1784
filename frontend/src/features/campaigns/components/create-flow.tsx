import type { Campaign, UpdateCampaignBody } from '@app/contracts'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import pageStyles from '../../../components/layouts/page.module.css'
import { Alert } from '../../../components/ui/alert'
import { ButtonLink } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { errorMessage } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { useSelectedAwsAccount } from '../../aws-accounts/use-selected-aws-account'
import { useCreateCampaign, useDeleteCampaign, useUpdateCampaign } from '../api/campaigns'
import {
  FLOW_STEPS,
  type FlowStep,
  firstOpenStep,
  isFlowStep,
  nextStep,
  previousStep,
  STEP_TEXT,
  stepReachable,
} from '../campaign-flow'
import { AudienceStep } from './audience-step'
import styles from './campaigns.module.css'
import { ContentStep } from './content-step'
import { ReviewStep } from './review-step'
import { ScheduleStep } from './schedule-step'
import { SenderStep } from './sender-step'

function StepNav({ campaign, step }: { campaign: Campaign | undefined; step: FlowStep }) {
  return (
    <nav aria-label="Steps">
      <ol className={styles.steps}>
        {FLOW_STEPS.map((item) => (
          <li key={item} className={styles.step}>
            {campaign && stepReachable(item, campaign) ? (
              <Link
                to={paths.campaign(campaign.id, { step: item })}
                aria-current={item === step ? 'step' : undefined}
              >
                {STEP_TEXT[item]}
              </Link>
            ) : (
              <span aria-current={item === step ? 'step' : undefined}>{STEP_TEXT[item]}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}

/** `/app/campaigns/new`: the first step; the draft is created when it is saved, on the selected AWS account. */
export function NewCampaignFlow({ organizationId }: { organizationId: string }) {
  const navigate = useNavigate()
  const { selected, accounts } = useSelectedAwsAccount()
  const create = useCreateCampaign(organizationId)
  return (
    <div className={pageStyles.page}>
      <header className={pageStyles.header}>
        <Link to={paths.campaigns()} className={pageStyles.back}>
          ← All campaigns
        </Link>
        <h1>Create campaign</h1>
        <p className={pageStyles.lead}>
          Nothing is sent until you review the campaign and choose to send it.
        </p>
      </header>
      <StepNav campaign={undefined} step="content" />
      {accounts.data === undefined ? (
        <LoadingLines lines={3} label="Loading your AWS accounts" />
      ) : !selected?.awsAccountVerified ? (
        <Alert tone="info" title="Connect an AWS account first">
          Campaigns send through your own SES account. Connect one and let SES Studio check it, then come
          back.
          <div>
            <ButtonLink to={selected ? paths.awsAccount() : paths.newAwsAccount()} size="small">
              {selected ? 'Check the AWS account' : 'Connect an AWS account'}
            </ButtonLink>
          </div>
        </Alert>
      ) : (
        <ContentStep
          organizationId={organizationId}
          campaign={undefined}
          pending={create.isPending}
          error={create.error}
          onSave={(choice) =>
            create.mutate(
              { awsAccountId: selected.id, body: choice },
              { onSuccess: (campaign) => navigate(paths.campaign(campaign.id, { step: 'audience' })) },
            )
          }
        />
      )}
    </div>
  )
}

/** A draft's page: the flow at `?step=` (else the first step it still needs). */
export function DraftFlow({ organizationId, campaign }: { organizationId: string; campaign: Campaign }) {
  const [search] = useSearchParams()
  const navigate = useNavigate()
  const update = useUpdateCampaign(organizationId, campaign.id)
  const remove = useDeleteCampaign(organizationId)
  const asked = search.get('step')
  const step: FlowStep = isFlowStep(asked) && stepReachable(asked, campaign) ? asked : firstOpenStep(campaign)
  const go = (to: FlowStep | undefined) => to && navigate(paths.campaign(campaign.id, { step: to }))
  const save = (body: UpdateCampaignBody, then?: FlowStep) =>
    update.mutate({ ...body, version: campaign.version }, { onSuccess: () => go(then) })
  const common = { pending: update.isPending, error: update.error, onBack: () => go(previousStep(step)) }

  return (
    <div className={pageStyles.page}>
      <header className={pageStyles.header}>
        <Link to={paths.campaigns()} className={pageStyles.back}>
          ← All campaigns
        </Link>
        <div className={styles.footer}>
          <h1>{campaign.name}</h1>
          <ConfirmDialog
            triggerLabel="Delete draft"
            title="Delete this draft?"
            confirmLabel="Delete draft"
            pending={remove.isPending}
            onConfirm={(close) =>
              remove.mutate(campaign.id, { onSuccess: () => navigate(paths.campaigns()), onError: close })
            }
          >
            <p>Nothing was sent from it. Its template and topics are not touched.</p>
          </ConfirmDialog>
        </div>
        <p className={pageStyles.lead}>Draft. Nothing is sent until you review it and choose to send it.</p>
        {remove.isError && (
          <Alert tone="danger" role="alert">
            {errorMessage(remove.error)}
          </Alert>
        )}
      </header>
      <StepNav campaign={campaign} step={step} />
      {step === 'content' && (
        <ContentStep
          key={campaign.id}
          organizationId={organizationId}
          campaign={campaign}
          pending={update.isPending}
          error={update.error}
          onSave={(choice) => save(choice, nextStep(step))}
        />
      )}
      {step === 'audience' && (
        <AudienceStep
          organizationId={organizationId}
          campaign={campaign}
          {...common}
          onSave={(topicIds, stay) => save({ topicIds }, stay ? undefined : nextStep(step))}
        />
      )}
      {step === 'sender' && (
        <SenderStep
          organizationId={organizationId}
          campaign={campaign}
          {...common}
          onSave={(body) => save(body, nextStep(step))}
        />
      )}
      {step === 'schedule' && (
        <ScheduleStep
          campaign={campaign}
          {...common}
          onSave={(schedule) => save({ schedule }, nextStep(step))}
        />
      )}
      {step === 'review' && (
        <ReviewStep
          organizationId={organizationId}
          campaign={campaign}
          {...common}
          onMissingVariables={(missingVariables) => save({ missingVariables })}
        />
      )}
    </div>
  )
}
