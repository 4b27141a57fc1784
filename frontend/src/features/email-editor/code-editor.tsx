import {
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
} from '@codemirror/autocomplete'
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands'
import { cssLanguage } from '@codemirror/lang-css'
import { html, type TagSpec } from '@codemirror/lang-html'
import { json } from '@codemirror/lang-json'
import {
  bracketMatching,
  foldGutter,
  foldKeymap,
  HighlightStyle,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language'
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint'
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search'
import { Compartment, EditorState, type Extension } from '@codemirror/state'
import {
  Decoration,
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
  MatchDecorator,
  ViewPlugin,
  type ViewUpdate,
} from '@codemirror/view'
import { tags } from '@lezer/highlight'
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react'
import styles from './code-editor.module.css'
import { issueRange } from './diagnostics'

export type CodeLanguage = 'html' | 'mjml' | 'json' | 'text'

export interface CodeIssue {
  severity: 'error' | 'warning'
  message: string
  line: number
  column?: number | undefined
}

export interface CodeEditorHandle {
  /** Replaces the selection (or inserts at the cursor) and keeps the focus in the editor. */
  insert(text: string): void
  goTo(line: number, column?: number): void
  focus(): void
}

const MJML_ATTRS = {
  'css-class': null,
  'mj-class': null,
  padding: null,
  'background-color': null,
  color: null,
  align: ['left', 'center', 'right'],
}
const MJML_TAGS: Record<string, TagSpec> = Object.fromEntries(
  [
    'mjml',
    'mj-head',
    'mj-body',
    'mj-attributes',
    'mj-all',
    'mj-class',
    'mj-breakpoint',
    'mj-font',
    'mj-preview',
    'mj-style',
    'mj-title',
    'mj-raw',
    'mj-wrapper',
    'mj-section',
    'mj-group',
    'mj-column',
    'mj-text',
    'mj-button',
    'mj-image',
    'mj-divider',
    'mj-spacer',
    'mj-table',
    'mj-hero',
    'mj-social',
    'mj-social-element',
    'mj-accordion',
    'mj-accordion-element',
    'mj-accordion-title',
    'mj-accordion-text',
  ].map((name) => [
    name,
    {
      attrs:
        name === 'mj-button' || name === 'mj-image'
          ? { ...MJML_ATTRS, href: null, src: null, alt: null, width: null, 'font-size': null }
          : MJML_ATTRS,
    },
  ]),
)

/** Colours with AA contrast on white, the app's palette. */
const highlightStyle = HighlightStyle.define([
  { tag: [tags.tagName, tags.angleBracket], color: '#1d4ed8' },
  { tag: tags.attributeName, color: '#7c3aed' },
  { tag: [tags.attributeValue, tags.string], color: '#047857' },
  { tag: tags.comment, color: '#64748b', fontStyle: 'italic' },
  { tag: [tags.propertyName, tags.keyword], color: '#9f1239' },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: '#b45309' },
  { tag: tags.invalid, color: '#b91c1c' },
])

const handlebarsTags = ViewPlugin.fromClass(
  class {
    decorations
    decorator = new MatchDecorator({
      regexp: /\{\{\{?[^{}]*\}?\}\}/g,
      decoration: Decoration.mark({ class: 'cm-handlebars' }),
    })
    constructor(view: EditorView) {
      this.decorations = this.decorator.createDeco(view)
    }
    update(update: ViewUpdate) {
      this.decorations = this.decorator.updateDeco(update, this.decorations)
    }
  },
  { decorations: (plugin) => plugin.decorations },
)

const theme = EditorView.theme({
  '&': { fontSize: '13px', backgroundColor: 'var(--color-surface)' },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.55' },
  '.cm-content': { padding: '8px 0' },
  '.cm-gutters': {
    backgroundColor: 'var(--color-surface-muted)',
    color: '#5b6178',
    borderRight: '1px solid var(--color-border)',
  },
  '.cm-activeLine': { backgroundColor: 'rgb(79 70 229 / 5%)' },
  '.cm-activeLineGutter': { backgroundColor: 'rgb(79 70 229 / 10%)', color: 'var(--color-text)' },
  '.cm-handlebars': {
    color: '#9a3412',
    backgroundColor: 'rgb(251 146 60 / 14%)',
    borderRadius: '3px',
  },
  '&.cm-focused': { outline: 'none' },
  '.cm-tooltip': { fontFamily: 'var(--font-sans)' },
})

