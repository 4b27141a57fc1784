import { Markdown } from '../../../components/ui/markdown'
import marketing from '../components/marketing.module.css'
import terms from '../legal/terms.md?raw'
import { usePageMeta } from '../use-page-meta'

export function Component() {
  usePageMeta(
    'Terms of service',
    'The terms for using the hosted SES Studio service: your account, your AWS access, acceptable use, plans and payment.',
  )
  return <Markdown source={terms} className={marketing.prose} />
}
