import { API_SCOPE_LIST, type ApiKey, type OrganizationSummary, principalName } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import pageStyles from '../../../components/layouts/page.module.css'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { LoadError } from '../../../components/ui/load-error'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { errorMessage } from '../../../lib/api-error'
import { GatedToolPage } from '../../organizations/components/gated-tool-page'
import { apiKeyQueries } from '../api/api-keys'
import { dateTimeText, prefixText, sortedScopes } from '../api-key-display'
import {
  CreateApiKeyDialog,
  EditApiKeyDialog,
  RevokeApiKeyButton,
  RotateApiKeyDialog,
} from './api-key-dialogs'
import styles from './api-keys.module.css'

const TITLE = 'API keys'
const LEAD =
  'Keys let your own code call the email campaigns API for this organization: upsert contacts, manage topics, send campaigns and transactional email.'
const WHAT_THEY_ARE =
  'Each key has scopes (what it may do) and a rate limit, is shown once when created, and can be rotated or revoked at any time.'

/** `/app/organization/api-keys`: the organization's keys — create, rename, rotate, revoke. */
export function ApiKeysPage({ organization }: { organization: OrganizationSummary }) {
  return (
    <GatedToolPage
      organization={organization}
      title={TITLE}
      lead={LEAD}
      feature="campaigns"
      pitch={WHAT_THEY_ARE}
      permission="api_keys.manage"
      denied={{
        title: 'Only owners and admins manage API keys',
        body: 'Your role in this organization does not include managing API keys: a key can act for the whole organization. Ask one of its owners or admins to create a key for you.',
      }}
    >
      <ApiKeyList organizationId={organization.id} />
    </GatedToolPage>
  )
}

function ApiKeyList({ organizationId }: { organizationId: string }) {
  // The cursors of the pages before this one, to go back; undefined is the first page.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined])
  const cursor = cursors.at(-1)
  const list = useQuery(apiKeyQueries.list(organizationId, cursor))
  const [creating, setCreating] = useState(false)
  const [editing, setEditing] = useState<ApiKey>()
  const [rotating, setRotating] = useState<ApiKey>()
  const keys = list.data?.items ?? []
  const nextCursor = list.data?.nextCursor

  return (
    <div className={pageStyles.page}>
      <header className={styles.pageHeader}>
        <div className={pageStyles.header}>
          <h1>{TITLE}</h1>
          <p className={pageStyles.lead}>{LEAD}</p>
        </div>
        <Button onClick={() => setCreating(true)}>Create API key</Button>
      </header>

      {list.data === undefined ? (
        list.isError ? (
          <LoadError
            title="Could not load the API keys"
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : (
          <LoadingLines lines={4} label="Loading the API keys" />
        )
      ) : keys.length === 0 && cursors.length === 1 ? (
        <section className={pageStyles.empty} aria-labelledby="api-keys-empty">
          <p id="api-keys-empty" className={pageStyles.emptyTitle}>
            No API keys yet
          </p>
          <p>{WHAT_THEY_ARE}</p>
          <Button onClick={() => setCreating(true)}>Create API key</Button>
        </section>
      ) : (
        <>
          {list.isError && (
            <Alert tone="warning" role="alert">
              Could not refresh the API keys: {errorMessage(list.error)}
            </Alert>
          )}
          <ul className={styles.rows} aria-label="API keys">
            {keys.map((key) => (
              <ApiKeyRow
                key={key.keyId}
                organizationId={organizationId}
                apiKey={key}
                onEdit={setEditing}
                onRotate={setRotating}
              />
            ))}
          </ul>
          {(cursors.length > 1 || nextCursor) && (
            <nav className={styles.pager} aria-label="API key pages">
              <Button
                variant="secondary"
                disabled={cursors.length === 1}
                onClick={() => setCursors(cursors.slice(0, -1))}
              >
                Previous page
              </Button>
              <Button
                variant="secondary"
                disabled={!nextCursor}
                onClick={() => nextCursor && setCursors([...cursors, nextCursor])}
              >
                Next page
              </Button>
            </nav>
          )}
        </>
      )}

      <CreateApiKeyDialog
        organizationId={organizationId}
        open={creating}
        onClose={() => setCreating(false)}
      />
      <EditApiKeyDialog
        organizationId={organizationId}
        apiKey={editing}
        onClose={() => setEditing(undefined)}
      />
      <RotateApiKeyDialog
        organizationId={organizationId}
        apiKey={rotating}
        onClose={() => setRotating(undefined)}
      />
    </div>
  )
}

function ApiKeyRow({
  organizationId,
  apiKey,
  onEdit,
  onRotate,
}: {
  organizationId: string
  apiKey: ApiKey
  onEdit: (key: ApiKey) => void
  onRotate: (key: ApiKey) => void
}) {
  const revoked = apiKey.revokedAt !== null
  return (
    <li className={revoked ? `${styles.row} ${styles.revoked}` : styles.row}>
      <div className={styles.rowMain}>
        <span className={styles.name}>{apiKey.name}</span>
        <code className={styles.prefix}>{prefixText(apiKey)}</code>
        <span className={styles.badges}>
          {revoked && <Badge color="red">Revoked</Badge>}
          {sortedScopes(apiKey.scopes, API_SCOPE_LIST).map((scope) => (
            <Badge key={scope} color="purple">
              {scope}
            </Badge>
          ))}
        </span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>Rate limit</dt>
          <dd>{apiKey.rateLimitPerMinute.toLocaleString('en-US')} requests a minute</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            {dateTimeText(apiKey.createdAt)} by {principalName(apiKey.createdBy)}
          </dd>
        </div>
        <div>
          <dt>Last used</dt>
          <dd>{apiKey.lastUsedAt ? dateTimeText(apiKey.lastUsedAt) : 'Never'}</dd>
        </div>
        {apiKey.revokedAt && (
          <div>
            <dt>Revoked</dt>
            <dd>{dateTimeText(apiKey.revokedAt)}</dd>
          </div>
        )}
        {apiKey.previousSecretValidUntil && (
          <div>
            <dt>Previous secret works until</dt>
            <dd>{dateTimeText(apiKey.previousSecretValidUntil)}</dd>
          </div>
        )}
      </dl>
      {!revoked && (
        <div className={styles.rowActions}>
          <Button variant="secondary" size="small" onClick={() => onEdit(apiKey)}>
            Edit<span className="visually-hidden"> {apiKey.name}</span>
          </Button>
          <Button variant="secondary" size="small" onClick={() => onRotate(apiKey)}>
            Rotate<span className="visually-hidden"> {apiKey.name}</span>
          </Button>
          <RevokeApiKeyButton organizationId={organizationId} apiKey={apiKey} />
        </div>
      )}
    </li>
  )
}
