import type { OrganizationSummary, WebhookEndpoint } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import pageStyles from '../../../components/layouts/page.module.css'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { LoadError } from '../../../components/ui/load-error'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { errorMessage } from '../../../lib/api-error'
import { GatedToolPage } from '../../organizations/components/gated-tool-page'
import { webhookQueries } from '../api/webhooks'
import { DeliveryLog } from './delivery-log'
import { EndpointDialog, type IssuedSecret, SecretShownOnce } from './endpoint-dialogs'
import { EndpointRow } from './endpoint-row'
import { VerifySignatures } from './verify-signatures'
import styles from './webhooks.module.css'

const TITLE = 'Webhooks'
const LEAD =
  'Webhooks tell your own systems when something happens in this organization: a campaign starts, pauses or finishes, a contact subscribes or unsubscribes, a message is delivered, opened, clicked, bounces or draws a complaint.'
const WHAT_THEY_ARE =
  'Each endpoint is an https address of yours that receives the event types you choose as signed JSON, retried when it fails, with a delivery log you can replay from.'
/** The address keeps the endpoint whose log is open, so a reload or a shared link shows the same log. */
const LOG_PARAM = 'endpoint'

/** `/app/organization/webhooks`: the organization's endpoints, their secrets, test events and delivery logs. */
export function WebhooksPage({ organization }: { organization: OrganizationSummary }) {
  return (
    <GatedToolPage
      organization={organization}
      title={TITLE}
      lead={LEAD}
      feature="campaigns"
      pitch={WHAT_THEY_ARE}
      permission="webhooks.manage"
      denied={{
        title: 'Only owners and admins manage webhooks',
        body: 'Your role in this organization does not include webhooks: their endpoints, signing secrets and delivery logs carry the organization’s events and data. Ask one of its owners or admins to add an endpoint or to look into a delivery for you.',
      }}
    >
      <Endpoints organizationId={organization.id} />
    </GatedToolPage>
  )
}

function Endpoints({ organizationId }: { organizationId: string }) {
  const list = useQuery(webhookQueries.endpoints(organizationId))
  const [search, setSearch] = useSearchParams()
  const [adding, setAdding] = useState(false)
  const [editing, setEditing] = useState<WebhookEndpoint>()
  const [issued, setIssued] = useState<{ secret: IssuedSecret; rotated: boolean }>()
  const endpoints = list.data?.items ?? []
  const logOf = endpoints.find((endpoint) => endpoint.id === search.get(LOG_PARAM))

  const showLog = (id: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current)
        next.set(LOG_PARAM, id)
        return next
      },
      { replace: true },
    )

  return (
    <div className={pageStyles.page}>
      <header className={styles.pageHeader}>
        <div className={pageStyles.header}>
          <h1>{TITLE}</h1>
          <p className={pageStyles.lead}>{LEAD}</p>
        </div>
        <Button onClick={() => setAdding(true)}>Add endpoint</Button>
      </header>

      {list.data === undefined ? (
        list.isError ? (
          <LoadError
            title="Could not load the webhook endpoints"
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : (
          <LoadingLines lines={4} label="Loading the webhook endpoints" />
        )
      ) : endpoints.length === 0 ? (
        <section className={pageStyles.empty} aria-labelledby="webhooks-empty">
          <p id="webhooks-empty" className={pageStyles.emptyTitle}>
            No webhook endpoints yet
          </p>
          <p>{WHAT_THEY_ARE}</p>
          <Button onClick={() => setAdding(true)}>Add endpoint</Button>
        </section>
      ) : (
        <>
          {list.isError && (
            <Alert tone="warning" role="alert">
              Could not refresh the endpoints: {errorMessage(list.error)}
            </Alert>
          )}
          <ul className={styles.rows} aria-label="Webhook endpoints">
            {endpoints.map((endpoint) => (
              <EndpointRow
                key={endpoint.id}
                organizationId={organizationId}
                endpoint={endpoint}
                showingLog={logOf?.id === endpoint.id}
                onShowLog={() => showLog(endpoint.id)}
                onEdit={() => setEditing(endpoint)}
                onRotated={(secret) => setIssued({ secret, rotated: true })}
              />
            ))}
          </ul>
        </>
      )}

      {logOf && <DeliveryLog key={logOf.id} organizationId={organizationId} endpoint={logOf} />}
      <VerifySignatures />

      <EndpointDialog
        organizationId={organizationId}
        open={adding || editing !== undefined}
        endpoint={editing}
        onClose={() => {
          setAdding(false)
          setEditing(undefined)
        }}
        onCreated={(secret) => {
          setIssued({ secret, rotated: false })
          showLog(secret.endpoint.id)
        }}
      />
      <SecretShownOnce
        issued={issued?.secret}
        rotated={issued?.rotated ?? false}
        onDone={() => setIssued(undefined)}
      />
    </div>
  )
}
