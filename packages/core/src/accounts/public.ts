/**
 * What other domains (and the local stack's tools) may use of the accounts domain's storage (its repository
 * stays private to this folder; the boundaries lint rule enforces it).
 */
export {
  type AccountMembership,
  type AccountRecord,
  findAccountByEmail,
  getAccountWithMemberships,
} from './accounts.repo'
