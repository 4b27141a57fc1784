import type { EmailIdentity } from '@app/contracts'
import { senderAddress } from './identity-display'

type Sender = Pick<EmailIdentity, 'id' | 'type'>

/** What the From field holds: a verified identity and, for a domain, the part before the @. */
export interface SenderChoice {
  senderId: string
  localPart: string
}

const storageKey = (awsAccountId: string) => `ses-studio:test-from:${awsAccountId}`

function storage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

/**
 * The From to offer first: the address last sent from with this AWS account when it can still send (an address
 * identity, or an address at a domain identity), else the first verified address, else an address at the first
 * domain.
 */
export function initialSenderChoice(
  senders: readonly Sender[],
  remembered: string | null | undefined,
): SenderChoice {
  const address = remembered?.toLowerCase()
  if (address) {
    const exact = senders.find(
      (sender) => sender.type === 'EMAIL_ADDRESS' && sender.id.toLowerCase() === address,
    )
    if (exact) return { senderId: exact.id, localPart: 'test' }
    const at = address.lastIndexOf('@')
    const domain = senders.find(
      (sender) => sender.type === 'DOMAIN' && sender.id.toLowerCase() === address.slice(at + 1),
    )
    if (domain && at > 0) return { senderId: domain.id, localPart: remembered?.slice(0, at) ?? 'test' }
  }
  const first = senders.find((sender) => sender.type === 'EMAIL_ADDRESS') ?? senders[0]
  return { senderId: first?.id ?? '', localPart: 'test' }
}

export function rememberedSender(awsAccountId: string): string | null {
  return storage()?.getItem(storageKey(awsAccountId)) ?? null
}

export function rememberSender(awsAccountId: string, address: string): void {
  try {
    storage()?.setItem(storageKey(awsAccountId), address)
  } catch {
    // Storage full or refused: the next test starts from the first identity again.
  }
}

/** The address the choice sends from; undefined when the identity is gone. */
export function chosenAddress(senders: readonly Sender[], choice: SenderChoice): string | undefined {
  const sender = senders.find((candidate) => candidate.id === choice.senderId)
  return sender ? senderAddress(sender, choice.localPart) : undefined
}
