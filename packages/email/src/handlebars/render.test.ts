import { describe, expect, it } from 'vitest'
import { renderTemplate } from './render'

// Cases from the Amazon SES Developer Guide ("Advanced email personalization"), with the line breaks the guide
// asks readers to remove already removed, and from the AWS knowledge-center article on Rendering Failures.
describe('renderTemplate: the SES guide examples', () => {
  const anaya = {
    meta: { userId: '51806220607' },
    contact: { firstName: 'Anaya', lastName: 'Iyengar' },
    subscription: [{ interest: 'Sports' }, { interest: 'Travel' }, { interest: 'Cooking' }],
  }
  const preferences = {
    subject: 'Subscription Preferences for {{contact.firstName}} {{contact.lastName}}',
    html: '<h1>Your Preferences</h1><p>You have indicated that you are interested in receiving information about the following subjects:</p><ul>{{#each subscription}}<li>{{interest}}</li>{{/each}}</ul><p>You can change these settings at any time by visiting the <a href=https://www.example.com/prefererences/i.aspx?id={{meta.userId}}>Preference Center</a>.</p>',
    text: 'Your Preferences\n\nYou have indicated that you are interested in receiving information about the following subjects:\n{{#each subscription}}- {{interest}}\n{{/each}}\nYou can change these settings at any time by visiting the Preference Center at https://www.example.com/prefererences/i.aspx?id={{meta.userId}}',
  }

  it('reads nested attributes and iterates through lists', () => {
    const result = renderTemplate(preferences, anaya)
    expect(result.ok).toBe(true)
    expect(result.subject).toBe('Subscription Preferences for Anaya Iyengar')
    expect(result.html).toBe(
      '<h1>Your Preferences</h1><p>You have indicated that you are interested in receiving information about the following subjects:</p><ul><li>Sports</li><li>Travel</li><li>Cooking</li></ul><p>You can change these settings at any time by visiting the <a href=https://www.example.com/prefererences/i.aspx?id=51806220607>Preference Center</a>.</p>',
    )
    // `{{/each}}` alone on its line is a standalone tag: Handlebars drops that line's newline.
    expect(result.text).toBe(
      'Your Preferences\n\nYou have indicated that you are interested in receiving information about the following subjects:\n- Sports\n- Travel\n- Cooking\nYou can change these settings at any time by visiting the Preference Center at https://www.example.com/prefererences/i.aspx?id=51806220607',
    )
  })

  it('takes the else branch of {{#if}} when the attribute is absent, without a rendering failure', () => {
    const html =
      '<h1>Your Preferences</h1><p>Dear {{contact.firstName}},</p>{{#if subscription}}<p>You have indicated that you are interested in receiving information about the following subjects:</p><ul>{{#each subscription}}<li>{{interest}}</li>{{/each}}</ul><p>You can change these settings at any time by visiting the <a href=https://www.example.com/prefererences/i.aspx?id={{meta.userId}}>Preference Center</a>.</p>{{else}}<p>Please update your subscription preferences by visiting the <a href=https://www.example.com/prefererences/i.aspx?id={{meta.userId}}>Preference Center</a>.{{/if}}'
    const shirley = {
      meta: { userId: '1981624758263' },
      contact: { firstName: 'Shirley', lastName: 'Rodriguez' },
    }
    const result = renderTemplate({ subject: preferences.subject, html }, shirley)
    expect(result.ok).toBe(true)
    expect(result.html).toBe(
      '<h1>Your Preferences</h1><p>Dear Shirley,</p><p>Please update your subscription preferences by visiting the <a href=https://www.example.com/prefererences/i.aspx?id=1981624758263>Preference Center</a>.',
    )
    expect(renderTemplate({ html }, anaya).html).toContain('<li>Sports</li><li>Travel</li><li>Cooking</li>')
  })

  it('renders inline partials, and drops the newline after {{/inline}} as the guide says', () => {
    const simple =
      '{{#* inline "fullName"}}{{firstName}}{{#if lastName}} {{lastName}}{{/if}}{{/inline}}\nHello {{> fullName}}!'
    expect(renderTemplate({ text: simple }, { firstName: 'Anaya', lastName: 'Iyengar' }).text).toBe(
      'Hello Anaya Iyengar!',
    )
    const html =
      '{{#* inline "fullName"}}{{firstName}}{{#if lastName}} {{lastName}}{{/if}}{{/inline~}}\n<h1>Hello {{> fullName}}!</h1><p>You have listed the following people as your friends:</p><ul>{{#each friends}}<li>{{> fullName}}</li>{{/each}}</ul>'
    const data = {
      firstName: 'Anaya',
      lastName: 'Iyengar',
      friends: [{ firstName: 'Shirley', lastName: 'Rodriguez' }, { firstName: 'Richard' }],
    }
    const result = renderTemplate({ subject: "{{firstName}}'s Subscription Preferences", html }, data)
    expect(result.subject).toBe("Anaya's Subscription Preferences")
    expect(result.html).toBe(
      '<h1>Hello Anaya Iyengar!</h1><p>You have listed the following people as your friends:</p><ul><li>Shirley Rodriguez</li><li>Richard</li></ul>',
    )
  })

  it('renders {{else}} inside {{#each}} items', () => {
    const html = '{{#each items}} {{name}} is {{#if best}}the best{{else}}a {{type}}{{/if}}, {{/each}}'
    const data = {
      items: [
        { type: 'dog', name: 'bobby', best: true },
        { type: 'cat', name: 'pedro', best: false },
      ],
    }
    expect(renderTemplate({ html }, data).html).toBe(' bobby is the best,  pedro is a cat, ')
  })
})

