import type { PurgeDeclaration } from '../purge/registry'

export const migrationsPurge: PurgeDeclaration = { domain: 'migrations', prefixes: ['MIGRATION#'] }
