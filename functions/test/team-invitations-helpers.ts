/** Test glue for the team invitation tests: calls, the mailed link, verified invitees, what the team page says. */
import { randomBytes } from 'node:crypto'
import { updateAccountProfile } from '@app/core/accounts/accounts.repo'
import { expect } from 'vitest'
import { setSubscription } from './seed'
import { newUser, stack, waitForMail } from './stack'

export type User = Awaited<ReturnType<typeof newUser>>

export const orgOf = async (user: User): Promise<string> =>
  (await user.api.get('/api/account')).body.organizations[0].id
export const teamPath = (orgId: string) => `/api/organizations/${orgId}/team`
export const invite = (user: User, orgId: string, emails: string[], role = 'MEMBER') =>
  user.api.post(teamPath(orgId), { emails, role })
export const viewPath = (id: string, token?: string) =>
  `/api/invitations/${id}${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`
export const accept = (user: User, id: string, token: string) =>
  user.api.post(`/api/invitations/${id}`, { token })
export const otherToken = () => randomBytes(32).toString('base64url')

/** The link of the newest invitation mail to `to` (its id and token), read from the local mailbox. */
export async function linkFor(to: string, since?: number): Promise<{ id: string; token: string }> {
  const mail = await waitForMail(stack, { to, subjectIncludes: 'invited you', since })
  const match = mail.text?.match(/\/join\/([0-9A-Z]{26})\?token=([A-Za-z0-9_-]{43})/)
  if (!match?.[1] || !match[2]) throw new Error(`no join link in ${mail.text}`)
  return { id: match[1], token: match[2] }
}

/** Marks the address verified (as confirming the verification mail does), for tests not about verification. */
export const verify = (user: User) =>
  updateAccountProfile(user.sub, { emailVerifiedAt: new Date().toISOString() })

export async function invitee(): Promise<User> {
  const user = await newUser()
  await verify(user)
  return user
}

/** Invites `user` to the organization through the API and reads its link from the mailbox. */
export async function invited(owner: User, orgId: string, user: User, role = 'MEMBER') {
  const answer = await invite(owner, orgId, [user.email], role)
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return linkFor(user.email)
}

export const stateOf = async (owner: User, orgId: string, id: string) =>
  (await owner.api.get(teamPath(orgId))).body.invitations.find((each: { id: string }) => each.id === id)
    ?.state
export const memberIds = async (owner: User, orgId: string) =>
  (await owner.api.get(teamPath(orgId))).body.accounts.map(
    (member: { accountId: string }) => member.accountId,
  )

/** A new owner and their organization on a plan (TEAM_PLUS: 25 seats unless said). */
export async function ownerWithPlan(plan: 'TEAM_MONTHLY' | 'TEAM_PLUS_MONTHLY' = 'TEAM_PLUS_MONTHLY') {
  const owner = await newUser()
  const orgId = await orgOf(owner)
  await setSubscription(orgId, plan, 'active')
  return { owner, orgId }
}
