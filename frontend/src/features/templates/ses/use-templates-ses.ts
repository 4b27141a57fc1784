import type { Job } from '@app/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { useSelectedAwsAccount } from '../../aws-accounts/use-selected-aws-account'
import { afterSesJob, sesSyncQueries, usePublishToSes } from '../../ses-sync/api/ses-sync'
import { templateSesStatuses } from './template-ses-status'

/**
 * Our templates' states in the selected AWS account's SES and publishing to it: the overview (read only for a
 * verified account), the jobs started here, and `publish`, which starts one.
 */
export function useTemplatesSes(organizationId: string) {
  const { selected } = useSelectedAwsAccount()
  const awsAccount = selected?.awsAccountVerified ? selected : undefined
  const target = awsAccount ? { organizationId, awsAccountId: awsAccount.id } : undefined
  const overview = useQuery({
    ...sesSyncQueries.overview(organizationId, awsAccount?.id ?? ''),
    enabled: awsAccount !== undefined,
  })
  const statuses = useMemo(
    () => (overview.data ? templateSesStatuses(overview.data) : undefined),
    [overview.data],
  )
  const [jobs, setJobs] = useState<readonly Job[]>([])
  const mutation = usePublishToSes()
  const queryClient = useQueryClient()

  const publish = useCallback(
    (templateIds: string[]) => {
      if (!target) return
      mutation.mutate(
        { target, templateIds },
        { onSuccess: (job) => setJobs((current) => [job, ...current]) },
      )
    },
    [mutation, target],
  )
  return {
    /** The AWS account publishing goes to (the selected one, once verified). */
    awsAccount,
    /** Whether the organization has an account at all (else: connect one). */
    hasAccount: selected !== undefined,
    overview,
    statuses,
    publish,
    publishing: mutation,
    jobs,
    dismiss: (id: string) => setJobs((current) => current.filter((job) => job.id !== id)),
    onJobFinished: () => target && afterSesJob(queryClient, target),
  }
}
