import type { ReactNode } from 'react'
import { Alert } from './alert'
import { Button } from './button'
import { CopyButton } from './copy-button'
import styles from './secret-shown-once.module.css'
import { TextField } from './text-field'

interface SecretShownOnceProps {
  /** The warning's title: 'Copy this key now: you will not see it again'. */
  title: string
  /** The field's label, naming what the secret belongs to. */
  label: string
  secret: string
  /** What the copy button copies, for screen readers: 'the API key'. */
  what: string
  /** Why it cannot be shown again and what to do if it is lost. */
  children: ReactNode
  onDone: () => void
}

/**
 * A secret the server keeps only hashed or sealed (an API key, a webhook signing secret), shown this once: a
 * warning, the value selected on focus, a copy button and Done.
 */
export function SecretShownOnce({ title, label, secret, what, children, onDone }: SecretShownOnceProps) {
  return (
    <div className={styles.shown}>
      <Alert tone="warning" title={title}>
        {children}
      </Alert>
      <div className={styles.secret}>
        <TextField
          label={label}
          value={secret}
          readOnly
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton text={secret} what={what} />
      </div>
      <div>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  )
}
