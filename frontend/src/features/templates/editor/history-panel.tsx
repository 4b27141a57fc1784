import type { OrganizationSummary, TEMPLATE_DIFF_PARTS, Template } from '@app/contracts'
import { principalName } from '@app/contracts'
import { renderTemplate } from '@app/email/browser'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { SelectField } from '../../../components/ui/select-field'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api-error'
import { PreviewFrame } from '../../email-editor/preview-frame'
import { templateQueries, useRestoreVersion } from '../api/templates'
import { ActionError, CostNote } from '../components/action-error'
import { DiffView } from '../diff/diff-view'
import { actionCost } from '../template-actions'
import { dateTimeText, versionActionText, whenText } from '../template-display'
import styles from './editor.module.css'

type DiffPart = (typeof TEMPLATE_DIFF_PARTS)[number]

const PART_LABELS: Record<DiffPart, string> = {
  subject: 'Subject',
  source: 'Source',
  html: 'Compiled HTML',
  text: 'Text part',
}

/** Every saved version: view one, compare two (subject, source, HTML, text), restore one as a new version. */
export function HistoryPanel({
  template,
  organization,
  dirty,
  onRestored,
}: {
  template: Template
  organization: OrganizationSummary
  dirty: boolean
  onRestored: (template: Template) => void
}) {
  const versions = useInfiniteQuery(templateQueries.versions(template.id))
  const list = versions.data?.pages.flatMap((page) => page.items) ?? []
  const [selected, setSelected] = useState(Math.max(1, template.version - 1))
  const [compareTo, setCompareTo] = useState(template.version)
  const now = Date.now()

  return (
    <div className={styles.history}>
      <section className={styles.versionList} aria-label="Versions">
        <h2>Versions</h2>
        {versions.isPending ? (
          <LoadingLines lines={5} label="Loading the versions" />
        ) : versions.isError ? (
          <Alert tone="danger" role="alert" title="Could not load the versions">
            {errorMessage(versions.error)}
          </Alert>
        ) : (
          <ol>
            {list.map((version) => (
              <li key={version.version}>
                <button
                  type="button"
                  className={styles.versionItem}
                  aria-current={version.version === selected ? 'true' : undefined}
                  onClick={() => {
                    setSelected(version.version)
                    if (version.version === compareTo) setCompareTo(template.version)
                  }}
                >
                  <span className={styles.versionTitle}>
                    Version {version.version}
                    {version.version === template.version && <Badge color="green">Current</Badge>}
                  </span>
                  <span className={styles.versionMeta}>
                    {version.note ?? versionActionText(version.action, version.restoredFrom)} by{' '}
                    {principalName(version.savedBy)}
                  </span>
                  <span className={styles.versionMeta} title={dateTimeText(version.savedAt)}>
                    {whenText(version.savedAt, now)}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        )}
        {versions.hasNextPage && (
          <Button
            variant="secondary"
            size="small"
            loading={versions.isFetchingNextPage}
            onClick={() => void versions.fetchNextPage()}
          >
            Older versions
          </Button>
        )}
      </section>

      <div className={styles.versionDetail}>
        <VersionView
          template={template}
          version={selected}
          organization={organization}
          dirty={dirty}
          onRestored={onRestored}
        />
        <Compare
          template={template}
          from={selected}
          to={compareTo}
          versions={list.map((version) => version.version)}
          onFrom={setSelected}
          onTo={setCompareTo}
        />
      </div>
    </div>
  )
}

function VersionView({
  template,
  version,
  organization,
  dirty,
  onRestored,
}: {
  template: Template
  version: number
  organization: OrganizationSummary
  dirty: boolean
  onRestored: (template: Template) => void
}) {
  const saved = useQuery(templateQueries.version(template.id, version))
  const restore = useRestoreVersion(template.id)
  const cost = actionCost(organization, 1)
  const data = saved.data

  if (saved.isPending) return <LoadingLines lines={4} label={`Loading version ${version}`} />
  if (!data) {
    return (
      <Alert tone="danger" role="alert" title={`Could not load version ${version}`}>
        {errorMessage(saved.error)}
      </Alert>
    )
  }
  const sample = data.sampleData[0]?.data ?? {}
  const rendered = renderTemplate({ subject: data.subject, html: data.html }, sample)

  return (
    <section className={styles.versionCard} aria-labelledby="version-title">
      <header className={styles.versionHeader}>
        <div>
          <h2 id="version-title">Version {data.version}</h2>
          <p className={styles.muted}>
            {data.note ?? versionActionText(data.action, data.restoredFrom)} by {principalName(data.savedBy)}{' '}
            on {dateTimeText(data.savedAt)}
          </p>
        </div>
        {data.version !== template.version && (
          <ConfirmDialog
            triggerLabel={`Restore version ${data.version}`}
            title={`Restore version ${data.version}?`}
            confirmLabel="Restore"
            variant="primary"
            pending={restore.isPending}
            disabled={cost?.enough === false}
            onConfirm={(close) =>
              restore.mutate(data.version, {
                onSuccess: (restored) => {
                  close()
                  toast.success(`Version ${data.version} restored as version ${restored.version}.`)
                  onRestored(restored)
                },
                onError: close,
              })
            }
          >
            <p>
              Its subject, content, text part and sample data become the current content as a new version{' '}
              {template.version + 1}. The name and tags stay; version {template.version} stays in the history.
            </p>
            {dirty && <p>Your unsaved changes in the editor stay as a draft in this browser.</p>}
            <CostNote cost={cost} />
          </ConfirmDialog>
        )}
      </header>
      {restore.error !== null && <ActionError error={restore.error} title="The version was not restored" />}
      <p>
        <span className={styles.muted}>Subject</span> <strong>{rendered.subject ?? data.subject}</strong>
      </p>
      <div className={styles.versionPreview}>
        <PreviewFrame
          html={rendered.html ?? data.html}
          scheme="light"
          title={`Preview of version ${data.version}`}
        />
      </div>
      <details className={styles.drawer}>
        <summary>Source of version {data.version}</summary>
        <pre className={styles.codeBlock}>{data.source}</pre>
      </details>
    </section>
  )
}

function Compare({
  template,
  from,
  to,
  versions,
  onFrom,
  onTo,
}: {
  template: Template
  from: number
  to: number
  versions: readonly number[]
  onFrom: (version: number) => void
  onTo: (version: number) => void
}) {
  const same = from === to
  const diff = useQuery({ ...templateQueries.diff(template.id, from, to), enabled: !same })
  const [part, setPart] = useState<DiffPart>('source')
  const options = versions.length > 0 ? versions : [template.version]

  return (
    <section className={styles.versionCard} aria-labelledby="compare-title">
      <h2 id="compare-title">Compare versions</h2>
      <div className={styles.compareBar}>
        <SelectField
          label="From"
          value={String(from)}
          onChange={(event) => onFrom(Number(event.target.value))}
        >
          {options.map((version) => (
            <option key={version} value={version}>
              Version {version}
            </option>
          ))}
        </SelectField>
        <SelectField label="To" value={String(to)} onChange={(event) => onTo(Number(event.target.value))}>
          {options.map((version) => (
            <option key={version} value={version}>
              Version {version}
              {version === template.version ? ' (current)' : ''}
            </option>
          ))}
        </SelectField>
      </div>
      {same ? (
        <p className={styles.muted}>Choose two different versions to see what changed.</p>
      ) : diff.isPending ? (
        <LoadingLines lines={4} label="Comparing the versions" />
      ) : diff.isError ? (
        <Alert tone="danger" role="alert" title="Could not compare the versions">
          {errorMessage(diff.error)}
        </Alert>
      ) : (
        <DiffView
          parts={diff.data.parts}
          labels={PART_LABELS}
          fromLabel={`version ${diff.data.from}`}
          toLabel={`version ${diff.data.to}`}
          part={part}
          onPart={setPart}
        />
      )}
    </section>
  )
}
