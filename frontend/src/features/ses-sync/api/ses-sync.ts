import type { Job, SesSyncOverview, SesTemplateReview, Template } from '@app/contracts'
import { sesRoutes } from '@app/contracts/ses-sync/routes'
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
        apiRequest(sesRoutes.getSesSync, { query: { organizationId, awsAccountId }, signal }),
      staleTime: 30_000,
    }),
  /** A linked template's content in SES now (the server reads it fresh) beside ours, with the diff. */
  review: (organizationId: string, awsAccountId: string, templateId: string) =>
    queryOptions({
      queryKey: [...sesSyncQueries.all(), organizationId, awsAccountId, 'review', templateId] as const,
      queryFn: ({ signal }): Promise<SesTemplateReview> =>
        apiRequest(sesRoutes.reviewSesTemplate, {
          params: { templateId },
          query: { organizationId, awsAccountId },
          signal,
        }),
      staleTime: 0,
      gcTime: 0,
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

/**
 * Publish our templates (create or update in SES): answers with the job. A template changed in SES is skipped
 * unless it is in `overwriteTemplateIds` (the user's choice for that template).
 */
export function usePublishToSes() {
  return useMutation({
    mutationFn: ({
      target,
      templateIds,
      overwriteTemplateIds = [],
    }: {
      target: SesTarget
      templateIds: string[]
      overwriteTemplateIds?: string[]
    }): Promise<Job> =>
      apiRequest(sesRoutes.publishSesTemplates, {
        query: target,
        body: { templateIds, ...(overwriteTemplateIds.length > 0 ? { overwriteTemplateIds } : {}) },
      }),
    meta: { handlesErrors: true },
  })
}

/** Take SES's version of a template (a new HTML version, in sync): answers with the template. */
export function useTakeSesVersion(target: SesTarget) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (
      review: Pick<SesTemplateReview, 'templateId' | 'sesFingerprint' | 'ours'>,
    ): Promise<Template> =>
      apiRequest(sesRoutes.takeSesVersion, {
        params: { templateId: review.templateId },
        query: target,
        body: { sesFingerprint: review.sesFingerprint ?? '', version: review.ours.version },
      }),
    onSuccess: (template) => {
      queryClient.setQueryData(templateQueries.detail(template.id).queryKey, template)
      void queryClient.invalidateQueries({ queryKey: templateQueries.versions(template.id).queryKey })
      afterSesJob(queryClient, target)
    },
    meta: { handlesErrors: true },
  })
}

/** Import SES templates by name as HTML templates: answers with the job. */
export function useImportFromSes() {
  return useMutation({
    mutationFn: ({ target, templates }: { target: SesTarget; templates: string[] }): Promise<Job> =>
      apiRequest(sesRoutes.importSesTemplates, { query: target, body: { templates } }),
    meta: { handlesErrors: true },
  })
}

/** Delete our templates from SES only: answers with the job. */
export function useDeleteFromSes() {
  return useMutation({
    mutationFn: ({ target, templateIds }: { target: SesTarget; templateIds: string[] }): Promise<Job> =>
      apiRequest(sesRoutes.deleteSesTemplates, { query: target, body: { templateIds } }),
    meta: { handlesErrors: true },
  })
}

/** Read every linked SES template again (drift): answers with the job. */
export function useRefreshSes() {
  return useMutation({
    mutationFn: (target: SesTarget): Promise<Job> =>
      apiRequest(sesRoutes.refreshSesTemplates, { query: target }),
    meta: { handlesErrors: true },
  })
}
