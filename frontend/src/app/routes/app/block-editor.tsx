import { planUnlocks } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router-dom'
import styles from '../../../components/layouts/page.module.css'
import { Alert } from '../../../components/ui/alert'
import { Button, ButtonLink } from '../../../components/ui/button'
import { FullScreenLoader } from '../../../components/ui/spinner'
import { blockQueries } from '../../../features/blocks/api/blocks'
import { BlockEditor } from '../../../features/blocks/components/block-editor'
import { BlockListPage } from '../../../features/blocks/components/block-list-page'
import { errorMessage, isApiError } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { NoOrganizationPage } from './no-organization'
import { organizationLoader, useSelectedOrganization } from './organization-route'

/** The block while the editor's code (CodeMirror, the email pipeline) loads. */
export const clientLoader = organizationLoader(
  (queryClient, organization, { params }) => {
    if (params.id) void queryClient.prefetchQuery(blockQueries.detail(organization.id, params.id))
  },
  { unlocks: 'reusableBlocks' },
)

export function Component() {
  const { id = '' } = useParams()
  const { organization } = useSelectedOrganization()
  const unlocked = organization !== undefined && planUnlocks(organization.plan, 'reusableBlocks')
  const block = useQuery({ ...blockQueries.detail(organization?.id ?? '', id), enabled: unlocked })

  if (!organization) {
    return (
      <NoOrganizationPage title="Reusable block">
        Blocks belong to an organization: choose the one this block is in.
      </NoOrganizationPage>
    )
  }
  // Without the plan, the list page's locked state says which plan has blocks.
  if (!unlocked) return <BlockListPage organization={organization} />
  if (block.data) {
    return <BlockEditor key={block.data.id} block={block.data} organizationId={organization.id} />
  }
  if (block.isError) {
    const missing = isApiError(block.error, 'block.not_found') || isApiError(block.error, 'request.invalid')
    return (
      <div className={styles.page}>
        <header className={styles.header}>
          <h1>{missing ? 'Block not found' : 'Could not open the block'}</h1>
        </header>
        <Alert
          tone={missing ? 'info' : 'danger'}
          role={missing ? 'note' : 'alert'}
          actions={
            <>
              <ButtonLink to={paths.blocks()}>All blocks</ButtonLink>
              {!missing && (
                <Button variant="secondary" onClick={() => void block.refetch()}>
                  Try again
                </Button>
              )}
            </>
          }
        >
          {missing
            ? 'It was deleted, or it belongs to another organization than the one you are working in.'
            : errorMessage(block.error)}
        </Alert>
      </div>
    )
  }
  return <FullScreenLoader label="Opening the block…" />
}
