import { JOB_PREFIX } from '../db/keys'
import type { PurgeDeclaration } from '../purge/registry'

export const jobsPurge: PurgeDeclaration = { domain: 'jobs', prefixes: [JOB_PREFIX, 'JOB_ITEM#'] }
