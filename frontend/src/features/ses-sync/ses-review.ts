import type { SesTemplateReview, TemplateEditorType } from '@app/contracts'

/** What taking SES's version does to a template that is not HTML (SES holds only the compiled HTML). */
export function editorChangeText(editorType: TemplateEditorType): string | undefined {
  if (editorType === 'HTML') return undefined
  const editor = editorType === 'VISUAL' ? 'visual' : 'MJML'
  return `SES holds only the compiled HTML, so the template leaves the ${editor} editor: it is edited as HTML from then on. To go back to the ${editor} version, restore it from History.`
}

/** One sentence on what the review found. */
export function reviewSummary(
  review: Pick<SesTemplateReview, 'state' | 'sesName' | 'awsAccountName' | 'ours' | 'parts'>,
): string {
  const where = `'${review.sesName}' in the SES of ${review.awsAccountName}`
  if (review.state === 'missing_in_ses') {
    return `${where} no longer exists; publishing creates it again.`
  }
  if (review.state === 'in_sync') return `${where} holds what was published: nothing to resolve.`
  const changed = review.parts.filter((part) => part.changed).map((part) => PART_WORDS[part.part])
  return `${where} was changed outside SES Studio (${changed.join(', ') || 'no visible difference'}) after version ${review.ours.version} was published.`
}

const PART_WORDS: Record<SesTemplateReview['parts'][number]['part'], string> = {
  subject: 'subject',
  html: 'HTML',
  text: 'text part',
}
