import type { CreateTemplateBody, OrganizationSummary } from '@app/contracts'
import { visualDocumentSource } from '@app/contracts'
import { compileTemplate, renderTemplate, STARTERS, type Starter } from '@app/email/browser'
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import pageStyles from '../../../app/routes/app/page.module.css'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import dialogStyles from '../../../components/ui/dialog.module.css'
import { Spinner } from '../../../components/ui/spinner'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast-store'
import { ToggleButtons } from '../../../components/ui/toggle-buttons'
import { isApiError } from '../../../lib/api-error'
import { templateQueries, useCreateTemplate } from '../api/templates'
import { ActionError, CostNote } from '../components/action-error'
import { PreviewFrame } from '../preview/preview-frame'
import { actionCost } from '../template-actions'
import { EDITOR_LABELS } from '../template-display'
import { templateNameProblem, uniqueName } from '../template-name'
import { BLANK_SOURCES, type BlankKind, blankTemplateBody, isBlankKind } from './blank-templates'
import styles from './gallery.module.css'

/** How a starter is created: blocks for the visual editor (the default), or MJML for the code editor. */
export type StarterFormat = 'VISUAL' | 'MJML'

interface Choice {
  key: string
  title: string
  description: string
  editorType: 'MJML' | 'HTML' | 'VISUAL'
  suggestedName: string
  body: (name: string) => CreateTemplateBody
}

const BLANK_CHOICES: Record<BlankKind, Choice> = {
  VISUAL: {
    key: 'blank-visual',
    title: 'Blank visual',
    description: 'Drag and drop blocks (headings, text, buttons, images, columns) on an empty email.',
    editorType: 'VISUAL',
    suggestedName: 'new-visual-template',
    body: (name) => blankTemplateBody('VISUAL', name),
  },
  MJML: {
    key: 'blank-mjml',
    title: 'Blank MJML',
    description: 'MJML’s components compile to responsive, email-safe HTML. One section to start from.',
    editorType: 'MJML',
    suggestedName: 'new-mjml-template',
    body: (name) => blankTemplateBody('MJML', name),
  },
  HTML: {
    key: 'blank-html',
    title: 'Blank HTML',
    description: 'Your own HTML, sent as written: a table layout with inline styles to start from.',
    editorType: 'HTML',
    suggestedName: 'new-html-template',
    body: (name) => blankTemplateBody('HTML', name),
  },
}

function starterChoice(starter: Starter, format: StarterFormat): Choice {
  return {
    key: `${starter.id}-${format}`,
    title: starter.name,
    description: starter.description,
    editorType: format,
    suggestedName: starter.id,
    body: (name) => ({ starter: starter.id, editorType: format, name }),
  }
}

interface Thumbnail {
  html: string
  subject: string
}

/** Every starter and blank page compiled (mjml-browser) and rendered with its sample data, once per visit. */
const thumbnailsQuery = queryOptions({
  queryKey: ['template-gallery', 'thumbnails'] as const,
  queryFn: async (): Promise<Record<string, Thumbnail>> => {
    const entries = await Promise.all([
      ...STARTERS.flatMap((starter) =>
        (['VISUAL', 'MJML'] as const).map(async (format) => {
          const compiled = await compileTemplate(
            format === 'VISUAL'
              ? { editorType: 'VISUAL', source: visualDocumentSource(starter.visual) }
              : { editorType: 'MJML', source: starter.mjml },
          )
          const render = renderTemplate({ subject: starter.subject, html: compiled.html }, starter.sampleData)
          return [
            starterChoice(starter, format).key,
            { html: render.html ?? compiled.html, subject: render.subject ?? '' },
          ] as const
        }),
      ),
      ...(['VISUAL', 'MJML', 'HTML'] as const).map(async (kind) => {
        const compiled = await compileTemplate({ editorType: kind, source: BLANK_SOURCES[kind] })
        const render = renderTemplate(
          { subject: 'Hello {{firstName}}', html: compiled.html },
          { firstName: 'Maya' },
        )
        return [BLANK_CHOICES[kind].key, { html: render.html ?? '', subject: render.subject ?? '' }] as const
      }),
    ])
    return Object.fromEntries(entries)
  },
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
})

