import { describe, expect, it } from 'vitest'
import {
  CreateTemplateBodySchema,
  SampleDataSetsSchema,
  TemplateNameSchema,
  TemplateTagsSchema,
  TemplateTextInputSchema,
  UpdateTemplateBodySchema,
} from './schemas'

describe('template contracts', () => {
  it('accepts SES template names only', () => {
    for (const name of ['welcome', 'Order_Receipt-2', 'a'.repeat(64)]) {
      expect(TemplateNameSchema.safeParse(name).success, name).toBe(true)
    }
    for (const name of ['', 'with space', 'dot.name', 'ü', 'a'.repeat(65)]) {
      expect(TemplateNameSchema.safeParse(name).success, name).toBe(false)
    }
  })

  it('lower-cases, trims and de-duplicates tags; at most 20 of 1–40 characters', () => {
    expect(TemplateTagsSchema.parse([' Onboarding', 'onboarding', 'Billing '])).toEqual([
      'onboarding',
      'billing',
    ])
    expect(TemplateTagsSchema.safeParse(['']).success).toBe(false)
    expect(TemplateTagsSchema.safeParse(['x'.repeat(41)]).success).toBe(false)
    expect(TemplateTagsSchema.safeParse(Array.from({ length: 21 }, (_, i) => `t${i}`)).success).toBe(false)
  })

  it('needs the text of a custom text part, and drops it when generated', () => {
    expect(TemplateTextInputSchema.safeParse({ mode: 'custom', custom: ' ' }).success).toBe(false)
    expect(TemplateTextInputSchema.parse({ mode: 'generated', custom: 'x' })).toEqual({
      mode: 'generated',
      custom: null,
    })
  })

  it('keeps sample data sets uniquely named and within 256 KB', () => {
    expect(
      SampleDataSetsSchema.safeParse([
        { name: 'a', data: {} },
        { name: 'a', data: {} },
      ]).success,
    ).toBe(false)
    expect(
      SampleDataSetsSchema.safeParse([{ name: 'big', data: { blob: 'x'.repeat(256 * 1024) } }]).success,
    ).toBe(false)
  })

  it('creates from a starter or an editor type; updates name the version and change something', () => {
    expect(CreateTemplateBodySchema.safeParse({ name: 'x' }).success).toBe(false)
    expect(CreateTemplateBodySchema.safeParse({ name: 'x', starter: 'welcome' }).success).toBe(true)
    expect(CreateTemplateBodySchema.safeParse({ name: 'x', editorType: 'HTML', extra: 1 }).success).toBe(
      false,
    )
    expect(UpdateTemplateBodySchema.safeParse({ version: 1 }).success).toBe(false)
    expect(UpdateTemplateBodySchema.safeParse({ version: 1, subject: 'Hi' }).success).toBe(true)
  })
})
