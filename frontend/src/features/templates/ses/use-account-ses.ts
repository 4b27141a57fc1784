import type { AwsAccount, JobKind } from '@app/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { useJobTracker } from '../../jobs/use-job-tracker'
import { afterSesJob, sesSyncQueries, usePublishToSes } from '../../ses-sync/api/ses-sync'
import { templateSesStatuses } from './template-ses-status'

const PUBLISH_KINDS: readonly JobKind[] = ['ses.publish']

/**
 * Our templates' states in one AWS account's SES and publishing to it: the overview (read only once the account
 * is verified), the jobs started here, and `publish`, which starts one.
 */
export function useAccountSes(
  organizationId: string,
  account: AwsAccount | undefined,
  {
    resumeRunning = false,
  }: {
    /** Also follow the account's publish jobs still running when the page opened. */
    resumeRunning?: boolean
  } = {},
) {
  const awsAccount = account?.awsAccountVerified ? account : undefined
  const target = awsAccount ? { organizationId, awsAccountId: awsAccount.id } : undefined
  const overview = useQuery({
    ...sesSyncQueries.overview(organizationId, awsAccount?.id ?? ''),
    enabled: awsAccount !== undefined,
  })
  const statuses = useMemo(
    () => (overview.data ? templateSesStatuses(overview.data) : undefined),
    [overview.data],
  )
  const tracker = useJobTracker({
    organizationId,
    awsAccountId: awsAccount?.id,
    kinds: resumeRunning ? PUBLISH_KINDS : [],
  })
  const mutation = usePublishToSes()
  const queryClient = useQueryClient()

  const publish = useCallback(
    (templateIds: string[]) => {
      if (!target) return
      mutation.mutate({ target, templateIds }, { onSuccess: tracker.add })
    },
    [mutation, target, tracker.add],
  )
  return {
    /** The AWS account publishing goes to, once verified. */
    awsAccount,
    overview,
    statuses,
    publish,
    publishing: mutation,
    jobs: tracker.jobs,
    dismiss: tracker.dismiss,
    onJobFinished: () => target && afterSesJob(queryClient, target),
  }
}
