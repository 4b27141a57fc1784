import type { SesTemplateState, UnpublishedTemplate } from '@app/contracts'
import type { BadgeColor } from '../../components/ui/badge'

/**
 * How each SES state reads in the web app (the SES page, the template list and the editor): kept apart from the
 * SES page's logic so the editor loads only these words.
 */
export interface StateDisplay {
  label: string
  color: BadgeColor
  /** One sentence: what the state means and what to do about it. */
  hint: string
}

export const SES_STATE_DISPLAY: Record<SesTemplateState, StateDisplay> = {
  in_sync: {
    label: 'In sync',
    color: 'green',
    hint: 'SES holds what was last published.',
  },
  changed_in_product: {
    label: 'Changed in the product',
    color: 'blue',
    hint: 'Saved since it was published: publish to update SES.',
  },
  drifted: {
    label: 'Changed in SES',
    color: 'orange',
    hint: 'Someone edited it outside SES Studio; publishing skips it unless you choose to overwrite that change.',
  },
  unlinked: {
    label: 'Not linked',
    color: 'neutral',
    hint: 'No template here publishes it: import it to edit it in SES Studio.',
  },
}

export const UNPUBLISHED_STATE_DISPLAY: Record<UnpublishedTemplate['state'], StateDisplay> = {
  not_published: {
    label: 'Not published',
    color: 'neutral',
    hint: 'Never published to this AWS account.',
  },
  missing_in_ses: {
    label: 'Missing in SES',
    color: 'red',
    hint: 'It was published, but SES no longer has it: publish to create it again.',
  },
}
