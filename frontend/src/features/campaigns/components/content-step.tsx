import type { Campaign, Contact } from '@app/contracts'
import { renderTemplate } from '@app/email/browser'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { LoadError } from '../../../components/ui/load-error'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import { errorMessage } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { PreviewFrame } from '../../email-editor/preview-frame'
import { templateQueries } from '../../templates/api/templates'
import { previewContactQueries } from '../api/preview-contacts'
import { contactTemplateData } from '../campaign-flow'
import styles from './campaigns.module.css'
import { ContactPicker } from './contact-picker'

/** What the step saves: a name and a template. */
export interface ContentChoice {
  name: string
  templateId: string
}

/** Step 1: a name and a template, with the template rendered for a real contact in the sandboxed frame. */
export function ContentStep({
  organizationId,
  campaign,
  pending,
  error,
  onSave,
}: {
  organizationId: string
  campaign: Campaign | undefined
  pending: boolean
  error: unknown
  onSave: (choice: ContentChoice) => void
}) {
  const [name, setName] = useState(campaign?.name ?? '')
  const [templateId, setTemplateId] = useState(campaign?.templateId ?? '')
  const [problem, setProblem] = useState<string>()
  const templates = useInfiniteQuery(
    templateQueries.list(organizationId, { q: '', tag: undefined, sort: 'name' }),
  )
  const options = templates.data?.pages.flatMap((page) => page.items) ?? []

  return (
    <form
      className={styles.panel}
      aria-labelledby="content-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (!name.trim()) return setProblem('Give the campaign a name.')
        if (!templateId) return setProblem('Pick the template to send.')
        setProblem(undefined)
        onSave({ name: name.trim(), templateId })
      }}
    >
      <h2 id="content-title">Content</h2>
      <div className={styles.split}>
        <div className={styles.column}>
          <TextField
            label="Campaign name"
            value={name}
            maxLength={200}
            onChange={(event) => setName(event.target.value)}
            hint="Only you see it: recipients see the template's subject."
            error={problem && !name.trim() ? problem : undefined}
          />
          {templates.isError ? (
            <LoadError
              title="Could not load the templates"
              error={templates.error}
              onRetry={() => void templates.refetch()}
            />
          ) : templates.data === undefined ? (
            <LoadingLines lines={1} label="Loading the templates" />
          ) : options.length === 0 ? (
            <Alert tone="info" title="No templates yet">
              A campaign sends one of your templates. <Link to={paths.newTemplate()}>Create a template</Link>{' '}
              with an <code>{'{{unsubscribeUrl}}'}</code> link first.
            </Alert>
          ) : (
            <SelectField
              label="Template"
              value={templateId}
              onChange={(event) => setTemplateId(event.target.value)}
              error={problem && name.trim() && !templateId ? problem : undefined}
              hint="The version current when sending starts is the one sent, even if the template changes later."
            >
              <option value="">Choose a template…</option>
              {options.map((template) => (
                <option key={template.id} value={template.id}>
                  {template.name}
                </option>
              ))}
            </SelectField>
          )}
          {templates.hasNextPage && (
            <Button
              variant="ghost"
              size="small"
              loading={templates.isFetchingNextPage}
              onClick={() => void templates.fetchNextPage()}
            >
              More templates
            </Button>
          )}
          {error !== undefined && error !== null && (
            <Alert tone="danger" role="alert">
              {errorMessage(error)}
            </Alert>
          )}
        </div>
        <div className={styles.previewSlot}>
          {templateId ? (
            <TemplatePreview organizationId={organizationId} templateId={templateId} campaign={campaign} />
          ) : (
            <p className={styles.muted}>Pick a template to see it with one of your contacts' data.</p>
          )}
        </div>
      </div>
      <div className={styles.footer}>
        <span />
        <Button type="submit" loading={pending}>
          {campaign ? 'Save and continue' : 'Create draft and continue'}
        </Button>
      </div>
    </form>
  )
}

/** The template as a recipient would get it: rendered with a chosen contact's data (the first one until chosen). */
function TemplatePreview({
  organizationId,
  templateId,
  campaign,
}: {
  organizationId: string
  templateId: string
  campaign: Campaign | undefined
}) {
  const template = useQuery(templateQueries.detail(templateId))
  // The picker's own first page (same query): no extra read when it opens.
  const contacts = useInfiniteQuery(previewContactQueries.search(organizationId, undefined))
  const [picked, setPicked] = useState<Contact>()
  const contact = picked ?? contacts.data?.pages[0]?.items[0]

  if (template.isError)
    return (
      <LoadError
        title="Could not load the template"
        error={template.error}
        onRetry={() => void template.refetch()}
      />
    )
  if (!template.data || contacts.isPending) return <LoadingLines lines={6} label="Loading the preview" />
  const data = contact ? contactTemplateData(contact, window.location.origin, campaign?.sender) : {}
  const render = renderTemplate(
    { subject: template.data.subject, html: template.data.html, text: template.data.textPart },
    data,
  )
  const missing = [...new Set(render.missing.map((item) => item.path))]

  return (
    <section className={styles.column} aria-label="Preview">
      {contact || contacts.isError ? (
        <ContactPicker
          organizationId={organizationId}
          label="Preview with the data of"
          selected={contact}
          onSelect={setPicked}
        />
      ) : (
        <p className={styles.muted}>
          No contacts yet: the preview shows the template without data.{' '}
          <Link to={paths.contacts()}>Add contacts</Link>
        </p>
      )}
      <p>
        <strong>Subject:</strong> {render.subject ?? template.data.subject}
      </p>
      {missing.length > 0 && (
        <Alert tone="warning" title="This contact lacks data the template uses">
          Missing: {missing.join(', ')}. SES would drop their message: the review step lets you give a default
          or skip such recipients.
        </Alert>
      )}
      <PreviewFrame
        html={render.html ?? template.data.html}
        scheme="light"
        title={`Preview of ${template.data.name}${contact ? ` for ${contact.email}` : ''}`}
        className={styles.frame}
      />
    </section>
  )
}
