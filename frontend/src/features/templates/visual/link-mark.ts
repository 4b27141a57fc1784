import { Mark } from '@tiptap/core'
import { urlProblem } from './fields'

/**
 * The text block's link: an `href` and nothing else. Tiptap's Link extension would bring URL detection
 * (linkifyjs) the editor does not use, about a tenth of the text editor's weight; a pasted link is kept only
 * when its address is one the document allows.
 */
export const LinkMark = Mark.create({
  name: 'link',
  inclusive: false,
  addAttributes() {
    return { href: { default: null } }
  },
  parseHTML() {
    return [
      {
        tag: 'a[href]',
        getAttrs: (element) => {
          const href = element.getAttribute('href') ?? ''
          return href && !urlProblem(href) ? { href } : false
        },
      },
    ]
  },
  renderHTML({ HTMLAttributes }) {
    return ['a', HTMLAttributes, 0]
  },
})
