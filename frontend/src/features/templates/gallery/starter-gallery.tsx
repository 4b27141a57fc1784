import type { OrganizationSummary } from '@app/contracts'
import { visualDocumentSource } from '@app/contracts'
import { STARTERS, type Starter } from '@app/email/browser'
import { useInfiniteQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import pageStyles from '../../../components/layouts/page.module.css'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import dialogStyles from '../../../components/ui/dialog.module.css'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast-store'
import { ToggleButtons } from '../../../components/ui/toggle-buttons'
import { isApiError } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { templateQueries, useCreateTemplate } from '../api/templates'
import { ActionError, CostNote } from '../components/action-error'
import { actionCost } from '../template-actions'
import { templateNameProblem, uniqueName } from '../template-name'
import { BLANK_SOURCES, type BlankKind, blankTemplateBody, isBlankKind } from './blank-templates'
import styles from './gallery.module.css'
import { type Choice, StarterCard } from './starter-card'

/** How a starter is created: blocks for the visual editor (the default), or MJML for the code editor. */
export type StarterFormat = 'VISUAL' | 'MJML'

const BLANK_SAMPLE = { subject: 'Hello {{firstName}}', sampleData: { firstName: 'Maya' } }

const BLANK_CHOICES: Record<BlankKind, Choice> = {
  VISUAL: {
    key: 'blank-visual',
    title: 'Blank visual',
    description: 'Drag and drop blocks (headings, text, buttons, images, columns) on an empty email.',
    editorType: 'VISUAL',
    suggestedName: 'new-visual-template',
    body: (name) => blankTemplateBody('VISUAL', name),
    thumbnail: { input: { editorType: 'VISUAL', source: BLANK_SOURCES.VISUAL }, ...BLANK_SAMPLE },
  },
  MJML: {
    key: 'blank-mjml',
    title: 'Blank MJML',
    description: 'MJML’s components compile to responsive, email-safe HTML. One section to start from.',
    editorType: 'MJML',
    suggestedName: 'new-mjml-template',
    body: (name) => blankTemplateBody('MJML', name),
    thumbnail: { input: { editorType: 'MJML', source: BLANK_SOURCES.MJML }, ...BLANK_SAMPLE },
  },
  HTML: {
    key: 'blank-html',
    title: 'Blank HTML',
    description: 'Your own HTML, sent as written: a table layout with inline styles to start from.',
    editorType: 'HTML',
    suggestedName: 'new-html-template',
    body: (name) => blankTemplateBody('HTML', name),
    thumbnail: { input: { editorType: 'HTML', source: BLANK_SOURCES.HTML }, ...BLANK_SAMPLE },
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
    thumbnail: {
      input:
        format === 'VISUAL'
          ? { editorType: 'VISUAL', source: visualDocumentSource(starter.visual) }
          : { editorType: 'MJML', source: starter.mjml },
      subject: starter.subject,
      sampleData: starter.sampleData,
    },
  }
}

/** `/app/templates/new`: six starters and three blank pages, each previewed; a name, then the editor. */
export function StarterGallery({ organization }: { organization: OrganizationSummary }) {
  const [search, setSearch] = useSearchParams()
  const blank = search.get('blank')
  const existing = useInfiniteQuery(
    templateQueries.list(organization.id, { q: '', tag: undefined, sort: 'name' }),
  )
  const taken = new Set(existing.data?.pages.flatMap((page) => page.items.map((template) => template.name)))
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
        <Link to={paths.templates()} className={pageStyles.back}>
          ← All templates
        </Link>
        <h1>New template</h1>
        <p className={pageStyles.lead}>
          Start from a finished email, each responsive with a dark mode, sample data and a text part, or from
          a blank page. Everything can be changed in the editor.
        </p>
      </header>

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
        {choices.map((item) => (
          <StarterCard key={item.key} choice={item} onUse={() => setChoice(item)} />
        ))}
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
        navigate(paths.template(template.id))
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
