import type { AwsAccount, EmailIdentity } from '@app/contracts'
import { Fragment, useState } from 'react'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import dataTable from '../../../components/ui/data-table.module.css'
import { Dialog } from '../../../components/ui/dialog'
import { toast } from '../../../components/ui/toast-store'
import { useDeleteEmailIdentity } from '../api/email-identities'
import { identityStatusText, identityTypeLabel } from '../identity-display'
import { DomainSetup } from './domain-setup'
import styles from './email-identities.module.css'

function DeleteIdentityButton({
  identity,
  awsAccount,
}: {
  identity: EmailIdentity
  awsAccount: Pick<AwsAccount, 'id' | 'region'>
}) {
  const [open, setOpen] = useState(false)
  const remove = useDeleteEmailIdentity(awsAccount.id)
  return (
    <>
      <Button variant="ghost" size="small" onClick={() => setOpen(true)}>
        Delete<span className="visually-hidden"> {identity.id}</span>
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Delete ${identity.id}?`}>
        <div className={styles.dialogBody}>
          <p>
            Amazon SES in {awsAccount.region} forgets this {identityTypeLabel(identity.type).toLowerCase()}:
            mail can no longer be sent from {identity.type === 'DOMAIN' ? 'addresses at it' : 'it'}, and
            campaigns using it as sender stop. Adding it again needs a new verification.
          </p>
        </div>
        <div className={styles.dialogFooter}>
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(identity.id, {
                onSuccess: () => {
                  setOpen(false)
                  toast.success(`${identity.id} was deleted from SES.`)
                },
              })
            }
          >
            Delete identity
          </Button>
        </div>
      </Dialog>
    </>
  )
}

/**
 * Identities with their verification and DKIM state and whether mail can come from them; domains open their DNS
 * records in place. A table on wide screens, small cards on phones (CSS only).
 */
export function IdentityTable({
  identities,
  awsAccount,
}: {
  identities: readonly EmailIdentity[]
  awsAccount: Pick<AwsAccount, 'id' | 'region'>
}) {
  const [openRecords, setOpenRecords] = useState<string>()
  return (
    <div className={dataTable.wrap}>
      <table className={`${dataTable.table} ${styles.table}`}>
        <caption className="visually-hidden">Email identities</caption>
        <thead>
          <tr>
            <th scope="col">Identity</th>
            <th scope="col">Type</th>
            <th scope="col">Verification</th>
            <th scope="col">DKIM</th>
            <th scope="col">Sender</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {identities.map((identity) => {
            const verification = identityStatusText(identity.verificationStatus)
            const dkim = identityStatusText(identity.dkimStatus)
            const recordsId = `records-${identity.id}`
            const showRecords = openRecords === identity.id
            return (
              <Fragment key={identity.id}>
                <tr>
                  <th scope="row" className={styles.identity}>
                    {identity.id}
                    {identity.mailFromDomain && (
                      <span className={styles.secondary}>MAIL FROM {identity.mailFromDomain}</span>
                    )}
                  </th>
                  <td className={styles.type}>{identityTypeLabel(identity.type)}</td>
                  <td>
                    <span className={styles.cellLabel}>Verification </span>
                    <Badge color={verification.badge}>{verification.label}</Badge>
                  </td>
                  <td>
                    <span className={styles.cellLabel}>DKIM </span>
                    {identity.dkimStatus ? <Badge color={dkim.badge}>{dkim.label}</Badge> : '—'}
                  </td>
                  <td>
                    <span className={styles.cellLabel}>Can send </span>
                    {identity.usableAsSender ? (
                      <span className={styles.yes}>Yes</span>
                    ) : (
                      <span className={styles.no}>Not yet</span>
                    )}
                  </td>
                  <td>
                    <div className={styles.rowActions}>
                      {identity.type === 'DOMAIN' && (
                        <Button
                          variant="ghost"
                          size="small"
                          aria-expanded={showRecords}
                          aria-controls={recordsId}
                          onClick={() => setOpenRecords(showRecords ? undefined : identity.id)}
                        >
                          DNS records<span className="visually-hidden"> for {identity.id}</span>
                        </Button>
                      )}
                      <DeleteIdentityButton identity={identity} awsAccount={awsAccount} />
                    </div>
                  </td>
                </tr>
                {identity.type === 'DOMAIN' && (
                  <tr id={recordsId} hidden={!showRecords} className={styles.recordsRow}>
                    <td colSpan={6}>
                      {showRecords && <DomainSetup identity={identity} region={awsAccount.region} />}
                    </td>
                  </tr>
                )}
              </Fragment>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
