import type { Account } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { Badge } from '../../../components/ui/badge'
import { ButtonLink } from '../../../components/ui/button'
import { Menu, MenuSection, menuItemClass } from '../../../components/ui/menu'
import { Spinner } from '../../../components/ui/spinner'
import { paths } from '../../../lib/paths'
import { selectedOrganizationOf } from '../../account/account-state'
import { awsAccountQueries, useSelectAwsAccount } from '../api/aws-accounts'
import { awsAccountName, awsSelectorState } from '../aws-account-display'
import styles from './aws-selector.module.css'

/**
 * Spec §4 "AWS selector" in the top bar: the organization's AWS accounts (selecting one sets selectedAwsAccount and
 * closes the menu) and 'Add AWS Account'; with exactly one unverified account a button to finish it instead; with
 * none a link to add one. Silent while loading or when the list cannot be read (the AWS pages say why).
 */
export function AwsSelector({ account }: { account: Account }) {
  const organization = selectedOrganizationOf(account)
  const accounts = useQuery({
    ...awsAccountQueries.list(organization?.id ?? ''),
    enabled: organization !== undefined,
  })
  const { select, isPending, pendingId } = useSelectAwsAccount()
  if (!accounts.data) return null
  const state = awsSelectorState(accounts.data, account.selectedAwsAccount)

  if (state.kind === 'none') {
    return (
      <div className={styles.slot}>
        <ButtonLink to={paths.newAwsAccount()} variant="secondary" size="small">
          <span aria-hidden="true">+</span> Add AWS Account
        </ButtonLink>
      </div>
    )
  }
  if (state.kind === 'finish') {
    return (
      <div className={styles.slot}>
        <ButtonLink to={paths.awsAccount()} variant="secondary" size="small" className={styles.finish}>
          <span className={styles.dot} aria-hidden="true" />
          {state.label}
        </ButtonLink>
      </div>
    )
  }

  const { selected } = state
  return (
    <div className={styles.slot}>
      <Menu
        triggerClassName={styles.trigger}
        trigger={
          <>
            <span className="visually-hidden">AWS account: </span>
            <span className={selected.awsAccountVerified ? styles.dotOk : styles.dot} aria-hidden="true" />
            <span className={styles.name}>{awsAccountName(selected)}</span>
            <span className={styles.region}>{selected.region}</span>
            {!selected.awsAccountVerified && <span className="visually-hidden">(not verified)</span>}
            <span aria-hidden="true" className={styles.chevron}>
              ▾
            </span>
          </>
        }
      >
        {(close) => (
          <>
            <MenuSection title="AWS accounts">
              {state.accounts.map((item) => {
                const isCurrent = item.id === selected.id
                return (
                  <button
                    key={item.id}
                    type="button"
                    className={menuItemClass}
                    aria-current={isCurrent || undefined}
                    disabled={isPending}
                    onClick={() => {
                      close()
                      if (!isCurrent) select(item.id, account)
                    }}
                  >
                    <span className={styles.option}>
                      <span className={styles.name}>{awsAccountName(item)}</span>
                      <span className={styles.optionRegion}>{item.region}</span>
                    </span>
                    {item.duplicateOf ? (
                      <Badge color="orange">Duplicate</Badge>
                    ) : item.awsAccountVerified ? (
                      <Badge color="green">Verified</Badge>
                    ) : (
                      <Badge color="orange">Not verified</Badge>
                    )}
                    {isCurrent && <span className="visually-hidden">(current)</span>}
                    {isCurrent && <span aria-hidden="true">✓</span>}
                    {isPending && pendingId === item.id && <Spinner size="small" />}
                  </button>
                )
              })}
            </MenuSection>
            <MenuSection>
              <Link className={menuItemClass} to={paths.awsAccount()} onClick={close}>
                Status
              </Link>
              <Link className={menuItemClass} to={paths.emailIdentities()} onClick={close}>
                Email identities
              </Link>
              <Link className={menuItemClass} to={paths.newAwsAccount()} onClick={close}>
                <span aria-hidden="true">+</span> Add AWS Account
              </Link>
            </MenuSection>
          </>
        )}
      </Menu>
    </div>
  )
}
