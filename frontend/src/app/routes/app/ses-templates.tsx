import { useSearchParams } from 'react-router-dom'
import pageStyles from '../../../components/layouts/page.module.css'
import { Alert } from '../../../components/ui/alert'
import { ButtonLink } from '../../../components/ui/button'
import { SelectField } from '../../../components/ui/select-field'
import { awsAccountName } from '../../../features/aws-accounts/aws-account-display'
import { SelectedAwsAccountGate } from '../../../features/aws-accounts/components/selected-aws-account-gate'
import { useSelectedAwsAccount } from '../../../features/aws-accounts/use-selected-aws-account'
import { sesSyncQueries } from '../../../features/ses-sync/api/ses-sync'
import styles from '../../../features/ses-sync/components/ses-sync.module.css'
import { SesSyncPanel } from '../../../features/ses-sync/components/ses-sync-panel'
import { paths } from '../../../lib/paths'
import { NoOrganizationPage } from './no-organization'
import { selectedAwsAccountLoader } from './selected-aws-account-loader'

const TITLE = 'Templates in SES'
/** The AWS account the page shows when it is not the selected one (`?awsAccount=<id>`). */
const ACCOUNT_PARAM = 'awsAccount'

/** While the page's code loads: the selected account's SES templates, unless the address names another account. */
export const clientLoader = selectedAwsAccountLoader((queryClient, selected, { url }) => {
  const named = url.searchParams.get(ACCOUNT_PARAM)
  if (named && named !== selected.id) return
  void queryClient.prefetchQuery(sesSyncQueries.overview(selected.organizationId, selected.id))
})

export function Component() {
  const { organization, accounts, selected, canManage } = useSelectedAwsAccount()
  const [search, setSearch] = useSearchParams()

  if (!organization) {
    return (
      <NoOrganizationPage title={TITLE}>
        SES templates belong to the AWS accounts of the organization you are working in.
      </NoOrganizationPage>
    )
  }

  const list = accounts.data ?? []
  const chosen = list.find((account) => account.id === search.get(ACCOUNT_PARAM)) ?? selected
  const choose = (id: string) => {
    const next = new URLSearchParams(search)
    if (id === selected?.id) next.delete(ACCOUNT_PARAM)
    else next.set(ACCOUNT_PARAM, id)
    setSearch(next, { replace: true })
  }

  return (
    <div className={pageStyles.page}>
      <header className={pageStyles.header}>
        <h1>{TITLE}</h1>
        <p className={pageStyles.lead}>
          {chosen
            ? `The email templates in the Amazon SES of ${awsAccountName(chosen)} (${chosen.region}), linked to yours: import the ones made elsewhere, publish your changes, and find the ones edited outside SES Studio.`
            : 'The email templates in your Amazon SES, linked to yours: import, publish, and find changes made outside SES Studio.'}
        </p>
      </header>

      <SelectedAwsAccountGate
        accounts={accounts}
        selected={chosen}
        organization={organization}
        canManage={canManage}
        empty={{
          title: 'Connect an AWS account first',
          text: 'SES templates live in the Amazon SES of your own AWS account. Connect it, then import and publish templates here.',
        }}
      >
        {(awsAccount) => (
          <>
            {list.length > 1 && (
              <div className={styles.accountRow}>
                <SelectField
                  label="AWS account"
                  value={awsAccount.id}
                  onChange={(event) => choose(event.target.value)}
                >
                  {list.map((account) => (
                    <option key={account.id} value={account.id}>
                      {awsAccountName(account)} ({account.region})
                      {account.awsAccountVerified ? '' : ' — not connected yet'}
                    </option>
                  ))}
                </SelectField>
              </div>
            )}
            {awsAccount.awsAccountVerified ? (
              <SesSyncPanel key={awsAccount.id} organization={organization} awsAccount={awsAccount} />
            ) : (
              <Alert
                tone="warning"
                title={`${awsAccountName(awsAccount)} is not connected yet`}
                actions={<ButtonLink to={paths.awsAccount()}>Finish AWS configuration</ButtonLink>}
              >
                SES Studio can list, import and publish SES templates once it can reach Amazon SES with this
                account’s credentials.
              </Alert>
            )}
          </>
        )}
      </SelectedAwsAccountGate>
    </div>
  )
}
