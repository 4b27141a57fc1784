import { type CompileResult, createCompiler, type MjmlRenderer } from './compile/compile'
import { STARTERS } from './starters/starters'

const compile = createCompiler(async () => (await import('mjml')).default as MjmlRenderer)

/** An MJML document of `sections` sections (each a starter's body sections in turn), for the benchmark. */
export function largeMjmlSource(sections = 200): string {
  const bodies = STARTERS.map((starter) => /<mj-body[^>]*>([\s\S]*)<\/mj-body>/.exec(starter.mjml)?.[1] ?? '')
  const head = /<mj-head>[\s\S]*<\/mj-head>/.exec(STARTERS[0]?.mjml ?? '')?.[0] ?? ''
  const body: string[] = []
  for (let index = 0; body.length < sections; index++) {
    const sectionsOf = bodies[index % bodies.length]?.match(/<mj-section[\s\S]*?<\/mj-section>/g) ?? []
    body.push(...sectionsOf.slice(0, sections - body.length))
  }
  return `<mjml>${head}<mj-body>${body.join('\n')}</mj-body></mjml>`
}

/** Compiles a large MJML template with the server compiler (the benchmark's unit of work). */
export function compileLargeTemplate(sections = 200): Promise<CompileResult> {
  return compile({ editorType: 'MJML', source: largeMjmlSource(sections) })
}
