/**
 * What other domains (and the local stack's tools) may use of the accounts domain's storage (its repository
 * stays private to this folder; the boundaries lint rule enforces it), and its services.
 */
/** The accounts' services (`Accounts.getAccount(…)` in the functions), and who may act: an account not suspended. */
export * as Accounts from './accounts'
export { defaultOrganizationOf, requireActiveAccount, requireActiveAccountIn } from './accounts'
export {
  type AccountMembership,
  type AccountRecord,
  findAccountByEmail,
  getAccountProfiles,
  getAccountWithMemberships,
  selectOrganizationWrite,
} from './accounts.repo'
/** Email verification and password reset, as core's `index.ts` hands them to the functions. */
export * as EmailVerification from './email-verification'
export * as PasswordReset from './password-reset'
