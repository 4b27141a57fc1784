import { passwordProblems } from '@app/contracts'
import styles from './auth-forms.module.css'

/** Every rule of the password policy, in the contract's words. */
const REQUIREMENTS = passwordProblems('')

/** Live checklist of the password policy; each rule turns green once the password meets it. */
export function PasswordHints({ password }: { password: string }) {
  const problems = new Set(passwordProblems(password))
  return (
    <>
      <span className={styles.hintsTitle}>Your password needs</span>
      <ul className={styles.hints}>
        {REQUIREMENTS.map((requirement) => {
          const met = password !== '' && !problems.has(requirement)
          return (
            <li key={requirement} className={met ? `${styles.hint} ${styles.met}` : styles.hint}>
              {requirement}
              <span className="visually-hidden">{met ? ' (done)' : ' (still needed)'}</span>
            </li>
          )
        })}
      </ul>
    </>
  )
}
