import { type Block, blockIncludeTag, type Job, principalName } from '@app/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import pageStyles from '../../../components/layouts/page.module.css'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { CopyButton } from '../../../components/ui/copy-button'
import { Spinner } from '../../../components/ui/spinner'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast-store'
import { isApiError } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { CodeEditor } from '../../email-editor/code-editor'
import { ConflictDialog } from '../../email-editor/conflict-dialog'
import { LeaveGuard } from '../../email-editor/leave-guard'
import { JobProgress } from '../../jobs/components/job-progress'
import { ActionError } from '../../templates/components/action-error'
import { dateTimeText } from '../../templates/template-display'
import { blockQueries, useInvalidateAfterPropagation, useUpdateBlock } from '../api/blocks'
import { BLOCK_TYPE_LABELS, type BlockCopy, blockChanges, blockNameProblem } from '../block-display'
import { blockPreviewSource, documentAsFragment, fragmentAsDocument } from '../block-source'
import { CopyBlockDialog, DeleteBlockDialog } from './block-dialogs'
import { BlockPreview } from './block-preview'
import styles from './blocks.module.css'

const VisualEditor = lazy(() => import('../../templates/visual/visual-editor'))

/** What the editor holds for a block: VISUAL fragments become the whole document the visual editor works on. */
function copyOf(block: Block): BlockCopy {
  const source = block.editorType === 'VISUAL' ? (fragmentAsDocument(block.source) ?? '') : block.source
  return { name: block.name, source }
}

const identity = (source: string) => source

/**
 * `/app/blocks/:id`: rename, edit with the editor of the block's type, preview, 'Where used' and how to include
 * it; Save (409 `version.conflict` asks reload or overwrite) recompiles the templates using it as a job shown here.
 */
