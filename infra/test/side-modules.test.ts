import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { REPO_ROOT } from '../lib/paths'
import { EMAIL_MODULE, sideModuleCommands } from '../lib/side-modules'

// A stand-in Lambda asset outside the repo, so nothing resolves from the workspace's node_modules.
let assetDir: string
beforeAll(() => {
  assetDir = mkdtempSync(path.join(tmpdir(), 'side-module-asset-'))
  for (const command of sideModuleCommands(assetDir, EMAIL_MODULE)) {
    execFileSync('bash', ['-c', command], { cwd: REPO_ROOT, stdio: 'pipe' })
  }
})
afterAll(() => rmSync(assetDir, { recursive: true, force: true }))

test("the templates handler's import('@app/email') finds the pipeline beside index.mjs and compiles MJML", () => {
  const size = statSync(path.join(assetDir, 'node_modules/@app/email/index.mjs')).size
  console.info(`@app/email beside the templates bundle: ${(size / 1024).toFixed(1)} KB`)
  writeFileSync(
    path.join(assetDir, 'index.mjs'),
    "const email = await import('@app/email')\n" +
      "const starter = email.STARTERS.find((s) => s.id === 'welcome')\n" +
      "const compiled = await email.compileTemplate({ editorType: 'MJML', source: starter.mjml })\n" +
      'const lint = email.lintCompiled({ editorType: "MJML", source: starter.mjml, subject: starter.subject, text: email.htmlToText(compiled.html), sampleData: starter.sampleData }, compiled)\n' +
      // The starters' sample links point at `.example` pages on purpose: the Checks name them as placeholders.
      'const findings = lint.filter((finding) => finding.rule !== "link.placeholder")\n' +
      'console.log(JSON.stringify({ errors: compiled.errors.length, doctype: compiled.html.startsWith("<!doctype html>"), lint: findings.length }))\n',
  )
  const output = execFileSync(process.execPath, [path.join(assetDir, 'index.mjs')], {
    cwd: assetDir,
    encoding: 'utf8',
  })
  expect(JSON.parse(output.trim())).toEqual({ errors: 0, doctype: true, lint: 0 })
})
