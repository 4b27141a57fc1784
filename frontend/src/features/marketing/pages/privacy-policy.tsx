import { Markdown } from '../../../components/ui/markdown'
import marketing from '../components/marketing.module.css'
import privacyPolicy from '../legal/privacy-policy.md?raw'
import { usePageMeta } from '../use-page-meta'

export function Component() {
  usePageMeta(
    'Privacy policy',
    'What personal data SES Studio processes, why, who else handles it, how long it is kept and your rights.',
  )
  return <Markdown source={privacyPolicy} className={marketing.prose} />
}
