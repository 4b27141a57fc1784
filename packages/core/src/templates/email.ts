/**
 * The template pipeline (`@app/email`: MJML, Handlebars checks, lint, text), loaded on the first compile. Most
 * template calls (lists, reads, versions, diffs) never compile, and the pipeline with MJML is several MB; in
 * Lambda it ships pre-bundled beside the handler (infra `side-modules.ts`) and only writes load it.
 */
let loading: Promise<typeof import('@app/email')> | undefined

export function loadEmail(): Promise<typeof import('@app/email')> {
  loading ??= import('@app/email')
  return loading
}
