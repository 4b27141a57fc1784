import { describe, expect, it } from 'vitest'
import { isBrokenOutput, type PreviewOutput, withOutput } from './use-template-preview'

function output(html: string, errors: string[] = []): PreviewOutput {
  return {
    html,
    compileErrors: errors.map((message) => ({ line: 1, message })),
    textPart: '',
    render: { subject: '', html, text: '', errors: [], missing: [] } as unknown as PreviewOutput['render'],
    findings: [],
    variables: [],
  }
}

describe('the preview keeps the last good render', () => {
  it('calls an output broken only when the compiler gave no email and said why', () => {
    expect(isBrokenOutput(output('', ['Malformed MJML.']))).toBe(true)
    expect(isBrokenOutput(output('  \n', ['Malformed MJML.']))).toBe(true)
    // Soft MJML errors still give an email: it is shown, with its errors listed elsewhere.
    expect(isBrokenOutput(output('<p>Hi</p>', ['Attribute foo is illegal']))).toBe(false)
    expect(isBrokenOutput(output(''))).toBe(false)
  })

  it('remembers the last output that produced an email, through broken ones', () => {
    const good = output('<p>Hello</p>')
    const broken = output('', ['Malformed MJML.'])
    const first = withOutput({ pending: true }, good)
    expect(first).toEqual({ output: good, lastGood: good, pending: false })
    const second = withOutput(first, broken)
    expect(second.output).toBe(broken)
    expect(second.lastGood).toBe(good)
    const better = output('<p>Hello again</p>')
    expect(withOutput(second, better).lastGood).toBe(better)
  })

  it('has nothing to fall back on when the first output is broken', () => {
    expect(withOutput({ pending: true }, output('', ['Malformed MJML.'])).lastGood).toBeUndefined()
  })
})
