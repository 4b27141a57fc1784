import type { DetectedVariable } from '@app/email/browser'
import { Badge } from '../../../components/ui/badge'
import styles from './editor.module.css'
import { CAMPAIGN_VARIABLES, isCampaignVariable, variableRows } from './variables'

const TARGET_LABELS = { source: '', subject: 'the subject', text: 'the text part', block: '' } as const

/** Variables the template reads, with the selected set's sample value; a click inserts `{{name}}` at the cursor. */
export function VariablePicker({
  variables,
  sampleData,
  sampleName,
  target,
  sourceLabel,
  fieldLabel,
  onInsert,
}: {
  variables: readonly DetectedVariable[]
  sampleData: Record<string, unknown>
  sampleName: string | undefined
  target: keyof typeof TARGET_LABELS
  sourceLabel: string
  /** The visual editor's field the variable goes into, instead of the source. */
  fieldLabel?: string | undefined
  onInsert: (text: string) => void
}) {
  const rows = variableRows(variables, sampleData)
  const where =
    fieldLabel ?? (target === 'source' || target === 'block' ? `the ${sourceLabel}` : TARGET_LABELS[target])
  return (
    <details className={styles.drawer} open>
      <summary>
        Variables <Badge>{rows.filter((row) => row.used).length}</Badge>
      </summary>
      <p className={styles.muted}>
        Inserts at the cursor in {where}. Sample values from{' '}
        {sampleName ? `“${sampleName}”` : 'no sample set'}.
      </p>
      {rows.length === 0 ? (
        <p className={styles.muted}>
          No variables yet. Write <code>{'{{firstName}}'}</code> anywhere, or add sample values to insert.
        </p>
      ) : (
        <ul className={styles.variables} aria-label="Variables">
          {rows.map((row) => (
            <li key={row.path}>
              <button
                type="button"
                className={styles.variable}
                onClick={() => onInsert(row.insert)}
                title={row.loop ? `Use inside {{#each ${row.loop}}}…{{/each}}` : undefined}
              >
                <code className={styles.variableName}>{row.insert}</code>
                <span className={styles.variableSample}>
                  {row.hasSample ? (
                    row.sample
                  ) : isCampaignVariable(row.path) ? (
                    <Badge color="blue">filled in per recipient</Badge>
                  ) : row.required ? (
                    <Badge color="red">no sample: SES would drop the message</Badge>
                  ) : (
                    <Badge>no sample (optional)</Badge>
                  )}
                </span>
                {row.loop && <span className={styles.variableNote}>in {row.loop}</span>}
                {!row.used && <span className={styles.variableNote}>not used yet</span>}
                <span className="visually-hidden">Insert {row.insert}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.muted}>Filled in by campaigns:</p>
      <ul className={styles.variables} aria-label="Campaign variables">
        {CAMPAIGN_VARIABLES.map((variable) => (
          <li key={variable.path}>
            <button type="button" className={styles.variable} onClick={() => onInsert(variable.insert)}>
              <code className={styles.variableName}>{variable.insert}</code>
              <span className={styles.variableNote}>{variable.description}</span>
              <span className="visually-hidden">Insert {variable.insert}</span>
            </button>
          </li>
        ))}
      </ul>
    </details>
  )
}
