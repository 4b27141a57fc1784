import { platformRoutes } from '@app/contracts/platform/routes'
import { Link, useLoaderData } from 'react-router-dom'
import { apiUrl } from '../../lib/api-client'
import { loadAppConfig } from '../../lib/app-config'
import marketing from '../marketing/components/marketing.module.css'
import { usePageMeta } from '../marketing/use-page-meta'
import styles from './api-docs.module.css'
import {
  type ApiOperation,
  type ApiReference,
  inlineCodeSegments,
  readApiReference,
  type SchemaField,
} from './openapi-reference'

/** Fetched at run time, so the page always describes the API this deployment serves. */
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

/** The document's text with its `inline code` as code. */
function DocText({ value }: { value: string }) {
  return (
    <>
      {inlineCodeSegments(value).map((segment, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the runs of one fixed string, never reordered
        segment.code ? <code key={index}>{segment.text}</code> : <span key={index}>{segment.text}</span>,
      )}
    </>
  )
}

function slug(value: string): string {
  return value.replace(/[^a-z0-9]+/gi, '-').toLowerCase()
}

function Fields({ fields }: { fields: SchemaField[] }) {
  return (
    <ul className={styles.fields}>
      {fields.map((field) => (
        <li key={field.name}>
          <code className={styles.fieldName}>{field.name}</code>{' '}
          <span className={styles.type}>{field.type}</span>
          {field.required ? <span className={styles.required}> required</span> : null}
          {field.description && (
            <span className={styles.fieldDescription}>
              {' — '}
              <DocText value={field.description} />
            </span>
          )}
          {field.fields && <Fields fields={field.fields} />}
        </li>
      ))}
    </ul>
  )
}

function Body({ title, body }: { title: string; body: SchemaField[] | string }) {
  return (
    <div className={styles.block}>
      <h4>{title}</h4>
      {typeof body === 'string' ? <code className={styles.type}>{body}</code> : <Fields fields={body} />}
    </div>
  )
}

function Operation({ operation }: { operation: ApiOperation }) {
  return (
    <article
      className={styles.operation}
      id={slug(operation.id)}
      aria-labelledby={`${slug(operation.id)}-title`}
    >
      <h3 id={`${slug(operation.id)}-title`} className={styles.signature}>
        <span className={`${styles.method} ${styles[operation.method.toLowerCase()] ?? ''}`}>
          {operation.method}
        </span>
        <code className={styles.path}>{operation.path}</code>
      </h3>
      <p>
        <DocText value={operation.summary} />
      </p>
      {operation.description && (
        <p>
          <DocText value={operation.description} />
        </p>
      )}
      <p className={styles.tags}>
        <span className={operation.authenticated ? styles.auth : styles.public}>
          {operation.authenticated ? 'Needs ID token' : 'Public'}
        </span>
        {operation.feature && <span className={styles.feature}>Plan feature: {operation.feature}</span>}
        <span className={styles.status}>Success: {operation.successStatus}</span>
      </p>
      {operation.parameters.length > 0 && (
        <div className={styles.block}>
          <h4>Parameters</h4>
          <ul className={styles.fields}>
            {operation.parameters.map((parameter) => (
              <li key={`${parameter.location}-${parameter.name}`}>
                <code className={styles.fieldName}>{parameter.name}</code>{' '}
                <span className={styles.type}>
                  {parameter.type} · in {parameter.location}
                </span>
                {parameter.required && <span className={styles.required}> required</span>}
                {parameter.description && (
                  <span className={styles.fieldDescription}>
                    {' — '}
                    <DocText value={parameter.description} />
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {operation.requestBody && <Body title="Request body (JSON)" body={operation.requestBody} />}
      {operation.response && (
        <Body title={`Response ${operation.successStatus} (JSON)`} body={operation.response} />
      )}
    </article>
  )
}

export function Component() {
  const reference = useLoaderData() as ApiReference
  usePageMeta(
    'API reference',
    'The SES Studio HTTP API: every operation with its parameters, request body, response and authentication, generated from the live OpenAPI document.',
  )
  return (
    <div className={styles.page}>
      <section className={marketing.hero} aria-labelledby="page-title">
        <p className={marketing.eyebrow}>API docs · version {reference.version}</p>
        <h1 id="page-title" className={marketing.title}>
          {reference.title} reference
        </h1>
        <p className={marketing.lead}>
          <DocText value={reference.description} />
        </p>
        <p className={marketing.note}>
          Generated from the OpenAPI 3.1 document this deployment serves at{' '}
          <a href={platformRoutes.getOpenApi.path}>
            <code>{platformRoutes.getOpenApi.path}</code>
          </a>
          . Send the ID token of a signed-in user as <code>Authorization: Bearer &lt;token&gt;</code>; errors
          answer <code>{'{ "error": { "code", "message" } }'}</code>.
        </p>
      </section>
      <div className={styles.layout}>
        <nav aria-label="API sections" className={styles.toc}>
          <ul>
            {reference.groups.map((group) => (
              <li key={group.tag}>
                <a href={`#${slug(group.tag)}`}>{group.tag}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.groups}>
          {reference.groups.map((group) => (
            <section key={group.tag} id={slug(group.tag)} aria-labelledby={`${slug(group.tag)}-heading`}>
              <h2 id={`${slug(group.tag)}-heading`} className={styles.groupTitle}>
                {group.tag}
              </h2>
              {group.operations.map((operation) => (
                <Operation key={operation.id} operation={operation} />
              ))}
            </section>
          ))}
          <p className={marketing.note}>
            Plans decide which features a call may use; see <Link to="/pricing">pricing</Link>.
          </p>
        </div>
      </div>
    </div>
  )
}
