import { marked, type Token, type Tokens } from 'marked'
import { type ReactNode, useMemo } from 'react'
import styles from './api-docs.module.css'
import { CodeBlock } from './code-block'

/**
 * The API document's Markdown (its guide, in `info.description`) as React elements: read by marked's lexer and
 * rendered token by token, so no HTML from the API reaches the page as markup (an `html` token shows as text).
 */
function inline(tokens: Token[] | undefined): ReactNode {
  return (tokens ?? []).map((token, index) => {
    const key = `${index}-${token.type}`
    switch (token.type) {
      case 'codespan':
        return <code key={key}>{(token as Tokens.Codespan).text}</code>
      case 'strong':
        return <strong key={key}>{inline((token as Tokens.Strong).tokens)}</strong>
      case 'em':
        return <em key={key}>{inline((token as Tokens.Em).tokens)}</em>
      case 'link': {
        const link = token as Tokens.Link
        const safe = /^(https:|\/|#)/.test(link.href)
        return safe ? (
          <a key={key} href={link.href}>
            {inline(link.tokens)}
          </a>
        ) : (
          <span key={key}>{inline(link.tokens)}</span>
        )
      }
      case 'br':
        return <br key={key} />
      case 'text':
        return 'tokens' in token && token.tokens ? (
          <span key={key}>{inline(token.tokens)}</span>
        ) : (
          <span key={key}>{(token as Tokens.Text).text}</span>
        )
      default:
        return <span key={key}>{'text' in token ? String(token.text) : token.raw}</span>
    }
  })
}

function block(token: Token, index: number, title: string): ReactNode {
  const key = `${index}-${token.type}`
  switch (token.type) {
    case 'space':
      return null
    case 'heading': {
      const heading = token as Tokens.Heading
      return heading.depth <= 3 ? (
        <h3 key={key}>{inline(heading.tokens)}</h3>
      ) : (
        <h4 key={key}>{inline(heading.tokens)}</h4>
      )
    }
    case 'paragraph':
      return <p key={key}>{inline((token as Tokens.Paragraph).tokens)}</p>
    case 'list': {
      const list = token as Tokens.List
      const items = list.items.map((item, itemIndex) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the items of one fixed list, never reordered
        <li key={itemIndex}>
          {inline(
            item.tokens.flatMap((child) => ('tokens' in child && child.tokens ? child.tokens : [child])),
          )}
        </li>
      ))
      return list.ordered ? <ol key={key}>{items}</ol> : <ul key={key}>{items}</ul>
    }
    case 'code': {
      const code = token as Tokens.Code
      return (
        <CodeBlock
          key={key}
          label={code.lang === 'js' ? 'JavaScript' : code.lang || 'Code'}
          what={title}
          source={code.text}
        />
      )
    }
    case 'table': {
      const table = token as Tokens.Table
      return (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        <div key={key} className={styles.tableScroll} tabIndex={0}>
          <table>
            <thead>
              <tr>
                {table.header.map((cell) => (
                  <th key={cell.text} scope="col">
                    {inline(cell.tokens)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, rowIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the rows of one fixed table, never reordered
                <tr key={rowIndex}>
                  {row.map((cell, cellIndex) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the cells of one fixed row
                    <td key={cellIndex}>{inline(cell.tokens)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )
    }
    default:
      return <p key={key}>{token.raw}</p>
  }
}

/** `title` names the section, for the copy buttons of its code blocks ("Copy the JavaScript of Verifying signatures"). */
export function DocMarkdown({ source, title }: { source: string; title: string }) {
  const tokens = useMemo(() => marked.lexer(source, { gfm: true }), [source])
  return <>{tokens.map((token, index) => block(token, index, title))}</>
}
