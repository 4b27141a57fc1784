import { fileURLToPath } from 'node:url'

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url))
/** `functions/src`: `http/<group>.ts`, `workers/<worker>.ts`, `triggers/<trigger>.ts`. */
export const FUNCTIONS_SRC = fileURLToPath(new URL('../../../functions/src/', import.meta.url))
export const FRONTEND_DIR = fileURLToPath(new URL('../../../frontend/', import.meta.url))
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../.data/', import.meta.url))
