import {
  type BlockSummary,
  type OrganizationSummary,
  planUnlocks,
  principalName,
  type TemplateEditorType,
} from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import pageStyles from '../../../components/layouts/page.module.css'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button, ButtonLink } from '../../../components/ui/button'
import { LoadError } from '../../../components/ui/load-error'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { ToggleButtons } from '../../../components/ui/toggle-buttons'
import { errorMessage } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { UpgradePrompt } from '../../billing/components/upgrade-prompt'
import { dateTimeText, whenText } from '../../templates/template-display'
import { blockQueries } from '../api/blocks'
import { BLOCK_TYPE_LABELS, searchForType, typeFromSearch, usedByText } from '../block-display'
import { CopyBlockDialog, DeleteBlockDialog, NewBlockDialog } from './block-dialogs'
import styles from './blocks.module.css'

const TITLE = 'Reusable blocks'

const WHAT_THEY_ARE =
  'A block is a piece of email you write once — a header, a footer, a legal notice — and use in many templates. Editing the block updates every template that uses it, and can re-publish them to SES.'

type TypeFilter = TemplateEditorType | 'ALL'

const FILTERS: { value: TypeFilter; label: string }[] = [
  { value: 'ALL', label: 'All types' },
  { value: 'VISUAL', label: 'Visual' },
  { value: 'MJML', label: 'MJML' },
  { value: 'HTML', label: 'HTML' },
]

/** `/app/blocks`: the organization's blocks by name, filtered by editor type; new, copy and delete. */
export function BlockListPage({ organization }: { organization: OrganizationSummary }) {
  const locked = !planUnlocks(organization.plan, 'reusableBlocks')
  return (
    <div className={pageStyles.page}>
      {locked ? (
        <>
          <header className={pageStyles.header}>
            <h1>{TITLE}</h1>
            <p className={pageStyles.lead}>Headers, footers and other pieces you write once and reuse.</p>
          </header>
          <UpgradePrompt feature="reusableBlocks" organization={organization}>
            {WHAT_THEY_ARE}
          </UpgradePrompt>
        </>
      ) : (
        <BlockList organizationId={organization.id} />
      )}
    </div>
  )
}

function BlockList({ organizationId }: { organizationId: string }) {
  const [search, setSearch] = useSearchParams()
  const type = typeFromSearch(search)
  const list = useQuery({
    ...blockQueries.list(organizationId, type),
    placeholderData: (previous) => previous,
  })
  const [creating, setCreating] = useState(false)
  const [copying, setCopying] = useState<BlockSummary>()
  const [deleting, setDeleting] = useState<BlockSummary>()
  const blocks = list.data ?? []
  const empty = list.data !== undefined && blocks.length === 0
  const taken = new Set(blocks.map((block) => block.name))

  return (
    <>
      <header className={styles.pageHeader}>
        <div className={pageStyles.header}>
          <h1>{TITLE}</h1>
          <p className={pageStyles.lead}>
            Headers, footers and other pieces you write once and use in many templates.
          </p>
        </div>
        <Button onClick={() => setCreating(true)}>New block</Button>
      </header>

      {!(empty && !type) && (
        <ToggleButtons
          label="Editor type"
          options={FILTERS}
          value={type ?? 'ALL'}
          onChange={(value) =>
            setSearch(searchForType(search, value === 'ALL' ? undefined : value), { replace: true })
          }
        />
      )}

      {list.data === undefined ? (
        list.isError ? (
          <LoadError
            title="Could not load the blocks"
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : (
          <LoadingLines lines={4} label="Loading the blocks" />
        )
      ) : empty ? (
        type ? (
          <section className={pageStyles.empty} aria-label="No blocks found">
            <p className={pageStyles.emptyTitle}>No {BLOCK_TYPE_LABELS[type]} blocks</p>
            <p>None of this organization’s blocks is edited with the {BLOCK_TYPE_LABELS[type]} editor.</p>
            <div className={pageStyles.toolbar}>
              <Button onClick={() => setCreating(true)}>New block</Button>
              <Button variant="secondary" onClick={() => setSearch(searchForType(search, undefined))}>
                Show all types
              </Button>
            </div>
          </section>
        ) : (
          <section className={`${pageStyles.empty} ${styles.emptyStart}`} aria-labelledby="blocks-empty">
            <p id="blocks-empty" className={pageStyles.emptyTitle}>
              No reusable blocks yet
            </p>
            <p>{WHAT_THEY_ARE}</p>
            <p>
              Visual templates pick blocks from the visual editor’s palette; MJML and HTML templates include
              them with a tag you paste.
            </p>
            <Button onClick={() => setCreating(true)}>New block</Button>
          </section>
        )
      ) : (
        <>
          {list.isError && (
            <Alert tone="warning" role="alert">
              Could not refresh the list: {errorMessage(list.error)}
            </Alert>
          )}
          <p className={pageStyles.muted} aria-live="polite">
            {blocks.length} {blocks.length === 1 ? 'block' : 'blocks'}
            {type ? ` edited with the ${BLOCK_TYPE_LABELS[type]} editor` : ''}
          </p>
          <BlockRows
            blocks={blocks}
            stale={list.isPlaceholderData}
            onCopy={setCopying}
            onDelete={setDeleting}
          />
        </>
      )}

      <NewBlockDialog
        organizationId={organizationId}
        open={creating}
        onClose={() => setCreating(false)}
        initialType={type}
      />
      <CopyBlockDialog
        organizationId={organizationId}
        block={copying}
        taken={taken}
        onClose={() => setCopying(undefined)}
      />
      <DeleteBlockDialog
        organizationId={organizationId}
        block={deleting}
        onClose={() => setDeleting(undefined)}
      />
    </>
  )
}

function BlockRows({
  blocks,
  stale,
  onCopy,
  onDelete,
}: {
  blocks: readonly BlockSummary[]
  stale: boolean
  onCopy: (block: BlockSummary) => void
  onDelete: (block: BlockSummary) => void
}) {
  const now = Date.now()
  return (
    <ul
      className={stale ? `${styles.rows} ${styles.stale}` : styles.rows}
      aria-label="Blocks"
      aria-busy={stale || undefined}
    >
      {blocks.map((block) => (
        <li key={block.id} className={styles.row}>
          <div className={styles.rowName}>
            <Link to={paths.block(block.id)} className={styles.name}>
              {block.name}
            </Link>
            <span className={styles.meta}>
              <Badge color={block.editorType === 'VISUAL' ? 'purple' : 'blue'}>
                {BLOCK_TYPE_LABELS[block.editorType]}
              </Badge>
              <span>v{block.version}</span>
            </span>
          </div>
          <span className={block.usedByCount > 0 ? styles.used : styles.unused}>
            {usedByText(block.usedByCount)}
          </span>
          <span className={styles.updated}>
            <span title={dateTimeText(block.updatedAt)}>Updated {whenText(block.updatedAt, now)}</span>
            <span className={styles.by}>by {principalName(block.updatedBy)}</span>
          </span>
          <span className={styles.rowActions}>
            <ButtonLink to={paths.block(block.id)} variant="ghost" size="small">
              Open<span className="visually-hidden"> {block.name}</span>
            </ButtonLink>
            <Button variant="ghost" size="small" onClick={() => onCopy(block)}>
              Copy<span className="visually-hidden"> {block.name}</span>
            </Button>
            <Button variant="ghost" size="small" onClick={() => onDelete(block)}>
              Delete<span className="visually-hidden"> {block.name}</span>
            </Button>
          </span>
        </li>
      ))}
    </ul>
  )
}
