/**
 * Teams (issue 31) in Chromium with two browser contexts: an owner on Team invites a teammate from the team page;
 * the teammate opens the mailed link signed out, signs up, verifies the address and joins with the invited role,
 * sees what it allows (the role table, no invite or remove controls); the owner removes them and the teammate's
 * open page falls back to their own organization. Then /join's other pages: another account's, an invalid link
 * and a revoked invitation. Screenshots at 1280 and 390 px; axe on each page.
 */
import { apiClient } from '@app/local-stack/testing/api-client'
import { signUp } from '@app/local-stack/testing/cognito-users'
import { listMail } from '@app/local-stack/testing/mailbox'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './support/axe'
import { hasHorizontalOverflow, openTab, screenshot } from './support/browser'
import { teamOrg } from './support/campaign-seed'
import { nowSeconds, uniqueEmail } from './support/mailbox'
import { at, browserForFile, PASSWORD, stack, submitSignIn, submitSignUp } from './support/session'

const browser = browserForFile()
const ORGANIZATION = 'Acme Team'

/** The newest link matching `pattern` mailed to `to` since `since` (the mailbox, polled every 200 ms). */
async function mailedTo(to: string, pattern: RegExp, since: number): Promise<string> {
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    const mails = (await listMail(stack, since)).reverse()
    for (const mail of mails) {
      if (!mail.to.some((address) => address.toLowerCase() === to.toLowerCase())) continue
      const found = `${mail.html ?? ''}\n${mail.text ?? ''}`.match(pattern)
      if (found) return found[0].replaceAll('&amp;', '&')
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`No mail to ${to} with ${pattern}`)
}

