import { Badge } from '../../../components/ui/badge'
import { type EditorIssue, issueLocation, ruleTitle } from '../../email-editor/diagnostics'
import styles from './editor.module.css'

/** The pre-publish checks as SES will meet them: errors block saving on the server, warnings inform. */
export function LintPanel({
  issues,
  sourceLabel,
  onGo,
  blocking,
}: {
  issues: readonly EditorIssue[]
  sourceLabel: string
  onGo: (issue: EditorIssue) => void
  blocking: number
}) {
  const warnings = issues.length - blocking
  return (
    <details className={styles.drawer} open>
      <summary>
        Checks{' '}
        {issues.length === 0 ? (
          <Badge color="green">All clear</Badge>
        ) : (
          <>
            {blocking > 0 && <Badge color="red">{blocking === 1 ? '1 error' : `${blocking} errors`}</Badge>}{' '}
            {warnings > 0 && (
              <Badge color="yellow">{warnings === 1 ? '1 warning' : `${warnings} warnings`}</Badge>
            )}
          </>
        )}
      </summary>
      {issues.length === 0 ? (
        <p className={styles.muted}>SES would accept this template, and nothing here looks off.</p>
      ) : (
        <ul className={styles.issueList} aria-label="Checks">
          {issues.map((issue, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: recomputed as a whole on every change
            <li key={index}>
              <button type="button" className={styles.issue} onClick={() => onGo(issue)}>
                <Badge color={issue.severity === 'error' ? 'red' : 'yellow'}>
                  {issue.severity === 'error' ? 'Error' : 'Warning'}
                </Badge>
                <span className={styles.issueText}>
                  <span className={styles.issueTitle}>
                    {ruleTitle(issue.rule)} · {issueLocation(issue, sourceLabel)}
                  </span>
                  <span>{issue.message}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </details>
  )
}
