import { type Job, routes, type SesSyncOverview } from '@app/contracts'
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { accountQueries } from '../../account/api/account'
import { templateQueries } from '../../templates/api/templates'

export const sesSyncQueries = {
  all: () => ['ses-sync'] as const,
  /** The account's SES templates joined with ours (all of SES's pages: the server reads them). */
  overview: (organizationId: string, awsAccountId: string) =>
    queryOptions({
      queryKey: [...sesSyncQueries.all(), organizationId, awsAccountId] as const,
      queryFn: ({ signal }): Promise<SesSyncOverview> =>
        apiRequest(routes.getSesSync, { query: { organizationId, awsAccountId }, signal }),
      staleTime: 30_000,
    }),
}

export interface SesTarget {
  organizationId: string
  awsAccountId: string
}

/** What a finished SES job may have changed: the overview, the template list (imports) and START's actions. */
export function afterSesJob(queryClient: QueryClient, target: SesTarget) {
  void queryClient.invalidateQueries({ queryKey: [...sesSyncQueries.all(), target.organizationId] })
  void queryClient.invalidateQueries({ queryKey: templateQueries.lists(target.organizationId) })
  void queryClient.invalidateQueries({ queryKey: accountQueries.current().queryKey })
}

/** Publish our templates (create or update in SES): answers with the job. */
export function usePublishToSes() {
  return useMutation({
    mutationFn: ({ target, templateIds }: { target: SesTarget; templateIds: string[] }): Promise<Job> =>
      apiRequest(routes.publishSesTemplates, { query: target, body: { templateIds } }),
    meta: { handlesErrors: true },
  })
}

/** Import SES templates by name as HTML templates: answers with the job. */
export function useImportFromSes() {
  return useMutation({
    mutationFn: ({ target, templates }: { target: SesTarget; templates: string[] }): Promise<Job> =>
      apiRequest(routes.importSesTemplates, { query: target, body: { templates } }),
    meta: { handlesErrors: true },
  })
}

/** Delete our templates from SES only: answers with the job. */
export function useDeleteFromSes() {
  return useMutation({
    mutationFn: ({ target, templateIds }: { target: SesTarget; templateIds: string[] }): Promise<Job> =>
      apiRequest(routes.deleteSesTemplates, { query: target, body: { templateIds } }),
    meta: { handlesErrors: true },
  })
}

/** Read every linked SES template again (drift): answers with the job. */
export function useRefreshSes() {
  return useMutation({
    mutationFn: (target: SesTarget): Promise<Job> =>
      apiRequest(routes.refreshSesTemplates, { query: target }),
    meta: { handlesErrors: true },
  })
}

export function useInvalidateAfterSesJob() {
  const queryClient = useQueryClient()
  return (target: SesTarget) => afterSesJob(queryClient, target)
}
