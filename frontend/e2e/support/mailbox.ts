import type { LocalStackConfig } from '@app/local-stack'
import { waitForMail } from '@app/local-stack/testing/mailbox'

export { injectLocalStack } from '@app/local-stack/testing/inject-local-stack'
export { uniqueEmail } from '@app/local-stack/testing/unique-email'

/** The newest link to `path` (with its `#token=`) mailed to `to` since `since` (epoch seconds). */
export async function mailedLink(
  stack: LocalStackConfig,
  { to, path, since }: { to: string; path: string; since: number },
): Promise<string> {
  const mail = await waitForMail(stack, { to, since, subjectIncludes: '', timeoutMs: 20_000 })
  const found = `${mail.html ?? ''}\n${mail.text ?? ''}`.match(
    new RegExp(`https?://[^\\s"'<>]+${path}#token=[A-Za-z0-9_-]{43}`),
  )
  if (!found) throw new Error(`The newest mail to ${to} has no ${path} link`)
  return found[0]
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000) - 1
}
