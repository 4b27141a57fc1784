import type { LocalAwsKeys } from '@app/local-stack/testing/local-aws'
import type { Page } from 'playwright-core'
import { uniqueEmail } from './mailbox'
import { at, stack, submitSignUp } from './session'

/** Signs up a new user (`prefix` in the address) and pays for Team on the Stripe stand-in's checkout. */
export async function signUpOnTeam(page: Page, prefix: string) {
  await page.goto(at('/auth/sign-up'))
  await submitSignUp(page, uniqueEmail(prefix))
  await page.waitForURL(at('/app/onboarding/plan'))
  await page
    .getByRole('region', { name: 'Team', exact: true })
    .getByRole('button', { name: 'Choose Team' })
    .click()
  await page.waitForURL((url) => url.href.startsWith(`${stack.stripe.publicUrl}/checkout/`))
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByLabel('Cardholder name').fill('Ada Lovelace')
  await page.getByRole('button', { name: 'Subscribe' }).click()
  await page.waitForURL((url) => url.pathname === '/app', { timeout: 30_000 })
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
}

/** Connects an AWS account with access keys from `/app/aws-accounts/new` and waits for its status page. */
export async function connectWithKeys(page: Page, keys: LocalAwsKeys, name?: string) {
  await page.goto(at('/app/aws-accounts/new'))
  await page.getByRole('radio', { name: /Access keys/ }).check()
  if (name) await page.getByLabel('Name (optional)').fill(name)
  await page.getByLabel('Access key id').fill(keys.accessKeyId)
  await page.getByLabel('Secret access key').fill(keys.secretAccessKey)
  await page.getByRole('button', { name: 'Connect and check' }).click()
  await page.waitForURL(at('/app/aws-account'))
}

/** From the billing page's plan chooser, pays for `tier` on the Stripe stand-in's checkout and comes back. */
export async function upgradeFromBilling(page: Page, tier: 'Solo' | 'Team' | 'Team Plus') {
  await page.goto(at('/app/organization/billing?choose=plan'))
  await page
    .getByRole('region', { name: 'Choose a paid plan' })
    .getByRole('button', { name: `Choose ${tier}`, exact: true })
    .click()
  await page.waitForURL((url) => url.href.startsWith(`${stack.stripe.publicUrl}/checkout/`))
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByLabel('Cardholder name').fill('Ada Lovelace')
  await page.getByRole('button', { name: 'Subscribe' }).click()
  await page.waitForURL((url) => url.origin === new URL(at('/')).origin, { timeout: 30_000 })
}