describe('renderTemplate: escaping', () => {
  it('inserts values without HTML escaping, in {{x}} as in {{{x}}}', () => {
    const value = `<b>Tom & "Jerry"</b> <script>alert('x')</script>`
    const result = renderTemplate(
      { subject: '{{v}}', html: '<p>{{v}}|{{{v}}}</p>', text: '{{v}}' },
      { v: value },
    )
    expect(result.html).toBe(`<p>${value}|${value}</p>`)
    expect(result.subject).toBe(value)
    expect(result.text).toBe(value)
  })

  it('prints numbers, booleans and lists as Handlebars does', () => {
    const result = renderTemplate(
      { text: '{{n}} {{f}} {{yes}} {{no}} {{list}} {{nothing}}' },
      {
        n: 10,
        f: 1.5,
        yes: true,
        no: false,
        list: ['a', 'b'],
        nothing: null,
      },
    )
    expect(result.text).toBe('10 1.5 true false a,b ')
    expect(result.ok).toBe(true)
  })
})

describe('renderTemplate: missing variables', () => {
  const template = {
    subject: 'Hello, {{name}}!',
    html: '<h1>Hello {{name}},</h1><p>Your favorite color is {{favoritecolor}}.</p>',
    text: 'Dear {{name}},\r\nYour favorite color is {{favoritecolor}}.',
  }

  it('reports what SES reports instead of rendering an empty value', () => {
    const result = renderTemplate(template, { name: 'Jane', favoritenumber: '10' })
    expect(result.ok).toBe(false)
    expect(result.renderingFailure).toBe("Attribute 'favoritecolor' is not present in the rendering data.")
    expect(result.missing).toEqual([
      { part: 'html', path: 'favoritecolor', name: 'favoritecolor', line: 1, column: 53 },
      { part: 'text', path: 'favoritecolor', name: 'favoritecolor', line: 2, column: 26 },
    ])
  })

  it('accepts extra data and case-sensitive matches only', () => {
    expect(renderTemplate(template, { name: 'Jane', favoritecolor: 'blue', extra: 1 }).ok).toBe(true)
    expect(
      renderTemplate(template, { Name: 'Jane', favoritecolor: 'blue' }).missing.map((m) => m.path),
    ).toEqual(['name', 'name', 'name'])
  })

  it('lists every missing path, nested and inside loops, with the step that was absent', () => {
    const result = renderTemplate(
      { html: '{{contact.phone}} {{order.id}} {{#each items}}{{sku}}{{/each}}' },
      { contact: {}, items: [{ sku: 'a' }, {}] },
    )
    expect(result.missing.map(({ path, name }) => ({ path, name }))).toEqual([
      { path: 'contact.phone', name: 'phone' },
      { path: 'order.id', name: 'id' },
      { path: 'sku', name: 'sku' },
    ])
    expect(result.html).toBe('  a')
  })

  it('treats a helper SES does not have as a missing attribute, as SES does', () => {
    const result = renderTemplate(
      { html: '<h1>{{IF firstName}}</h1>' },
      {
        firstName: 'A',
      },
    )
    expect(result.renderingFailure).toBe("Attribute 'IF' is not present in the rendering data.")
    expect(result.ok).toBe(false)
  })

  it('leaves {{amazonSESUnsubscribeUrl}} for SES list management to fill', () => {
    const result = renderTemplate({ html: '<a href="{{amazonSESUnsubscribeUrl}}">Unsubscribe</a>' }, {})
    expect(result).toMatchObject({ ok: true, html: '<a href="{{amazonSESUnsubscribeUrl}}">Unsubscribe</a>' })
  })

  it('does not render a part with a syntax error, and says where it is', () => {
    const result = renderTemplate({ subject: 'Hi {{name}}', html: '<p>\n{{#if a}}</p>' }, { name: 'x' })
    expect(result.ok).toBe(false)
    expect(result.subject).toBe('Hi x')
    expect(result.html).toBeUndefined()
    expect(result.errors[0]).toMatchObject({ part: 'html', code: 'handlebars.syntax', line: 2 })
  })

  it('reports a partial that is not defined in the same part', () => {
    const result = renderTemplate({ html: '{{> footer}}' }, {})
    expect(result.ok).toBe(false)
    expect(result.errors[0]).toMatchObject({ code: 'handlebars.partial_not_defined', line: 1, column: 1 })
  })
})
