import {
  CreateEmailTemplateCommand,
  GetEmailTemplateCommand,
  ListEmailTemplatesCommand,
  SESv2Client,
} from '@aws-sdk/client-sesv2'
import { describe, expect, it } from 'vitest'
import { injectLocalStack } from '../../testing/inject-local-stack'
import { createLocalCustomerAccount, type LocalAwsKeys, localAwsClientConfig } from '../../testing/local-aws'

const stack = injectLocalStack()
const consoleUrl = stack.aws.consoleUrl

const post = (path: string, fields: Record<string, string>) =>
  fetch(`${consoleUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  })
const page = async (path: string) => (await fetch(`${consoleUrl}${path}`)).text()

/** A fresh customer account (its own throttle bucket) and an SES v2 client signed with its key; retries 429s. */
async function customer(region = stack.region): Promise<{ keys: LocalAwsKeys; ses: SESv2Client }> {
  const keys = await createLocalCustomerAccount(stack)
  return { keys, ses: new SESv2Client(localAwsClientConfig(stack, keys, region)) }
}

const templateNames = async (ses: SESv2Client) =>
  ((await ses.send(new ListEmailTemplatesCommand({}))).TemplatesMetadata ?? []).map(
    (template) => template.TemplateName,
  )

describe('SES templates in the local AWS console', () => {
  it('creates, edits and deletes a template; the SES v2 API of that account sees each change', async () => {
    const { keys, ses } = await customer()
    const base = `/accounts/${keys.accountId}/ses/templates`
    try {
      const account = await page(`/accounts/${keys.accountId}`)
      expect(account).toContain(`href="/console${base}?region=${stack.region}"`)
      expect(await page(`${base}/new?region=${stack.region}`)).toContain('Create template')

      const created = await post(base, {
        region: stack.region,
        name: 'welcome_v1',
        subject: 'Hello {{name}}',
        html: '<p>Hello {{name}}</p>',
        text: 'Hello {{name}}',
      })
      expect(created.status).toBe(303)
      expect(created.headers.get('location')).toContain(`/console${base}?region=${stack.region}&notice=`)
      expect(
        (await ses.send(new GetEmailTemplateCommand({ TemplateName: 'welcome_v1' }))).TemplateContent,
      ).toEqual({
        Subject: 'Hello {{name}}',
        Html: '<p>Hello {{name}}</p>',
        Text: 'Hello {{name}}',
      })
      const listing = await page(`${base}?region=${stack.region}`)
      expect(listing).toContain('welcome_v1')
      expect(listing).toContain('Hello {{name}}')
      expect(listing).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/)
      expect(listing).toContain(`href="/console${base}/welcome_v1/edit?region=${stack.region}"`)

      const edit = await page(`${base}/welcome_v1/edit?region=${stack.region}`)
      expect(edit).toContain('&#60;p&#62;Hello {{name}}&#60;/p&#62;</textarea>')
      const edited = await post(`${base}/welcome_v1/edit`, {
        region: stack.region,
        subject: 'Changed in SES',
        html: '<p>Changed outside SES Studio</p>',
        text: '',
      })
      expect(edited.status).toBe(303)
      expect(
        (await ses.send(new GetEmailTemplateCommand({ TemplateName: 'welcome_v1' }))).TemplateContent,
      ).toEqual({
        Subject: 'Changed in SES',
        Html: '<p>Changed outside SES Studio</p>',
      })

      const confirm = await page(`${base}/welcome_v1/delete?region=${stack.region}`)
      expect(confirm).toContain(
        `method="post" action="/console${base}/welcome_v1/delete?region=${stack.region}"`,
      )
      expect(confirm).toContain('Delete template</button>')
      expect(await templateNames(ses)).toEqual(['welcome_v1'])
      const deleted = await post(`${base}/welcome_v1/delete`, { region: stack.region })
      expect(deleted.status).toBe(303)
      await expect(
        ses.send(new GetEmailTemplateCommand({ TemplateName: 'welcome_v1' })),
      ).rejects.toMatchObject({
        name: 'NotFoundException',
      })
      expect(await page(`${base}?region=${stack.region}`)).toContain('No templates in')
      expect((await fetch(`${consoleUrl}${base}/welcome_v1/edit?region=${stack.region}`)).status).toBe(404)
    } finally {
      ses.destroy()
    }
  })

  it('refuses bad input with an error on the page and changes nothing', async () => {
    const { keys, ses } = await customer()
    const base = `/accounts/${keys.accountId}/ses/templates`
    const fields = { region: stack.region, name: 'kept', subject: 'Kept', html: '<p>Kept</p>', text: '' }
    try {
      expect((await post(base, fields)).status).toBe(303)
      const refusals: [Record<string, string>, string][] = [
        [{ name: '' }, 'TemplateName must be 1-64 letters, digits, underscores or dashes.'],
        [{ name: 'bad name!' }, 'TemplateName must be 1-64 letters, digits, underscores or dashes.'],
        [{ name: 'x'.repeat(65) }, 'TemplateName must be 1-64 letters, digits, underscores or dashes.'],
        [{ name: 'no_body', html: '', text: '' }, 'A template needs an HTML part, a text part or both.'],
        [{ name: 'broken', html: '<p>{{#if name}}</p>' }, 'Handlebars'],
        [{ name: 'kept' }, 'Template kept already exists.'],
      ]
      for (const [change, message] of refusals) {
        const answer = await post(base, { ...fields, ...change })
        expect(answer.status, JSON.stringify(change)).toBe(400)
        const body = await answer.text()
        expect(body).toContain('The template was not created.')
        expect(body).toContain(message)
        expect(body).toContain(`value="${change.name ?? ''}"`)
      }
      const badEdit = await post(`${base}/kept/edit`, { ...fields, html: '{{#each}}', subject: 'Lost' })
      expect(badEdit.status).toBe(400)
      expect(await badEdit.text()).toContain('The template was not updated.')
      const emptyEdit = await post(`${base}/kept/edit`, { ...fields, html: '', subject: 'Lost' })
      expect(await emptyEdit.text()).toContain('A template needs an HTML part, a text part or both.')

      expect(await templateNames(ses)).toEqual(['kept'])
      expect((await ses.send(new GetEmailTemplateCommand({ TemplateName: 'kept' }))).TemplateContent).toEqual(
        {
          Subject: 'Kept',
          Html: '<p>Kept</p>',
        },
      )
      expect((await fetch(`${consoleUrl}${base}?region=mars-1`)).status).toBe(400)
      expect((await post(`${base}/missing/delete`, { region: stack.region })).status).toBe(404)
    } finally {
      ses.destroy()
    }
  })

  it('escapes HTML from template fields on the listing, the edit and the delete pages', async () => {
    const { keys, ses } = await customer()
    const base = `/accounts/${keys.accountId}/ses/templates`
    const subject = '<script>alert("subject")</script>'
    const markup = '</textarea><script>alert(1)</script><img src=x onerror=alert(2)>'
    try {
      expect(
        (await post(base, { region: stack.region, name: 'xss', subject, html: markup, text: '' })).status,
      ).toBe(303)
      expect(
        (await ses.send(new GetEmailTemplateCommand({ TemplateName: 'xss' }))).TemplateContent?.Subject,
      ).toBe(subject)
      for (const path of [
        `${base}?region=${stack.region}`,
        `${base}/xss/edit?region=${stack.region}`,
        `${base}/xss/delete?region=${stack.region}`,
      ]) {
        const body = await page(path)
        expect(body).not.toContain('<script>alert')
        expect(body).not.toContain('<img src=x')
        expect(body).toContain('&#60;script&#62;alert(&#34;subject&#34;)&#60;/script&#62;')
      }
      expect(await page(`${base}/xss/edit?region=${stack.region}`)).toContain(
        '&#60;/textarea&#62;&#60;script&#62;alert(1)',
      )
    } finally {
      ses.destroy()
    }
  })

  it('shows templates per region: those holding templates are offered, each region keeps its own', async () => {
    const { keys, ses } = await customer('eu-west-1')
    const base = `/accounts/${keys.accountId}/ses/templates`
    const home = new SESv2Client(localAwsClientConfig(stack, keys))
    try {
      await ses.send(
        new CreateEmailTemplateCommand({
          TemplateName: 'irish',
          TemplateContent: { Subject: 'Dia duit', Text: 'Dia duit' },
        }),
      )
      const defaultRegion = await page(`${base}?region=${stack.region}`)
      expect(defaultRegion).not.toContain('irish')
      const offered = defaultRegion.slice(0, defaultRegion.indexOf('Other SES regions'))
      expect(offered).toContain('<option value="eu-west-1"')
      expect(offered).toContain(`<option value="${stack.region}" selected`)
      expect(await page(`${base}?region=eu-west-1`)).toContain('Dia duit')

      expect(
        (await post(base, { region: 'eu-west-1', name: 'second', subject: '', html: '', text: 'Two' }))
          .status,
      ).toBe(303)
      expect(await templateNames(ses)).toEqual(['irish', 'second'])
      expect(await templateNames(home)).toEqual([])
      expect(
        (await ses.send(new GetEmailTemplateCommand({ TemplateName: 'second' }))).TemplateContent,
      ).toEqual({
        Text: 'Two',
      })
    } finally {
      ses.destroy()
      home.destroy()
    }
  })
})