function languageExtension(language: CodeLanguage): Extension {
  if (language === 'json') return json()
  if (language === 'text') return EditorView.lineWrapping
  if (language === 'mjml') {
    return html({
      extraTags: MJML_TAGS,
      nestedLanguages: [{ tag: 'mj-style', parser: cssLanguage.parser }],
    })
  }
  return html()
}

interface CodeEditorProps {
  value: string
  onChange?: (value: string) => void
  language: CodeLanguage
  /** The accessible name of the editing area. */
  label: string
  issues?: readonly CodeIssue[]
  readOnly?: boolean
  onFocus?: () => void
  ref?: Ref<CodeEditorHandle>
  /** 'fill' grows with its container; 'compact' suits short documents (sample JSON, text). */
  size?: 'fill' | 'compact'
}

/**
 * CodeMirror 6 for HTML, MJML (with MJML tag completion and CSS inside `mj-style`), JSON and plain text:
 * highlighting, Handlebars tags marked, issues inline by line. Tab indents; Escape then Tab leaves the editor.
 */
export function CodeEditor({
  value,
  onChange,
  language,
  label,
  issues = [],
  readOnly = false,
  onFocus,
  ref,
  size = 'fill',
}: CodeEditorProps) {
  const parent = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  const listeners = useRef({ onChange, onFocus })
  listeners.current = { onChange, onFocus }
  const compartments = useRef({ language: new Compartment(), readOnly: new Compartment() })

  useImperativeHandle(ref, () => ({
    insert(text: string) {
      const editor = view.current
      if (!editor) return
      editor.dispatch(editor.state.replaceSelection(text), { scrollIntoView: true })
      editor.focus()
    },
    goTo(line: number, column?: number) {
      const editor = view.current
      if (!editor) return
      const { from } = issueRange(editor.state.doc.toString(), line, column)
      editor.dispatch({
        selection: { anchor: from },
        effects: EditorView.scrollIntoView(from, { y: 'center' }),
      })
      editor.focus()
    },
    focus() {
      view.current?.focus()
    },
  }))

  // biome-ignore lint/correctness/useExhaustiveDependencies: the view is created once; props reach it below
  useEffect(() => {
    if (!parent.current) return
    const { language: languageSlot, readOnly: readOnlySlot } = compartments.current
    const editor = new EditorView({
      parent: parent.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          foldGutter(),
          lintGutter(),
          highlightActiveLineGutter(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          autocompletion(),
          highlightActiveLine(),
          highlightSelectionMatches(),
          syntaxHighlighting(highlightStyle),
          handlebarsTags,
          keymap.of([
            ...closeBracketsKeymap,
            ...defaultKeymap,
            ...searchKeymap,
            ...historyKeymap,
            ...foldKeymap,
            ...completionKeymap,
            indentWithTab,
          ]),
          theme,
          languageSlot.of(languageExtension(language)),
          readOnlySlot.of([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]),
          // tabindex: contenteditable is focusable anyway; axe only counts it as the scroller's focusable content with it.
          EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged && !update.transactions.some((tr) => tr.isUserEvent('external'))) {
              listeners.current.onChange?.(update.state.doc.toString())
            }
            if (update.focusChanged && update.view.hasFocus) listeners.current.onFocus?.()
          }),
        ],
      }),
    })
    view.current = editor
    return () => {
      editor.destroy()
      view.current = null
    }
  }, [])

  useEffect(() => {
    const editor = view.current
    if (!editor) return
    const doc = editor.state.doc
    if (doc.length === value.length && doc.toString() === value) return
    editor.dispatch({ changes: { from: 0, to: doc.length, insert: value }, userEvent: 'external' })
  }, [value])

  useEffect(() => {
    view.current?.dispatch({
      effects: [
        compartments.current.language.reconfigure(languageExtension(language)),
        compartments.current.readOnly.reconfigure([
          EditorState.readOnly.of(readOnly),
          EditorView.editable.of(!readOnly),
        ]),
      ],
    })
  }, [language, readOnly])

  useEffect(() => {
    const editor = view.current
    if (!editor) return
    const doc = editor.state.doc.toString()
    const diagnostics: Diagnostic[] = issues.map((issue) => ({
      ...issueRange(doc, issue.line, issue.column),
      severity: issue.severity,
      message: issue.message,
    }))
    editor.dispatch(setDiagnostics(editor.state, diagnostics))
  }, [issues])

  return <div ref={parent} className={size === 'fill' ? styles.codeFill : styles.codeCompact} />
}