export function BlockEditor({ block: loaded, organizationId }: { block: Block; organizationId: string }) {
  // The version this editor started from: a save sends it, so a teammate's save meanwhile is not overwritten.
  const [saved, setSaved] = useState(loaded)
  const [copy, setCopy] = useState(() => copyOf(loaded))
  const [editorKey, setEditorKey] = useState(0)
  const [nameProblem, setNameProblem] = useState<string>()
  const [sync, setSync] = useState(loaded.usedBy.length > 0)
  const [job, setJob] = useState<Job>()
  const [conflict, setConflict] = useState<number | 'unknown'>()
  const [copying, setCopying] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [leaving, setLeaving] = useState(false)
  const update = useUpdateBlock(organizationId, saved.id)
  const queryClient = useQueryClient()
  const invalidateTemplates = useInvalidateAfterPropagation()
  const navigate = useNavigate()
  const nameId = useId()

  const visual = saved.editorType === 'VISUAL'
  const toStored = visual ? documentAsFragment : identity
  const changes = useMemo(() => blockChanges(saved, copy, toStored), [saved, copy, toStored])
  const previewSource = visual ? copy.source || undefined : blockPreviewSource(saved.editorType, copy.source)
  // 'Where used' as last read (a save or a reload reads it again).
  const usedBy = loaded.version >= saved.version ? loaded.usedBy : saved.usedBy
  const nameTaken = isApiError(update.error, 'block.name_exists')

  useEffect(() => {
    if (leaving) navigate(paths.blocks())
  }, [leaving, navigate])

  function adopt(block: Block) {
    setSaved(block)
    setCopy(copyOf(block))
    setEditorKey((key) => key + 1)
  }

  function send(version: number, body: { name?: string; source?: string }) {
    return update.mutateAsync(
      { body: { version, ...body }, syncTemplatesWithSes: sync },
      {
        onSuccess: ({ block, job: started }) => {
          setSaved(block)
          setCopy((current) => ({ ...current, name: block.name }))
          setConflict(undefined)
          setJob(started ?? undefined)
          toast.success(
            started
              ? `Saved as version ${block.version}. Updating ${block.usedBy.length === 1 ? 'the template that uses' : `the ${block.usedBy.length} templates that use`} it…`
              : `Saved as version ${block.version}.`,
          )
        },
        onError: (error) => {
          if (isApiError(error, 'version.conflict')) setConflict(error.details.currentVersion ?? 'unknown')
        },
      },
    )
  }

  function save() {
    if (!changes.ok || !changes.dirty) return
    if (changes.body.name !== undefined) {
      const why = blockNameProblem(changes.body.name)
      setNameProblem(why)
      if (why) return
    }
    setNameProblem(undefined)
    void send(saved.version, changes.body).catch(() => undefined)
  }

  async function readCurrent(): Promise<Block> {
    await queryClient.invalidateQueries({ queryKey: blockQueries.detail(organizationId, saved.id).queryKey })
    return queryClient.fetchQuery(blockQueries.detail(organizationId, saved.id))
  }

  async function reload() {
    const current = await readCurrent()
    adopt(current)
    setConflict(undefined)
    update.reset()
  }

  async function overwrite() {
    const current = await readCurrent()
    const onTop = blockChanges(current, copy, toStored)
    if (!onTop.ok) return
    if (!onTop.dirty) {
      setSaved(current)
      setConflict(undefined)
      update.reset()
      return
    }
    await send(current.version, onTop.body).catch(() => undefined)
  }

  const dirty = changes.dirty
  return (
    <div className={`${pageStyles.page} ${styles.editorPage}`} data-page-width="wide">
      <Link to={paths.blocks()} className={pageStyles.back}>
        ← Reusable blocks
      </Link>
      <header className={styles.editorHeader}>
        <div className={styles.editorTitle}>
          <h1>{saved.name}</h1>
          <p className={styles.meta}>
            <Badge color={visual ? 'purple' : 'blue'}>{BLOCK_TYPE_LABELS[saved.editorType]} block</Badge>
            <span>
              Version {saved.version}, saved {dateTimeText(saved.updatedAt)} by{' '}
              {principalName(saved.updatedBy)}
            </span>
            {dirty && <Badge color="yellow">Unsaved changes</Badge>}
          </p>
        </div>
        <div className={pageStyles.toolbar}>
          <Button variant="secondary" onClick={() => setCopying(true)}>
            Copy
          </Button>
          <Button variant="secondary" onClick={() => setDeleting(true)}>
            Delete
          </Button>
        </div>
      </header>

      <form
        className={styles.saveBar}
        onSubmit={(event) => {
          event.preventDefault()
          save()
        }}
      >
        <TextField
          label="Block name"
          className={styles.nameField}
          value={copy.name}
          onChange={(event) => setCopy((current) => ({ ...current, name: event.target.value }))}
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          error={nameProblem ?? (nameTaken ? 'Another block has this name. Choose another.' : undefined)}
          hint="Letters, digits, spaces, _ and -, up to 64."
        />
        <label className={styles.syncChoice}>
          <input type="checkbox" checked={sync} onChange={(event) => setSync(event.target.checked)} />
          <span>
            Also re-publish the templates already in SES
            <span className={styles.typeHint}>
              {usedBy.length > 0
                ? `Saving new content recompiles ${usedBy.length === 1 ? 'the template that uses' : `the ${usedBy.length} templates that use`} it.`
                : 'No template uses this block yet.'}
            </span>
          </span>
        </label>
        <Button type="submit" loading={update.isPending} disabled={!dirty || !changes.ok}>
          Save
        </Button>
      </form>

      {!changes.ok && (
        <Alert tone="warning" role="status">
          {changes.problem} Add one from the palette to save.
        </Alert>
      )}
      {update.error !== null && !isApiError(update.error, 'version.conflict') && !nameTaken && (
        <ActionError
          error={update.error}
          title={
            isApiError(update.error, 'block.invalid')
              ? 'The block was not saved: it is not valid'
              : 'The block was not saved'
          }
        />
      )}

      {job && (
        <JobProgress
          key={job.id}
          organizationId={organizationId}
          job={job}
          onFinished={() => {
            invalidateTemplates()
            void queryClient.invalidateQueries({ queryKey: blockQueries.lists(organizationId) })
          }}
        />
      )}

      <div className={visual ? styles.workspaceVisual : styles.workspace}>
        <section className={styles.editPane} aria-labelledby={nameId}>
          <h2 id={nameId} className="visually-hidden">
            Content
          </h2>
          {visual ? (
            <Suspense
              fallback={
                <p className={styles.muted}>
                  <Spinner size="small" /> Loading the visual editor…
                </p>
              }
            >
              {copy.source ? (
                <VisualEditor
                  key={editorKey}
                  fragment
                  source={copy.source}
                  onChange={(source) => setCopy((current) => ({ ...current, source }))}
                  onConvert={() => undefined}
                  onTarget={() => undefined}
                />
              ) : (
                <Alert tone="danger" role="alert" title="This block cannot be opened in the visual editor">
                  Its stored content is not a valid visual block.
                </Alert>
              )}
            </Suspense>
          ) : (
            <CodeEditor
              key={editorKey}
              value={copy.source}
              onChange={(source) => setCopy((current) => ({ ...current, source }))}
              language={saved.editorType === 'MJML' ? 'mjml' : 'html'}
              label={`${BLOCK_TYPE_LABELS[saved.editorType]} source of the block`}
            />
          )}
        </section>
        <div className={styles.sidePane}>
          <BlockPreview editorType={saved.editorType} previewSource={previewSource} />
          <WhereUsed block={saved} usedBy={usedBy} />
        </div>
      </div>

      <ConflictDialog
        currentVersion={conflict}
        editedVersion={saved.version}
        onClose={() => setConflict(undefined)}
        onReload={reload}
        onOverwrite={overwrite}
        pending={update.isPending}
        subject="block"
      />
      <CopyBlockDialog
        organizationId={organizationId}
        block={copying ? saved : undefined}
        taken={new Set([saved.name])}
        onClose={() => setCopying(false)}
      />
      <DeleteBlockDialog
        organizationId={organizationId}
        block={deleting ? saved : undefined}
        onClose={() => setDeleting(false)}
        onDeleted={() => setLeaving(true)}
      />
      <LeaveGuard dirty={dirty && !update.isPending && !leaving} keepsDraft={false} />
    </div>
  )
}

function WhereUsed({ block, usedBy }: { block: Block; usedBy: Block['usedBy'] }) {
  const titleId = useId()
  const tag = blockIncludeTag(block.id)
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.panelTitle}>
        Where used
      </h2>
      {usedBy.length > 0 ? (
        <ul className={styles.usageList} aria-label="Templates using this block">
          {usedBy.map((usage) => (
            <li key={usage.templateId}>
              <Link to={paths.template(usage.templateId)}>{usage.name}</Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>No template uses this block yet.</p>
      )}
      <h3 className={styles.subTitle}>How to include it</h3>
      {block.editorType === 'VISUAL' ? (
        <p className={styles.muted}>
          In a visual template, drag it in from the visual editor’s palette, under ‘Reusable blocks’. Only
          visual templates can use a visual block.
        </p>
      ) : (
        <>
          <p className={styles.muted}>
            Paste this tag where the block goes in an {BLOCK_TYPE_LABELS[block.editorType]} template
            {block.editorType === 'MJML' ? ', inside <mj-body>' : ''}. Only{' '}
            {BLOCK_TYPE_LABELS[block.editorType]} templates can use it.
          </p>
          <div className={styles.includeTag}>
            <code>{tag}</code>
            <CopyButton text={tag} what="the include tag" />
          </div>
        </>
      )}
    </section>
  )
}
