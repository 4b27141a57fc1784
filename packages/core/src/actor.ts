/** Who is calling: built from the verified Cognito ID token claims. */
export interface Actor {
  accountId: string
  /** Cognito username (for admin calls). */
  username: string
  email: string
  emailVerified: boolean
  /** Cognito groups of the user (`cognito:groups`); `admins` makes an operator. */
  groups: readonly string[]
}
