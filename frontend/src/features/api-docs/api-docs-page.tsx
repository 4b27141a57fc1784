import { platformRoutes } from '@app/contracts/platform/routes'
import { Link, useLoaderData } from 'react-router-dom'
import { apiUrl } from '../../lib/api-client'
import { loadAppConfig } from '../../lib/app-config'
import marketing from '../marketing/components/marketing.module.css'
import { usePageMeta } from '../marketing/use-page-meta'
import styles from './api-docs.module.css'
import { DocMarkdown } from './doc-markdown'
import { type ApiReference, readApiReference } from './openapi-reference'
import { Operation, slug, WebhookEventEntry } from './operation'

/** Fetched at run time, so the page always describes the API this deployment serves (the public API). */
export async function loader(): Promise<ApiReference> {
  const config = await loadAppConfig()
  const response = await fetch(
    apiUrl(config.apiBaseUrl, platformRoutes.getOpenApi.path, window.location.origin),
    {
      headers: { accept: 'application/json' },
    },
  )
  if (!response.ok) throw new Error(`The API answered ${response.status} for its OpenAPI document.`)
  return readApiReference(await response.json())
}

function Toc({ reference }: { reference: ApiReference }) {
  return (
    <nav aria-label="API sections" className={styles.toc}>
      <p className={styles.tocHeading}>Guide</p>
      <ul>
        {reference.guide.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`}>{section.title}</a>
          </li>
        ))}
      </ul>
      <p className={styles.tocHeading}>Resources</p>
      <ul>
        {reference.groups.map((group) => (
          <li key={group.tag}>
            <a href={`#${slug(group.tag)}`}>{group.tag}</a>
          </li>
        ))}
        {reference.webhooks.length > 0 && (
          <li>
            <a href="#webhook-events">Webhook events</a>
          </li>
        )}
      </ul>
    </nav>
  )
}

export function Component() {
  const reference = useLoaderData() as ApiReference
  usePageMeta(
    'API reference',
    'The SES Studio public API: authentication, scopes, errors, pagination, idempotency, rate limits, webhooks, and every operation with curl and TypeScript examples, generated from the live OpenAPI document.',
  )
  return (
    <div className={styles.page}>
      <section className={marketing.hero} aria-labelledby="page-title">
        <p className={marketing.eyebrow}>API docs · version {reference.version}</p>
        <h1 id="page-title" className={marketing.title}>
          {reference.title} reference
        </h1>
        <div className={marketing.lead}>
          <DocMarkdown source={reference.intro} title="the introduction" />
        </div>
        <p className={marketing.note}>
          Generated from the OpenAPI 3.1 document this deployment serves at{' '}
          <a href={platformRoutes.getOpenApi.path}>
            <code>{platformRoutes.getOpenApi.path}</code>
          </a>{' '}
          (the web app&apos;s own routes too with <code>?scope=all</code>; they are not part of this API).
          TypeScript: <code>npm install @ses-studio/client</code>.
        </p>
      </section>
      <div className={styles.layout}>
        <Toc reference={reference} />
        <div className={styles.groups}>
          {reference.guide.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className={styles.guide}
            >
              <h2 id={`${section.id}-heading`} className={styles.groupTitle}>
                {section.title}
              </h2>
              <DocMarkdown source={section.markdown} title={section.title} />
            </section>
          ))}
          {reference.groups.map((group) => (
            <section key={group.tag} id={slug(group.tag)} aria-labelledby={`${slug(group.tag)}-heading`}>
              <h2 id={`${slug(group.tag)}-heading`} className={styles.groupTitle}>
                {group.tag}
              </h2>
              {group.description && (
                <div className={styles.groupDescription}>
                  <DocMarkdown source={group.description} title={group.tag} />
                </div>
              )}
              {group.operations.map((operation) => (
                <Operation key={operation.id} operation={operation} />
              ))}
            </section>
          ))}
          {reference.webhooks.length > 0 && (
            <section id="webhook-events" aria-labelledby="webhook-events-heading">
              <h2 id="webhook-events-heading" className={styles.groupTitle}>
                Webhook events
              </h2>
              {reference.webhooks.map((event) => (
                <WebhookEventEntry key={event.type} event={event} />
              ))}
            </section>
          )}
          <p className={marketing.note}>
            The API belongs to the plans that include campaigns; see <Link to="/pricing">pricing</Link>.
          </p>
        </div>
      </div>
    </div>
  )
}
