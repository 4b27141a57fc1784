import type { AwsAccount, Job, JobKind, JobStatus, OrganizationSummary } from '@app/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import pageStyles from '../../../components/layouts/page.module.css'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { LoadError } from '../../../components/ui/load-error'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { errorMessage } from '../../../lib/api-error'
import { awsAccountName } from '../../aws-accounts/aws-account-display'
import { JobList } from '../../jobs/components/job-list'
import { useJobTracker } from '../../jobs/use-job-tracker'
import { ActionError } from '../../templates/components/action-error'
import { dateTimeText } from '../../templates/template-display'
import {
  afterSesJob,
  type SesTarget,
  sesSyncQueries,
  useDeleteFromSes,
  useImportFromSes,
  usePublishToSes,
  useRefreshSes,
} from '../api/ses-sync'
import {
  checkedText,
  EMPTY_SELECTION,
  pruneSelection,
  type SesSelection,
  selectionActions,
  stateSummary,
  tooManyText,
} from '../ses-sync-display'
import { SesReviewDialog } from './ses-review-dialog'
import { SesSelectionDialogs } from './ses-selection-dialogs'
import styles from './ses-sync.module.css'
import { SesTemplateTable } from './ses-template-table'
import { UnpublishedTable } from './unpublished-table'

type DialogKind = 'import' | 'publish' | 'delete'

const SES_JOB_KINDS: readonly JobKind[] = ['ses.import', 'ses.publish', 'ses.delete', 'ses.refresh']
/** `?review=<template id>` opens the review of that template's change in SES (job results link here). */
const REVIEW_PARAM = 'review'

