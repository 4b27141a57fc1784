import styles from './admin.module.css'

export function Component() {
  return (
    <div className={styles.page}>
      <h1>Admin Panel</h1>
      <p>
        For the operators of this installation: a CSV report of every invoice and the invoice PDFs of every
        organization. Both read the payment provider's records, so they arrive with billing; there are no
        invoices to show before then.
      </p>
      <p>The API checks admin rights on every admin call; this menu entry is only a shortcut.</p>
    </div>
  )
}
