import type { Paragraph } from '@app/contracts'
import Bold from '@tiptap/extension-bold'
import Document from '@tiptap/extension-document'
import HardBreak from '@tiptap/extension-hard-break'
import Italic from '@tiptap/extension-italic'
import ParagraphNode from '@tiptap/extension-paragraph'
import Text from '@tiptap/extension-text'
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react'
import { useContext, useEffect, useId, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { FieldTargetContext, urlProblem } from './fields'
import { LinkMark } from './link-mark'
import { paragraphsToTiptap, sameParagraphs, type TiptapNode, tiptapToParagraphs } from './rich-text'
import styles from './visual.module.css'

/**
 * A chain of commands on the editor, focused now. Tiptap's own `focus()` gives the focus back a frame later: keys
 * typed in between would land on the button just clicked (a space would click the variable picker again).
 */
function focusedChain(editor: Editor) {
  editor.view.focus()
  return editor.chain()
}

interface RichTextEditorProps {
  label: string
  paragraphs: readonly Paragraph[]
  onChange: (paragraphs: Paragraph[]) => void
}

/**
 * A text block's words with bold, italic, links and line breaks (Document, Paragraph, Text, Bold, Italic, our
 * link mark, HardBreak) (Tiptap, without its own history: the visual
 * editor's undo covers every change). Loaded when a text block is first selected.
 */
export default function RichTextEditor({ label, paragraphs, onChange }: RichTextEditorProps) {
  const registerTarget = useContext(FieldTargetContext)
  const listeners = useRef({ onChange, paragraphs })
  /** What the editor emitted and the parent has not passed back yet: those come back late, never to apply. */
  const echoes = useRef<Paragraph[][]>([])
  listeners.current = { onChange, paragraphs }
  const editor = useEditor({
    extensions: [Document, ParagraphNode, Text, Bold, Italic, HardBreak, LinkMark],
    content: paragraphsToTiptap(paragraphs),
    editorProps: {
      attributes: {
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        class: styles.richText ?? '',
      },
    },
    onUpdate: ({ editor: current }) => {
      const next = tiptapToParagraphs(current.getJSON() as TiptapNode)
      if (sameParagraphs(next, listeners.current.paragraphs)) return
      echoes.current.push(next)
      listeners.current.onChange(next)
    },
    onFocus: ({ editor: current }) => {
      registerTarget({
        label,
        insert: (text) => {
          focusedChain(current).insertContent(text).run()
        },
      })
    },
  })

  // Undo and redo change the paragraphs from outside. The editor's own changes come back too, a render (a passive
  // effect) later: by then the next keystrokes may be in, so an echo is never written back over them.
  useEffect(() => {
    if (!editor) return
    const echo = echoes.current.findIndex((sent) => sent === paragraphs || sameParagraphs(sent, paragraphs))
    if (echo >= 0) {
      echoes.current = echoes.current.slice(echo + 1)
      return
    }
    echoes.current = []
    const shown = tiptapToParagraphs(editor.getJSON() as TiptapNode)
    if (!sameParagraphs(shown, paragraphs)) {
      editor.commands.setContent(paragraphsToTiptap(paragraphs), { emitUpdate: false })
    }
  }, [editor, paragraphs])

  const marks = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      link: current?.isActive('link') ?? false,
      href: (current?.getAttributes('link').href as string | undefined) ?? '',
    }),
  })
  const [linking, setLinking] = useState(false)

  return (
    <div className={styles.richTextField}>
      <span className={styles.groupLabel}>{label}</span>
      <div className={styles.richTextTools} role="toolbar" aria-label="Text formatting">
        <button
          type="button"
          className={styles.toolButton}
          aria-label="Bold"
          title="Bold (Ctrl+B)"
          aria-pressed={marks?.bold ?? false}
          onClick={() => editor && focusedChain(editor).toggleBold().run()}
        >
          <strong aria-hidden="true">B</strong>
        </button>
        <button
          type="button"
          className={styles.toolButton}
          aria-label="Italic"
          title="Italic (Ctrl+I)"
          aria-pressed={marks?.italic ?? false}
          onClick={() => editor && focusedChain(editor).toggleItalic().run()}
        >
          <em aria-hidden="true">I</em>
        </button>
        <button
          type="button"
          className={styles.toolButton}
          aria-pressed={marks?.link ?? false}
          aria-expanded={linking}
          onClick={() => setLinking((open) => !open)}
        >
          Link
        </button>
      </div>
      {linking && editor && (
        <LinkForm
          initial={marks?.href ?? ''}
          isLink={marks?.link ?? false}
          onApply={(href) => {
            const chain = focusedChain(editor).extendMarkRange('link')
            if (editor.state.selection.empty && !editor.isActive('link')) {
              chain
                .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
                .run()
            } else {
              chain.setMark('link', { href }).run()
            }
            setLinking(false)
          }}
          onRemove={() => {
            focusedChain(editor).extendMarkRange('link').unsetMark('link').run()
            setLinking(false)
          }}
          onCancel={() => setLinking(false)}
        />
      )}
      <EditorContent editor={editor} className={styles.richTextBox} />
      <span className={styles.hint}>Shift+Enter for a line break.</span>
    </div>
  )
}

function LinkForm({
  initial,
  isLink,
  onApply,
  onRemove,
  onCancel,
}: {
  initial: string
  isLink: boolean
  onApply: (href: string) => void
  onRemove: () => void
  onCancel: () => void
}) {
  const [href, setHref] = useState(initial || 'https://')
  const [problem, setProblem] = useState<string>()
  const id = useId()
  return (
    <div className={styles.linkForm}>
      <label htmlFor={id} className={styles.groupLabel}>
        Link address
      </label>
      <input
        id={id}
        className={styles.linkInput}
        value={href}
        // biome-ignore lint/a11y/noAutofocus: the form opens on the author's request to type an address
        autoFocus
        onChange={(event) => setHref(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel()
          if (event.key === 'Enter') {
            event.preventDefault()
            const why = href.trim() ? urlProblem(href) : 'Enter an address.'
            setProblem(why)
            if (!why) onApply(href.trim())
          }
        }}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        autoComplete="off"
        spellCheck={false}
      />
      {problem && (
        <span id={`${id}-problem`} className={styles.fieldError}>
          {problem}
        </span>
      )}
      <div className={styles.linkActions}>
        <Button
          size="small"
          onClick={() => {
            const why = href.trim() ? urlProblem(href) : 'Enter an address.'
            setProblem(why)
            if (!why) onApply(href.trim())
          }}
        >
          Apply link
        </Button>
        {isLink && (
          <Button size="small" variant="secondary" onClick={onRemove}>
            Remove link
          </Button>
        )}
        <Button size="small" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  )
}
