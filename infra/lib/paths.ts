import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))
/** The `functions` workspace: `src/http/<group>.ts`, `src/workers/<worker>.ts`, `src/triggers/<trigger>.ts`. */
export const FUNCTIONS_ROOT = path.join(REPO_ROOT, 'functions')
export const FRONTEND_DIST = path.join(REPO_ROOT, 'frontend', 'dist')
export const LOCKFILE = path.join(REPO_ROOT, 'package-lock.json')

export const functionEntries = (functionsRoot: string) => ({
  http: (group: string) => path.join(functionsRoot, 'src', 'http', `${group}.ts`),
  worker: (worker: string) => path.join(functionsRoot, 'src', 'workers', `${worker}.ts`),
  trigger: (trigger: string) => path.join(functionsRoot, 'src', 'triggers', `${trigger}.ts`),
})
