import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { ROUTE_LIST } from '../routes'
import { typescriptSample } from './code-samples'
import { PUBLIC_API_EXAMPLES } from './examples'
import { isPublicApiRoute } from './openapi-public'

const REPO = fileURLToPath(new URL('../../../../', import.meta.url))

/**
 * The reference's TypeScript examples are code a reader pastes: each one, as the document shows it, type-checks
 * against the typed client (`packages/client`, `@ses-studio/client`) under the repository's strict settings — the
 * route id is a method of the client, and `params`, `query`, `body` and `idempotencyKey` are its input.
 */
describe('the TypeScript examples', () => {
  it('type-check against @ses-studio/client', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ts-samples-'))
    try {
      const files = ROUTE_LIST.filter(isPublicApiRoute).map((route) => {
        const example = PUBLIC_API_EXAMPLES[route.id]
        if (!example) throw new Error(`${route.id} has no documented example`)
        const file = join(dir, `${route.id}.ts`)
        writeFileSync(file, typescriptSample(route, example))
        return file
      })
      const program = ts.createProgram(files, {
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        moduleDetection: ts.ModuleDetectionKind.Force,
        resolveJsonModule: true,
        strict: true,
        noUncheckedIndexedAccess: true,
        skipLibCheck: true,
        noEmit: true,
        baseUrl: REPO,
        paths: {
          '@ses-studio/client': ['packages/client/src/index.ts'],
          '@app/contracts': ['packages/contracts/src/index.ts'],
          '@app/contracts/*': ['packages/contracts/src/*'],
        },
        typeRoots: [join(REPO, 'node_modules/@types')],
        types: ['node'],
      })
      const ours = new Set(files)
      const problems = ts
        .getPreEmitDiagnostics(program)
        .filter((diagnostic) => diagnostic.file && ours.has(diagnostic.file.fileName))
        .map(
          (diagnostic) =>
            `${diagnostic.file?.fileName.replace(dir, '')}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`,
        )
      expect(problems).toEqual([])
      expect(files.length).toBeGreaterThan(5)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)
})
