/**
 * What other domains (accounts, organizations) and the functions use of auth: the identity provider's users
 * (Cognito), one-time email tokens, and the operators (admins) check. Its repository stays private to this folder.
 */
/** One-time tokens mailed to an address (email verification, password reset): issued, then redeemed once. */
export { issueEmailToken, redeemEmailToken } from './email-tokens'
/** The identity provider's users: found, verified, given a password, deleted. */
export {
  deleteIdentityUser,
  findIdentityUser,
  markIdentityEmailVerified,
  setIdentityPassword,
} from './identity'
/** Operators (the Admin Panel): `Operators.isOperator(…)` in the functions, `requireOperator` in core. */
export * as Operators from './operators'
export { requireOperator } from './operators'
