import type { BlockSummary, TemplateEditorType } from '@app/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import dialogStyles from '../../../components/ui/dialog.module.css'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage, isApiError } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { blockQueries, useCopyBlock, useCreateBlock, useDeleteBlock } from '../api/blocks'
import { BLOCK_TYPE_LABELS, blockCopyName, blockNameProblem } from '../block-display'
import { starterSource } from '../block-source'
import styles from './blocks.module.css'

const NAME_HINT = 'Letters, digits, spaces, _ and -, up to 64.'
const NAME_TAKEN = 'Another block has this name. Choose another.'

const TYPE_CHOICES: { value: TemplateEditorType; label: string; hint: string }[] = [
  { value: 'VISUAL', label: 'Visual', hint: 'Drag and drop, for visual templates' },
  { value: 'MJML', label: 'MJML', hint: 'Sections of MJML code, for MJML templates' },
  { value: 'HTML', label: 'HTML', hint: 'An HTML fragment, for HTML templates' },
]

/** 'New block': a name and an editor type, then the editor with the type's starting content. */
export function NewBlockDialog({
  organizationId,
  open,
  onClose,
  initialType,
}: {
  organizationId: string
  open: boolean
  onClose: () => void
  initialType?: TemplateEditorType | undefined
}) {
  return (
    <Dialog open={open} onClose={onClose} title="New block">
      <NewBlockForm organizationId={organizationId} onClose={onClose} initialType={initialType} />
    </Dialog>
  )
}

