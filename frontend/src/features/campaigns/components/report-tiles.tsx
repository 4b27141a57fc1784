import type { CampaignReport, MachineOpenMode } from '@app/contracts'
import { ToggleButtons } from '../../../components/ui/toggle-buttons'
import { countText, plural } from '../campaign-display'
import { percentText, type Rate } from '../report-display'
import styles from './report.module.css'

const MACHINE_OPEN_OPTIONS = [
  { value: 'exclude', label: 'Left out' },
  { value: 'include', label: 'Counted' },
] as const

/** The report's headline numbers, each with its rate and what the rate is over. */
export function ReportTiles({
  report,
  onMachineOpens,
}: {
  report: CampaignReport
  onMachineOpens: (mode: MachineOpenMode) => void
}) {
  const { counts, rates } = report
  const bounces = counts.hardBounces + counts.softBounces
  return (
    <section className={styles.panel} aria-labelledby="summary-title">
      <div className={styles.panelHeader}>
        <h2 id="summary-title">Summary</h2>
        <div className={styles.machine}>
          <span className={styles.muted} aria-hidden="true">
            Machine opens
          </span>
          <ToggleButtons
            label="Machine opens"
            options={MACHINE_OPEN_OPTIONS}
            value={report.machineOpens}
            onChange={onMachineOpens}
          />
        </div>
      </div>
      <p className={styles.muted}>
        {report.machineOpens === 'exclude'
          ? `Opens and the open rates leave out ${plural(counts.machineOpens, 'machine open')}: Apple Mail Privacy Protection and similar proxies open every message on arrival, whoever reads it.`
          : `Opens and the open rates count ${plural(counts.machineOpens, 'machine open')} (Apple Mail Privacy Protection and similar proxies), so they read higher than what people opened.`}
      </p>
      <dl className={styles.tiles} aria-label="Summary">
        <Tile
          label="Delivered"
          value={countText(counts.delivered)}
          rate={rates.delivery}
          of={`of ${countText(counts.sent)} sent`}
        />
        <Tile
          label="Opens"
          value={countText(counts.uniqueOpens)}
          rate={rates.open}
          of={`of delivered; a click counts as an open · ${plural(counts.totalOpens, 'open')} tracked`}
        />
        <Tile
          label="Clicks"
          value={countText(counts.uniqueClicks)}
          rate={rates.click}
          of={`of delivered · ${plural(counts.totalClicks, 'click')} in all`}
        />
        <Tile label="Click-to-open" value={percentText(rates.clickToOpen)} of="clicked of those who opened" />
        <Tile
          label="Bounces"
          value={countText(bounces)}
          rate={rates.bounce}
          of={`${countText(counts.hardBounces)} hard, ${countText(counts.softBounces)} soft · rate: hard of sent`}
          tone={levelOf(report, 'bounce')}
        />
        <Tile
          label="Complaints"
          value={countText(counts.complaints)}
          rate={rates.complaint}
          of="of delivered"
          tone={levelOf(report, 'complaint')}
        />
        <Tile
          label="Unsubscribes"
          value={countText(counts.unsubscribes)}
          rate={rates.unsubscribe}
          of="of delivered"
        />
      </dl>
      {(counts.failed > 0 ||
        counts.skipped > 0 ||
        counts.rejected > 0 ||
        counts.renderingFailures > 0 ||
        counts.deliveryDelays > 0) && (
        <p className={styles.muted}>
          {[
            counts.failed > 0 && `${plural(counts.failed, 'send')} failed`,
            counts.skipped > 0 && `${plural(counts.skipped, 'recipient')} skipped`,
            counts.rejected > 0 && `${plural(counts.rejected, 'message')} rejected by SES`,
            counts.renderingFailures > 0 &&
              `${plural(counts.renderingFailures, 'message')} SES could not render`,
            counts.deliveryDelays > 0 && `${plural(counts.deliveryDelays, 'delivery', 'deliveries')} delayed`,
          ]
            .filter(Boolean)
            .join(' · ')}
          .
        </p>
      )}
    </section>
  )
}

function levelOf(report: CampaignReport, kind: 'bounce' | 'complaint') {
  return report.warnings.find((warning) => warning.kind === kind)?.level
}

function Tile({
  label,
  value,
  rate,
  of,
  tone,
}: {
  label: string
  value: string
  rate?: Rate
  of: string
  tone?: 'warning' | 'critical' | undefined
}) {
  return (
    <div className={tone ? `${styles.tile} ${styles[tone]}` : styles.tile}>
      <dt>{label}</dt>
      <dd className={styles.value}>
        {value}
        {rate !== undefined && <span className={styles.rate}>{percentText(rate)}</span>}
      </dd>
      <dd className={styles.of}>{of}</dd>
    </div>
  )
}
