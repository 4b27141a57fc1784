import { apiKeyName } from '../api-keys/public'
import { on } from '../events/dispatch'
import { putEntry } from './audit.repo'
import { AUDITED_TYPES, auditRecordOf } from './entry'

/**
 * The audit log's only writer: one inline subscriber per audited event type (table-only work), each recording
 * its event as an entry. The entry's id is the event's, so a redelivered event writes nothing new.
 */
export const auditSubscribers = AUDITED_TYPES.map((type) =>
  on(type, `audit.record:${type}`, async (event) => {
    const keyName =
      event.actor.type === 'apiKey' && event.organizationId
        ? await apiKeyName(event.organizationId, event.actor.keyId)
        : undefined
    const record = auditRecordOf(event, keyName)
    if (record) await putEntry(record)
  }),
)
