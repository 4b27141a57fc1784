import { describe, expect, it } from 'vitest'
import { REFUSAL_FIX } from './campaign-flow'
import { readTemplateFix, templateFixPath, templateFixState } from './template-fix'

const CAMPAIGN = '01JC0000000000000000000009'
const TEMPLATE = '01JC0000000000000000000001'
const SENDER = { fromEmail: 'news@example.com', fromName: 'News', replyTo: null, postalAddress: '1 Main St' }
const draft = { id: CAMPAIGN, templateId: TEMPLATE, sender: SENDER }

const COMPLIANT = {
  html: '<p>Hi</p><p>{{postalAddress}}</p><p><a href="{{unsubscribeUrl}}">Unsubscribe</a></p>',
  textPart: 'Hi\n{{postalAddress}}\nUnsubscribe: {{unsubscribeUrl}}',
}

describe('fixing a refused template from the review', () => {
  it('sends template refusals to the editor with the campaign and the refusal, the others where they are fixed', () => {
    const unsubscribe = REFUSAL_FIX.unsubscribe_link.to?.(draft as never)
    expect(unsubscribe).toBe(`/app/templates/${TEMPLATE}?forCampaign=${CAMPAIGN}&fix=unsubscribe_link`)
    expect(REFUSAL_FIX.postal_address.to?.(draft as never)).toBe(
      `/app/templates/${TEMPLATE}?forCampaign=${CAMPAIGN}&fix=postal_address`,
    )
    // Without an address, Sender is where it is entered first.
    const noAddress = { ...draft, sender: { ...SENDER, postalAddress: '' } }
    expect(REFUSAL_FIX.postal_address.to?.(noAddress as never)).toBe(`/app/campaigns/${CAMPAIGN}?step=sender`)
    expect(templateFixPath({ id: CAMPAIGN, templateId: null }, 'unsubscribe_link')).toBe('/app/templates')
  })

  it('reads the context back from the editor’s address, ignoring what is not a template refusal', () => {
    const link = new URL(`https://studio.example${templateFixPath(draft, 'unsubscribe_link')}`)
    expect(readTemplateFix(link.searchParams)).toEqual({ campaignId: CAMPAIGN, fix: 'unsubscribe_link' })
    expect(readTemplateFix(new URLSearchParams(`forCampaign=${CAMPAIGN}&fix=no_recipients`))).toEqual({
      campaignId: CAMPAIGN,
      fix: undefined,
    })
    expect(
      readTemplateFix(new URLSearchParams('forCampaign=../../admin&fix=unsubscribe_link')),
    ).toBeUndefined()
    expect(readTemplateFix(new URLSearchParams('fix=unsubscribe_link'))).toBeUndefined()
  })

  it('says the saved template still has the problem in the pre-flight’s words, until it does not', () => {
    const withoutLink = { html: '<p>Hi</p><p>{{postalAddress}}</p>', textPart: '' }
    const refused = templateFixState(withoutLink, SENDER, 'unsubscribe_link')
    expect(refused).toEqual({ fixed: false, message: expect.stringMatching(/visible unsubscribe link/) })
    expect(templateFixState(withoutLink, SENDER, 'postal_address')).toEqual({ fixed: true })
    expect(templateFixState(COMPLIANT, SENDER, 'unsubscribe_link')).toEqual({ fixed: true })
    // The address typed in the template must be the campaign's.
    const typed = { html: '<p>2 Other Road</p><a href="{{unsubscribeUrl}}">Unsubscribe</a>', textPart: '' }
    expect(templateFixState(typed, SENDER, 'postal_address')).toMatchObject({ fixed: false })
    expect(templateFixState(typed, { ...SENDER, postalAddress: '2 Other Road' }, 'postal_address')).toEqual({
      fixed: true,
    })
  })
})
