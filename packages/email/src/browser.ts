// The browser entry (editor preview): MJML through `mjml-browser`, fetched as its own chunk on the first MJML
// compile, and Handlebars rendered without eval (the production CSP has no 'unsafe-eval'). The web app imports
// this entry only; the server entry would pull `mjml` and Handlebars' compiler into the bundle.
import { createCompiler, type MjmlRenderer } from './compile/compile'
import { createLinter } from './lint/lint'

export { renderTemplate } from './handlebars/render-without-eval'
export * from './shared'

export const compileTemplate = createCompiler(
  async () => (await import('mjml-browser')).default as MjmlRenderer,
)
export const lintTemplate = createLinter(compileTemplate)