/** `/app/templates/new`: six starters and two blank pages, each previewed; a name, then the editor. */
export function StarterGallery({ organization }: { organization: OrganizationSummary }) {
  const [search, setSearch] = useSearchParams()
  const blank = search.get('blank')
  const thumbnails = useQuery(thumbnailsQuery)
  const existing = useInfiniteQuery(
    templateQueries.list(organization.id, { q: '', tag: undefined, sort: 'name' }),
  )
  const taken = new Set(
    existing.data?.pages.flatMap((page) => page.templates.map((template) => template.name)),
  )
  const [choice, setChoice] = useState<Choice | undefined>(() =>
    isBlankKind(blank) ? BLANK_CHOICES[blank] : undefined,
  )
  const [format, setFormat] = useState<StarterFormat>('VISUAL')
  const choices = [
    ...STARTERS.map((starter) => starterChoice(starter, format)),
    BLANK_CHOICES.VISUAL,
    BLANK_CHOICES.MJML,
    BLANK_CHOICES.HTML,
  ]

  function close() {
    setChoice(undefined)
    if (search.has('blank')) {
      const next = new URLSearchParams(search)
      next.delete('blank')
      setSearch(next, { replace: true })
    }
  }

  return (
    <div className={pageStyles.page}>
      <header className={pageStyles.header}>
        <Link to="/app/templates" className={pageStyles.back}>
          ← All templates
        </Link>
        <h1>New template</h1>
        <p className={pageStyles.lead}>
          Start from a finished email, each responsive with a dark mode, sample data and a text part, or from
          a blank page. Everything can be changed in the editor.
        </p>
      </header>

      {thumbnails.isError && (
        <Alert tone="warning">The previews could not be built; the starters still work.</Alert>
      )}

      <div className={styles.formatChoice}>
        <span className={styles.formatLabel}>Edit the starters with</span>
        <ToggleButtons
          label="Starter editor"
          options={[
            { value: 'VISUAL', label: 'Visual editor (drag and drop)' },
            { value: 'MJML', label: 'MJML code' },
          ]}
          value={format}
          onChange={setFormat}
        />
        <p className={styles.formatHint}>
          {format === 'VISUAL'
            ? 'Blocks you arrange and style without code; you can convert to MJML code later.'
            : 'The MJML source in the code editor, for full control of the markup.'}
        </p>
      </div>

      <ul className={styles.grid} aria-label="Starters">
        {choices.map((item) => {
          const thumbnail = thumbnails.data?.[item.key]
          return (
            <li key={item.key} className={styles.card}>
              <div className={styles.thumb} inert>
                {thumbnail ? (
                  <PreviewFrame html={thumbnail.html} scheme="light" title={`Preview of ${item.title}`} />
                ) : (
                  <span className={styles.thumbLoading}>
                    <Spinner /> Rendering…
                  </span>
                )}
              </div>
              <div className={styles.cardBody}>
                <h2 className={styles.cardTitle}>
                  {item.title} <Badge>{EDITOR_LABELS[item.editorType]}</Badge>
                </h2>
                <p className={styles.description}>{item.description}</p>
                {thumbnail?.subject && (
                  <p className={styles.subject}>
                    <span className={styles.muted}>Subject:</span> {thumbnail.subject}
                  </p>
                )}
              </div>
              <div className={styles.cardFooter}>
                <Button
                  variant={item.key.startsWith('blank') ? 'secondary' : 'primary'}
                  onClick={() => setChoice(item)}
                >
                  Use {item.title}
                </Button>
              </div>
            </li>
          )
        })}
      </ul>

      <Dialog
        open={choice !== undefined}
        onClose={close}
        title={choice ? `New template: ${choice.title}` : ''}
      >
        {choice && <CreateForm choice={choice} organization={organization} taken={taken} onClose={close} />}
      </Dialog>
    </div>
  )
}

function CreateForm({
  choice,
  organization,
  taken,
  onClose,
}: {
  choice: Choice
  organization: OrganizationSummary
  taken: ReadonlySet<string>
  onClose: () => void
}) {
  const [name, setName] = useState(() => uniqueName(choice.suggestedName, taken))
  const [problem, setProblem] = useState<string>()
  const create = useCreateTemplate(organization.id)
  const navigate = useNavigate()
  const cost = actionCost(organization, 1)
  const nameTaken = isApiError(create.error, 'template.name_exists')

  function submit(event: FormEvent) {
    event.preventDefault()
    const why = templateNameProblem(name)
    setProblem(why)
    if (why) return
    create.mutate(choice.body(name), {
      onSuccess: (template) => {
        toast.success(`${template.name} was created.`)
        navigate(`/app/templates/${template.id}`)
      },
    })
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label="Template name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        maxLength={64}
        autoFocus
        error={
          problem ??
          (nameTaken
            ? `Another template is called ${name}. Try ${uniqueName(name, new Set([...taken, name]))}.`
            : undefined)
        }
        hint="The name SES knows it by: letters, digits, _ and -, up to 64. It can be changed later."
      />
      <div className={dialogStyles.body}>
        <CostNote cost={cost} />
      </div>
      {create.error !== null && !nameTaken && (
        <ActionError error={create.error} title="The template was not created" />
      )}
      <div className={dialogStyles.footer}>
        <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending} disabled={cost?.enough === false}>
          Create and edit
        </Button>
      </div>
    </form>
  )
}
