import type { SesAccountStatus } from '@app/contracts'
import { useId } from 'react'
import { quotaUsage } from '../ses-status-display'
import styles from './aws-accounts.module.css'

/** The 24-hour sending quota: a meter with the same numbers in words beside it. */
export function QuotaGauge({ sendQuota }: { sendQuota: SesAccountStatus['sendQuota'] }) {
  const usage = quotaUsage(sendQuota)
  const labelId = useId()
  const textId = useId()
  return (
    <div className={styles.gauge}>
      <p id={labelId} className={styles.label}>
        24-hour quota
      </p>
      {usage.max !== null && (
        <meter
          className={`${styles.meter} ${styles[`meter-${usage.level}`]}`}
          min={0}
          max={Math.max(usage.max, 1)}
          low={usage.max * 0.8}
          high={usage.max * 0.95}
          optimum={0}
          value={Math.min(usage.sent, usage.max)}
          aria-labelledby={labelId}
          aria-describedby={textId}
        >
          {usage.percent} %
        </meter>
      )}
      <p id={textId} className={styles.gaugeText}>
        {usage.text}
      </p>
      {usage.level === 'full' && (
        <p className={styles.inlineError}>
          The daily quota is used up: SES refuses further mail until the 24-hour window moves on.
        </p>
      )}
    </div>
  )
}
