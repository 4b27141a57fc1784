/**
 * What other domains and the functions use of the data migrations: each runs lazily, for one organization, before
 * the domain whose data it moves reads it (`ensureOrganizationMigrated`).
 */
/** The lazy data migrations (`Migrations.…` in the functions), run before a domain reads moved data. */
export * as Migrations from './migrations'
export { ensureOrganizationMigrated } from './migrations'
/** The move of template publications onto AWS accounts (the migration's own step). */
export { movePublicationsToAccounts } from './publications-migration'