const JOIN_LINK = /https?:\/\/[^\s"'<>]+\/join\/[0-9A-Z]{26}\?token=[A-Za-z0-9_-]{43}/
const VERIFY_LINK = /https?:\/\/[^\s"'<>]+\/auth\/verify-email#token=[A-Za-z0-9_-]{43}/

async function axeClean(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([])
}

async function atPhoneWidth(page: Page, name: string) {
  const viewport = page.viewportSize()
  await page.setViewportSize({ width: 390, height: 844 })
  // The dashboard's sidebar becomes a closed drawer below 900 px: wait until it has slid away.
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' })
  if ((await sidebar.count()) > 0) await sidebar.waitFor({ state: 'hidden' })
  expect(await hasHorizontalOverflow(page)).toBe(false)
  await screenshot(page, `${name}-390`)
  if (viewport) await page.setViewportSize(viewport)
}

describe('Team', () => {
  it('an owner invites a teammate, who signs up from the link, joins as a member, and loses access once removed', {
    timeout: 300_000,
  }, async () => {
    const { owner } = await teamOrg('team-owner', { name: ORGANIZATION })
    const teammate = uniqueEmail('teammate')
    const ownerTab = await openTab(browser(), { width: 1280, height: 900 })
    const { page } = ownerTab
    await page.goto(at('/auth/sign-in'))
    await submitSignIn(page, owner.email)
    await page.waitForURL((url) => url.pathname.startsWith('/app'))
    await page.goto(at('/app/organization/team'))
    await page.getByRole('heading', { level: 1, name: 'Team' }).waitFor()
    await page.getByText('1 of 5 members').waitFor()
    await page.getByText('0 of 3 AWS accounts').waitFor()
    const members = page.getByRole('table', { name: /Members of this organization/ })
    await members
      .getByRole('row', { name: new RegExp(owner.email) })
      .getByText('You')
      .waitFor()
    await axeClean(page)

    // The invite dialog: addresses are checked before anything is sent.
    const since = nowSeconds()
    await page.getByRole('button', { name: 'Invite members' }).click()
    const dialog = page.getByRole('dialog', { name: 'Invite members' })
    await dialog.getByLabel('Email addresses').fill(`${teammate}, not-an-address`)
    await dialog.getByRole('button', { name: 'Send invitations' }).click()
    await dialog.getByText('This is not an email address: not-an-address').waitFor()
    await axeClean(page)
    await screenshot(page, 'team-invite-dialog-1280')
    await atPhoneWidth(page, 'team-invite-dialog')
    await dialog.getByLabel('Email addresses').fill(teammate)
    expect(await dialog.getByLabel('Role').inputValue()).toBe('MEMBER')
    await dialog.getByRole('button', { name: 'Send invitations' }).click()
    await page.getByText(`Invitation sent to ${teammate}.`).waitFor()
    const invitations = page.getByRole('table', { name: 'Invitations of the last 30 days' })
    await invitations
      .getByRole('row', { name: new RegExp(teammate) })
      .getByText('Pending')
      .waitFor()
    await page.getByText('2 of 5 members').waitFor()
    await axeClean(page)
    await screenshot(page, 'team-owner-1280')
    await atPhoneWidth(page, 'team-owner')

    // The teammate, signed out in a second context, opens the mailed link: sign-up first, then back to it.
    const link = await mailedTo(teammate, JOIN_LINK, since)
    const mateTab = await openTab(browser(), { width: 1280, height: 900 })
    const mate = mateTab.page
    await mate.goto(link)
    await mate.waitForURL(at('/auth/sign-up'))
    await submitSignUp(mate, teammate)
    await mate.waitForURL((url) => url.href === link)
    await mate.getByRole('heading', { name: `Join ${ORGANIZATION}` }).waitFor()
    await mate.getByText('Verify your email address to join').waitFor()
    expect(await mate.getByRole('button', { name: 'Accept and join' }).count()).toBe(0)
    await screenshot(mate, 'join-unverified-1280')

    // The address is verified in another tab; the invitation's page offers Accept by itself.
    const verify = await mailedTo(teammate, VERIFY_LINK, since)
    const verifyTab = await mateTab.context.newPage()
    await verifyTab.goto(verify)
    await verifyTab.getByText('Your email address is verified').waitFor()
    await verifyTab.close()
    const facts = mate.getByRole('definition')
    await mate.getByRole('button', { name: 'Accept and join' }).waitFor({ timeout: 15_000 })
    expect(await facts.allTextContents()).toEqual([ORGANIZATION, owner.email, 'Member', teammate])
    await axeClean(mate)
    await screenshot(mate, 'join-open-1280')
    await atPhoneWidth(mate, 'join-open')
    await mate.getByRole('button', { name: 'Accept and join' }).click()
    await mate.waitForURL(at('/app'))
    await mate.getByRole('button', { name: new RegExp(`Organization: ${ORGANIZATION}`) }).waitFor()

    // The member sees who is in the organization and what their role allows, and no invite or remove controls.
    await mate.goto(at('/app/organization/team'))
    await mate.getByRole('heading', { level: 1, name: 'Team' }).waitFor()
    await mate.getByText('You are a member of this organization.', { exact: false }).waitFor()
    const roles = mate.getByRole('table', { name: 'What owners, admins and members may do' })
    const sendRow = roles.getByRole('row', { name: /Send campaigns to contacts/ })
    expect(await sendRow.getByRole('cell').allTextContents()).toEqual([
      '✓Allowed',
      '✓Allowed',
      '—Not allowed',
    ])
    const editRow = roles.getByRole('row', { name: /Edit templates and reusable blocks/ })
    expect(await editRow.getByRole('cell').allTextContents()).toEqual(['✓Allowed', '✓Allowed', '✓Allowed'])
    expect(await mate.getByRole('button', { name: 'Invite members' }).count()).toBe(0)
    expect(await mate.getByRole('checkbox').count()).toBe(0)
    expect(await mate.getByRole('button', { name: /^Remove/ }).count()).toBe(0)
    expect(await mate.getByRole('combobox').count()).toBe(0)
    await mate
      .getByRole('row', { name: new RegExp(teammate) })
      .getByText('You')
      .waitFor()
    await axeClean(mate)
    await screenshot(mate, 'team-member-1280')
    await atPhoneWidth(mate, 'team-member')

    // The owner sees them join, makes them an admin and back, then removes them.
    await page.reload()
    const row = members.getByRole('row', { name: new RegExp(teammate) })
    await row.waitFor()
    await invitations
      .getByRole('row', { name: new RegExp(teammate) })
      .getByText('Accepted')
      .waitFor()
    await row.getByRole('combobox', { name: `Role of ${teammate}` }).selectOption('ADMIN')
    await page.getByText(`${teammate} is now admin.`).waitFor()
    await row.getByRole('combobox', { name: `Role of ${teammate}` }).selectOption('MEMBER')
    await page.getByText(`${teammate} is now member.`).waitFor()
    await row.getByRole('button', { name: `Remove ${teammate}` }).click()
    const confirm = page.getByRole('dialog', { name: `Remove ${teammate}?` })
    await axeClean(page)
    await screenshot(page, 'team-remove-confirm-1280')
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click()
    await page.getByText(`${teammate} was removed from the organization.`).waitFor()
    await page.getByText('1 of 5 members').waitFor()
    expect(await members.getByRole('row', { name: new RegExp(teammate) }).count()).toBe(0)

    // The teammate's open page: its next call is refused, the account is read again and the app falls back.
    await mate
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'All templates' })
      .click()
    await mate
      .getByRole('button', { name: new RegExp(`Organization: ${ORGANIZATION}`) })
      .waitFor({ state: 'detached', timeout: 15_000 })
    expect(await mate.getByText(ORGANIZATION).count()).toBe(0)
    await screenshot(mate, 'team-removed-fallback-1280')

    // The used link has its own page.
    await mate.goto(link)
    await mate.getByText('This invitation was already used').waitFor()
    await axeClean(mate)
    await screenshot(mate, 'join-accepted-1280')

    // The owner's audit log shows each step, the teammate named in each (written from the outbox, so it may
    // take the dispatcher a moment: read the page again until the last step is there).
    await page.goto(at('/app/organization/audit-log'))
    const log = page.getByRole('table', { name: 'Audit log entries, newest first' })
    const entry = (action: string) =>
      log.getByRole('row').filter({ has: page.getByText(action, { exact: true }) })
    for (let tries = 0; tries < 20; tries++) {
      const shown = await entry('Member removed')
        .first()
        .waitFor({ timeout: 1_000 })
        .then(() => true)
        .catch(() => false)
      if (shown) break
      await page.reload()
    }
    for (const action of ['Member invited', 'Member joined', 'Member role changed', 'Member removed'])
      expect(await entry(action).filter({ hasText: teammate }).count(), action).toBeGreaterThan(0)
    expect(await entry('Member role changed').count()).toBe(2)
    await screenshot(page, 'team-audit-log-1280')

    expect(ownerTab.pageErrors).toEqual([])
    expect(mateTab.pageErrors).toEqual([])
    await mateTab.close()
    await ownerTab.close()
  })

  it("/join explains another account's invitation, an invalid link and a revoked invitation", {
    timeout: 180_000,
  }, async () => {
    const { api, orgId } = await teamOrg('join-owner', { name: ORGANIZATION })
    const invited = uniqueEmail('invited')
    const since = nowSeconds()
    const sent = await api.post<{ invitations: { id: string }[] }>(`/api/organizations/${orgId}/team`, {
      emails: [invited],
      role: 'ADMIN',
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    const link = await mailedTo(invited, JOIN_LINK, since)

    // Someone else, signed in, opens it: whose it is, and a way to switch account; never a join.
    const other = await signUp(stack, { email: uniqueEmail('other'), password: PASSWORD })
    expect((await apiClient(stack, other.idToken).post('/api/account', { email: other.email })).status).toBe(
      201,
    )
    const tab = await openTab(browser(), { width: 1280, height: 900 })
    const { page } = tab
    await page.goto(at('/auth/sign-in'))
    await submitSignIn(page, other.email)
    await page.waitForURL((url) => url.pathname.startsWith('/app'))
    await page.goto(link)
    await page.getByText('This invitation is for another address').waitFor()
    await page.getByText(invited).waitFor()
    await page.getByText(other.email).waitFor()
    expect(await page.getByRole('button', { name: 'Accept and join' }).count()).toBe(0)
    await axeClean(page)
    await screenshot(page, 'join-wrong-account-1280')
    await atPhoneWidth(page, 'join-wrong-account')

    // Switching account signs out and sends the visitor to sign-up; signing in from there comes back to the link.
    await page.getByRole('button', { name: 'Sign out and switch account' }).click()
    await page.waitForURL(at('/auth/sign-up'))
    await page.getByRole('link', { name: 'Sign in' }).click()
    await submitSignIn(page, other.email)
    await page.waitForURL((url) => url.href === link)
    await page.getByText('This invitation is for another address').waitFor()

    // A link whose token is not the invitation's reveals nothing.
    await page.goto(link.replace(/token=.*/, `token=${'A'.repeat(43)}`))
    await page.getByText('This invitation link is not valid').waitFor()
    await axeClean(page)
    await screenshot(page, 'join-invalid-1280')

    // Revoked by the owner: its own page, whoever opens it.
    const invitationId = sent.body.invitations[0]?.id as string
    expect((await api.delete(`/api/invitations/${invitationId}`)).status).toBe(204)
    await page.goto(link)
    await page.getByText('This invitation was withdrawn').waitFor()
    await axeClean(page)
    await screenshot(page, 'join-revoked-1280')
    await atPhoneWidth(page, 'join-revoked')
    expect(tab.pageErrors).toEqual([])
    await tab.close()
  })
})
