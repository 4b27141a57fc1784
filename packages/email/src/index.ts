// The server entry (API, workers, GitHub sync, tests): MJML through `mjml`, loaded on the first MJML compile.
import { createCompiler, type MjmlRenderer } from './compile/compile'
import { createLinter } from './lint/lint'

export { renderTemplate } from './handlebars/render'
export * from './shared'

export const compileTemplate = createCompiler(async () => (await import('mjml')).default as MjmlRenderer)
export const lintTemplate = createLinter(compileTemplate)
export { compileLargeTemplate, largeMjmlSource } from './bench'