function NewBlockForm({
  organizationId,
  onClose,
  initialType,
}: {
  organizationId: string
  onClose: () => void
  initialType?: TemplateEditorType | undefined
}) {
  const [name, setName] = useState('')
  const [editorType, setEditorType] = useState<TemplateEditorType>(initialType ?? 'VISUAL')
  const [problem, setProblem] = useState<string>()
  const create = useCreateBlock(organizationId)
  const navigate = useNavigate()
  const nameTaken = isApiError(create.error, 'block.name_exists')

  function submit(event: FormEvent) {
    event.preventDefault()
    const why = blockNameProblem(name)
    setProblem(why)
    if (why) return
    create.mutate(
      { name: name.trim(), editorType, source: starterSource(editorType) },
      { onSuccess: (block) => navigate(paths.block(block.id)) },
    )
  }

  return (
    <form className={styles.dialogForm} onSubmit={submit} noValidate>
      <TextField
        label="Block name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        maxLength={64}
        placeholder="Footer"
        error={problem ?? (nameTaken ? NAME_TAKEN : undefined)}
        hint={NAME_HINT}
      />
      <fieldset className={styles.typeChoices}>
        <legend>Editor</legend>
        {TYPE_CHOICES.map((choice) => (
          <label key={choice.value} className={styles.typeChoice}>
            <input
              type="radio"
              name="editorType"
              value={choice.value}
              checked={editorType === choice.value}
              onChange={() => setEditorType(choice.value)}
            />
            <span>
              <span className={styles.typeLabel}>{choice.label}</span>
              <span className={styles.typeHint}>{choice.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className={dialogStyles.body}>
        A block can only be used by templates of the same editor type. It costs no template action.
      </p>
      {create.error !== null && !nameTaken && (
        <Alert tone="danger" role="alert" title="The block was not created">
          {errorMessage(create.error)}
        </Alert>
      )}
      <div className={dialogStyles.footer}>
        <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending}>
          Create and edit
        </Button>
      </div>
    </form>
  )
}

/** 'Copy': the same type and content under a new name, starting at version 1. */
export function CopyBlockDialog({
  organizationId,
  block,
  taken,
  onClose,
  onCopied,
}: {
  organizationId: string
  block: { id: string; name: string } | undefined
  /** Names already in use, so the suggestion is free. */
  taken: ReadonlySet<string>
  onClose: () => void
  onCopied?: (copy: { id: string; name: string }) => void
}) {
  return (
    <Dialog open={block !== undefined} onClose={onClose} title={`Copy ${block?.name ?? ''}`}>
      {block && (
        <CopyBlockForm
          organizationId={organizationId}
          block={block}
          taken={taken}
          onClose={onClose}
          onCopied={onCopied}
        />
      )}
    </Dialog>
  )
}

function CopyBlockForm({
  organizationId,
  block,
  taken,
  onClose,
  onCopied,
}: {
  organizationId: string
  block: { id: string; name: string }
  taken: ReadonlySet<string>
  onClose: () => void
  onCopied?: ((copy: { id: string; name: string }) => void) | undefined
}) {
  const [name, setName] = useState(() => blockCopyName(block.name, taken))
  const [problem, setProblem] = useState<string>()
  const copy = useCopyBlock(organizationId)
  const nameTaken = isApiError(copy.error, 'block.name_exists')

  function submit(event: FormEvent) {
    event.preventDefault()
    const why = blockNameProblem(name, taken)
    setProblem(why)
    if (why) return
    copy.mutate(
      { id: block.id, newName: name.trim() },
      {
        onSuccess: (created) => {
          toast.success(`${block.name} was copied as ${created.name}.`, {
            action: { label: 'Open', to: paths.block(created.id) },
          })
          onClose()
          onCopied?.(created)
        },
      },
    )
  }

  return (
    <form className={styles.dialogForm} onSubmit={submit} noValidate>
      <TextField
        label="Name of the copy"
        value={name}
        onChange={(event) => setName(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        maxLength={64}
        error={problem ?? (nameTaken ? NAME_TAKEN : undefined)}
        hint={NAME_HINT}
      />
      <p className={dialogStyles.body}>
        The copy starts at version 1 with this block’s current content. No template uses it until you include
        it.
      </p>
      {copy.error !== null && !nameTaken && (
        <Alert tone="danger" role="alert" title="The block was not copied">
          {errorMessage(copy.error)}
        </Alert>
      )}
      <div className={dialogStyles.footer}>
        <Button variant="secondary" onClick={onClose} disabled={copy.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={copy.isPending}>
          Copy
        </Button>
      </div>
    </form>
  )
}

/**
 * 'Delete': asks first; a block templates still use is refused (409 `block.in_use`), and the refusal names them
 * with links, so one can take the block out of each first.
 */
export function DeleteBlockDialog({
  organizationId,
  block,
  onClose,
  onDeleted,
}: {
  organizationId: string
  block: Pick<BlockSummary, 'id' | 'name' | 'editorType'> | undefined
  onClose: () => void
  onDeleted?: () => void
}) {
  return (
    <Dialog open={block !== undefined} onClose={onClose} title={`Delete ${block?.name ?? ''}?`}>
      {block && (
        <DeleteBlockForm
          organizationId={organizationId}
          block={block}
          onClose={onClose}
          onDeleted={onDeleted}
        />
      )}
    </Dialog>
  )
}

function DeleteBlockForm({
  organizationId,
  block,
  onClose,
  onDeleted,
}: {
  organizationId: string
  block: Pick<BlockSummary, 'id' | 'name' | 'editorType'>
  onClose: () => void
  onDeleted?: (() => void) | undefined
}) {
  const remove = useDeleteBlock(organizationId)
  const queryClient = useQueryClient()
  const inUse = isApiError(remove.error, 'block.in_use') ? remove.error : undefined
  const templates = inUse?.details.templates ?? []

  function submit(event: FormEvent) {
    event.preventDefault()
    remove.mutate(block.id, {
      onSuccess: () => {
        toast.success(`${block.name} was deleted.`)
        onClose()
        onDeleted?.()
      },
      onError: (error) => {
        if (isApiError(error, 'block.in_use')) {
          void queryClient.invalidateQueries({
            queryKey: blockQueries.detail(organizationId, block.id).queryKey,
          })
        }
      },
    })
  }

  if (inUse) {
    return (
      <>
        <div className={dialogStyles.body}>
          <Alert tone="warning" role="alert" title="This block is still in use">
            {templates.length > 0
              ? `${block.name} stays: ${templates.length === 1 ? 'this template uses' : 'these templates use'} it. Take it out of ${templates.length === 1 ? 'it' : 'each'} and save, then delete the block.`
              : `${block.name} stays: ${errorMessage(inUse)}`}
          </Alert>
          {templates.length > 0 && (
            <ul className={styles.usageList} aria-label="Templates using this block">
              {templates.map((template) => (
                <li key={template.id}>
                  <Link to={paths.template(template.id)}>{template.name}</Link>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className={dialogStyles.footer}>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </>
    )
  }

  return (
    <form className={styles.dialogForm} onSubmit={submit}>
      <div className={dialogStyles.body}>
        <p>
          The {BLOCK_TYPE_LABELS[block.editorType]} block {block.name} is deleted for good. A block that
          templates still use cannot be deleted.
        </p>
      </div>
      {remove.error !== null && (
        <Alert tone="danger" role="alert" title="The block was not deleted">
          {errorMessage(remove.error)}
        </Alert>
      )}
      <div className={dialogStyles.footer}>
        <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" loading={remove.isPending}>
          Delete block
        </Button>
      </div>
    </form>
  )
}
