import type { QueryClient } from '@tanstack/react-query'
import { useQuery } from '@tanstack/react-query'
import { type LoaderFunctionArgs, useParams, useSearchParams } from 'react-router-dom'
import styles from '../../../components/layouts/page.module.css'
import { Alert } from '../../../components/ui/alert'
import { Button, ButtonLink } from '../../../components/ui/button'
import { FullScreenLoader } from '../../../components/ui/spinner'
import { CampaignFixBanner } from '../../../features/campaigns/components/campaign-fix-banner'
import { readTemplateFix } from '../../../features/campaigns/template-fix'
import { templateQueries } from '../../../features/templates/api/templates'
import { TemplateEditor } from '../../../features/templates/editor/template-editor'
import { errorMessage, isApiError } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { NoOrganizationPage } from './no-organization'
import { useSelectedOrganization } from './organization-route'
import { requireAccount } from './require-account'

/** The template while the editor's code (CodeMirror, the email pipeline) loads. */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request, params }: LoaderFunctionArgs) => {
    await requireAccount(queryClient, request)
    if (params.id) void queryClient.prefetchQuery(templateQueries.detail(params.id))
    return null
  }

export function Component() {
  const { id = '' } = useParams()
  const [search] = useSearchParams()
  const fix = readTemplateFix(search)
  const { account, organization } = useSelectedOrganization()
  const template = useQuery({ ...templateQueries.detail(id), enabled: organization !== undefined })

  if (!organization) {
    return (
      <NoOrganizationPage title="Template">
        Templates belong to an organization: choose the one this template is in.
      </NoOrganizationPage>
    )
  }
  if (template.data) {
    return (
      <TemplateEditor
        key={template.data.id}
        template={template.data}
        organization={organization}
        accountEmail={account.email}
        banner={
          fix && <CampaignFixBanner organizationId={organization.id} context={fix} template={template.data} />
        }
      />
    )
  }
  if (template.isError) {
    const missing =
      isApiError(template.error, 'template.not_found') || isApiError(template.error, 'request.invalid')
    return (
      <div className={styles.page}>
        <header className={styles.header}>
          <h1>{missing ? 'Template not found' : 'Could not open the template'}</h1>
        </header>
        <Alert
          tone={missing ? 'info' : 'danger'}
          role={missing ? 'note' : 'alert'}
          actions={
            <>
              <ButtonLink to={paths.templates()}>All templates</ButtonLink>
              {!missing && (
                <Button variant="secondary" onClick={() => void template.refetch()}>
                  Try again
                </Button>
              )}
            </>
          }
        >
          {missing
            ? 'It was deleted, or it belongs to another organization than the one you are working in.'
            : errorMessage(template.error)}
        </Alert>
      </div>
    )
  }
  return <FullScreenLoader label="Opening the template…" />
}