/** One AWS account's SES templates next to ours: the two lists, the actions on the ticked rows and their jobs. */
export function SesSyncPanel({
  organization,
  awsAccount,
}: {
  organization: OrganizationSummary
  awsAccount: AwsAccount
}) {
  const queryClient = useQueryClient()
  const target: SesTarget = { organizationId: organization.id, awsAccountId: awsAccount.id }
  const overview = useQuery(sesSyncQueries.overview(organization.id, awsAccount.id))
  const [rawSelection, setSelection] = useState<SesSelection>(EMPTY_SELECTION)
  const tracker = useJobTracker({
    organizationId: organization.id,
    awsAccountId: awsAccount.id,
    kinds: SES_JOB_KINDS,
  })
  const jobs = tracker.jobs
  /** Finished jobs' outcomes, by job id. */
  const [finished, setFinished] = useState<ReadonlyMap<string, JobStatus>>(new Map())
  const [dialog, setDialog] = useState<DialogKind>()
  /** Publish dialog: the changed-in-SES templates the user ticked to overwrite (none unless chosen). */
  const [overwrite, setOverwrite] = useState<ReadonlySet<string>>(new Set())
  const [search, setSearch] = useSearchParams()
  const reviewId = search.get(REVIEW_PARAM) ?? undefined
  const setReview = (templateId: string | undefined) => {
    const next = new URLSearchParams(search)
    if (templateId) next.set(REVIEW_PARAM, templateId)
    else next.delete(REVIEW_PARAM)
    setSearch(next, { replace: true })
  }
  const [startError, setStartError] = useState<{ title: string; error: unknown }>()
  const importing = useImportFromSes()
  const publishing = usePublishToSes()
  const deleting = useDeleteFromSes()
  const refreshing = useRefreshSes()

  const selection = overview.data ? pruneSelection(overview.data, rawSelection) : EMPTY_SELECTION
  const actions = overview.data ? selectionActions(overview.data, selection) : undefined
  const refreshRunning = jobs.some((job) => job.kind === 'ses.refresh' && !finished.has(job.id))

  const started = (job: Job) => {
    // Jobs that fully succeeded were seen; ones with failures stay until dismissed, for their reasons.
    for (const item of jobs) if (finished.get(item.id) === 'succeeded') tracker.dismiss(item.id)
    tracker.add(job)
    setSelection(EMPTY_SELECTION)
    setDialog(undefined)
    setStartError(undefined)
  }
  const onJobFinished = (job: Job) => {
    setFinished((current) => new Map(current).set(job.id, job.status))
    afterSesJob(queryClient, target)
  }
  const closeDialog = () => {
    importing.reset()
    publishing.reset()
    deleting.reset()
    setDialog(undefined)
  }
  const publish = (templateIds: string[], overwriteTemplateIds: string[] = []) =>
    publishing.mutate(
      { target, templateIds, overwriteTemplateIds },
      {
        onSuccess: (job) => {
          started(job)
          setReview(undefined)
        },
        onError: (error) => {
          if (!dialog && !reviewId) setStartError({ title: 'Publishing did not start', error })
        },
      },
    )
  const refresh = () =>
    refreshing.mutate(target, {
      onSuccess: started,
      onError: (error) => setStartError({ title: 'Checking for changes did not start', error }),
    })

  const tooMany = actions
    ? tooManyText(Math.max(actions.importNames.length, actions.publishIds.length))
    : undefined
  const now = Date.now()
  const refreshedAt = overview.data?.refreshedAt ?? null

  return (
    <>
      <div className={styles.toolbar}>
        <div className={styles.checkedText}>
          <p className={styles.checked}>
            {overview.data ? (
              <span title={refreshedAt ? dateTimeText(refreshedAt) : undefined}>
                {checkedText(refreshedAt, now)}
              </span>
            ) : (
              <span>Reading the templates in SES…</span>
            )}
          </p>
          <p className={pageStyles.muted}>
            Refresh reads every linked template in SES again to find changes made outside SES Studio (about
            one template a second).
          </p>
        </div>
        <Button
          variant="secondary"
          onClick={refresh}
          loading={refreshing.isPending || refreshRunning}
          disabled={!overview.data}
        >
          Refresh
        </Button>
      </div>
      {overview.data?.complete === false && (
        <Alert tone="warning" title="This list is partial">
          {awsAccountName(awsAccount)} has more SES templates than could be read in time; some are missing
          below. Reload the page to try again.
        </Alert>
      )}

      {startError && <ActionError error={startError.error} title={startError.title} />}

      {jobs.length > 0 && (
        <Card title="Jobs" description="Each action runs in the background; this page follows it.">
          <JobList
            organizationId={organization.id}
            jobs={jobs}
            onFinished={onJobFinished}
            onDismiss={tracker.dismiss}
          />
        </Card>
      )}

      {overview.data === undefined ? (
        overview.isError ? (
          <LoadError
            title="Could not read the templates in SES"
            error={overview.error}
            onRetry={() => void overview.refetch()}
          />
        ) : (
          <LoadingLines lines={6} label="Loading the templates in SES" />
        )
      ) : (
        <>
          {overview.isError && (
            <Alert tone="warning" role="alert">
              Could not refresh the list: {errorMessage(overview.error)}
            </Alert>
          )}
          <Card
            title={`In SES (${overview.data.sesTemplates.length})`}
            description={
              overview.data.sesTemplates.length > 0
                ? stateSummary(overview.data)
                : `The email templates of ${awsAccountName(awsAccount)} (${awsAccount.region}).`
            }
          >
            {overview.data.sesTemplates.length === 0 ? (
              <div className={styles.empty}>
                <p className={pageStyles.emptyTitle}>No templates in SES yet</p>
                <p className={pageStyles.muted}>
                  Publish templates from the list below, or create them in SES and import them here.
                </p>
              </div>
            ) : (
              <SesTemplateTable
                rows={overview.data.sesTemplates}
                selected={selection.sesNames}
                onSelect={(sesNames) => setSelection({ ...selection, sesNames })}
                onReview={setReview}
              />
            )}
          </Card>
          <Card
            title={`Not in SES (${overview.data.unpublished.length})`}
            description="Templates of this organization that this AWS account's SES does not hold."
          >
            {overview.data.unpublished.length === 0 ? (
              <div className={styles.empty}>
                <p className={pageStyles.emptyTitle}>Nothing to publish</p>
                <p className={pageStyles.muted}>Every template of this organization is in SES.</p>
              </div>
            ) : (
              <UnpublishedTable
                templates={overview.data.unpublished}
                selected={selection.unpublishedIds}
                onSelect={(unpublishedIds) => setSelection({ ...selection, unpublishedIds })}
              />
            )}
          </Card>
        </>
      )}

      <p className="visually-hidden" aria-live="polite">
        {actions && actions.count > 0 ? `${actions.count} selected` : ''}
      </p>
      {actions && actions.count > 0 && (
        <section className={styles.selectionBar} aria-label="Selected templates">
          <span className={styles.selectionCount}>{actions.count} selected</span>
          <div className={styles.selectionActions}>
            {actions.importNames.length > 0 && (
              <Button size="small" onClick={() => setDialog('import')}>
                Import {actions.importNames.length}
              </Button>
            )}
            {actions.publishIds.length > 0 && (
              <Button
                size="small"
                loading={publishing.isPending && !dialog}
                disabled={tooManyText(actions.publishIds.length) !== undefined}
                onClick={() => {
                  if (actions.driftedNames.length === 0) return publish(actions.publishIds)
                  setOverwrite(new Set())
                  setDialog('publish')
                }}
              >
                Publish {actions.publishIds.length}
              </Button>
            )}
            {actions.deleteIds.length > 0 && (
              <Button variant="danger" size="small" onClick={() => setDialog('delete')}>
                Delete {actions.deleteIds.length} from SES
              </Button>
            )}
            <Button variant="ghost" size="small" onClick={() => setSelection(EMPTY_SELECTION)}>
              Clear selection
            </Button>
          </div>
          {tooMany && <p className={styles.selectionNote}>{tooMany}</p>}
        </section>
      )}

      {actions && (
        <SesSelectionDialogs
          organization={organization}
          target={target}
          actions={actions}
          dialog={dialog}
          importing={importing}
          publishing={publishing}
          deleting={deleting}
          overwrite={overwrite}
          onOverwrite={setOverwrite}
          onPublish={publish}
          onStarted={started}
          onClose={closeDialog}
        />
      )}
      <SesReviewDialog
        organization={organization}
        target={target}
        templateId={reviewId}
        onKeepOurs={(templateId) => publish([templateId], [templateId])}
        keepingOurs={publishing.isPending}
        keepOursError={reviewId ? publishing.error : null}
        onClose={() => {
          publishing.reset()
          setReview(undefined)
        }}
      />
    </>
  )
}
