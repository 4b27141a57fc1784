import styles from './api-docs.module.css'
import { CodeBlock } from './code-block'
import {
  type ApiOperation,
  type ApiParameter,
  inlineCodeSegments,
  type SchemaField,
  type WebhookEvent,
} from './openapi-reference'

/** The document's text with its `inline code` as code. */
export function DocText({ value }: { value: string }) {
  return (
    <>
      {inlineCodeSegments(value).map((segment, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the runs of one fixed string, never reordered
        segment.code ? <code key={index}>{segment.text}</code> : <span key={index}>{segment.text}</span>,
      )}
    </>
  )
}

export function slug(value: string): string {
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

function Parameters({ title, parameters }: { title: string; parameters: ApiParameter[] }) {
  return (
    <div className={styles.block}>
      <h4>{title}</h4>
      <ul className={styles.fields}>
        {parameters.map((parameter) => (
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
  )
}

function Errors({ errors }: { errors: ApiOperation['errors'] }) {
  return (
    <div className={styles.block}>
      <h4>Errors</h4>
      <dl className={styles.errors}>
        {errors.map((error) => (
          <div key={error.status}>
            <dt>{error.status}</dt>
            <dd>
              {error.codes.map((code, index) => (
                <span key={code}>
                  {index > 0 && ', '}
                  <code>{code}</code>
                </span>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

export function Operation({ operation }: { operation: ApiOperation }) {
  const id = slug(operation.id)
  const signature = `${operation.method} ${operation.path}`
  return (
    <article className={styles.operation} id={id} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.signature}>
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
        {operation.scope ? (
          <span className={styles.auth}>
            Scope <code>{operation.scope}</code>
          </span>
        ) : (
          <span className={operation.authenticated ? styles.auth : styles.public}>
            {operation.authenticated ? 'Needs a credential' : 'Public'}
          </span>
        )}
        {operation.feature && <span className={styles.feature}>Plan feature: {operation.feature}</span>}
        <span className={styles.status}>Success: {operation.successStatus}</span>
        <span className={styles.status}>
          Operation id <code>{operation.id}</code>
        </span>
      </p>
      {operation.parameters.length > 0 && <Parameters title="Parameters" parameters={operation.parameters} />}
      {operation.requestBody && <Body title="Request body (JSON)" body={operation.requestBody} />}
      {operation.response && (
        <Body title={`Response ${operation.successStatus} (JSON)`} body={operation.response} />
      )}
      {operation.errors.length > 0 && <Errors errors={operation.errors} />}
      {operation.samples.length > 0 && (
        <div className={styles.block}>
          <h4>Examples</h4>
          {operation.samples.map((sample) => (
            <CodeBlock key={sample.label} label={sample.label} what={signature} source={sample.source} />
          ))}
        </div>
      )}
    </article>
  )
}

export function WebhookEventEntry({ event }: { event: WebhookEvent }) {
  const id = `webhook-${slug(event.type)}`
  return (
    <article className={styles.operation} id={id} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.signature}>
        <span className={`${styles.method} ${styles.post}`}>POST</span>
        <code className={styles.path}>{event.type}</code>
      </h3>
      <p>{event.summary}</p>
      {event.headers.length > 0 && <Parameters title="Headers" parameters={event.headers} />}
      {event.body.length > 0 && <Body title="Body (JSON)" body={event.body} />}
    </article>
  )
}
