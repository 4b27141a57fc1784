import { useEffect, useState } from 'react'
import { Button } from './button'
import { toast } from './toast-store'

interface CopyButtonProps {
  text: string
  /** What is copied, for screen readers: 'Copy' + ' the ExternalId'. */
  what: string
  label?: string
}

/** Copies `text` to the clipboard and says so for two seconds (also to screen readers). */
export function CopyButton({ text, what, label = 'Copy' }: CopyButtonProps) {
  const [copied, setCopied] = useState(false)

  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])

  async function copy() {
    try {
      await navigator.clipboard.writeText(text)
      setCopied(true)
    } catch {
      toast.warning('The browser did not allow copying. Select the text and copy it by hand.')
    }
  }

  return (
    <Button variant="secondary" size="small" onClick={copy}>
      <span aria-live="polite">{copied ? 'Copied' : label}</span>
      <span className="visually-hidden"> {what}</span>
    </Button>
  )
}
