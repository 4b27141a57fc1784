import type { Contact, Topic } from '@app/contracts'
import { useState } from 'react'
import { Dialog } from '../../../components/ui/dialog'
import { toast } from '../../../components/ui/toast-store'
import { useCreateContact, useUpdateContact } from '../api/audience'
import {
  changedPreferences,
  draftAttributes,
  draftFromContact,
  EMPTY_DRAFT,
  newPreferences,
} from '../contact-draft'
import { ContactForm } from './contact-form'

/** Add a contact, or edit one (`contact`): names, attributes, a choice per topic, unsubscribed from everything. */
export function ContactDialog({
  organizationId,
  open,
  contact,
  topics,
  onClose,
  onCreated,
}: {
  organizationId: string
  open: boolean
  contact?: Contact
  topics: readonly Topic[]
  onClose: () => void
  onCreated?: (contact: Contact) => void
}) {
  return (
    <Dialog open={open} onClose={onClose} title={contact ? `Edit ${contact.email}` : 'Add contact'} wide>
      {contact ? (
        <EditForm organizationId={organizationId} contact={contact} topics={topics} onClose={onClose} />
      ) : (
        <CreateForm organizationId={organizationId} topics={topics} onClose={onClose} onCreated={onCreated} />
      )}
    </Dialog>
  )
}

function CreateForm({
  organizationId,
  topics,
  onClose,
  onCreated,
}: {
  organizationId: string
  topics: readonly Topic[]
  onClose: () => void
  onCreated: ((contact: Contact) => void) | undefined
}) {
  const create = useCreateContact(organizationId)
  return (
    <ContactForm
      initial={EMPTY_DRAFT}
      topics={topics}
      withEmail
      pending={create.isPending}
      error={create.error}
      submitLabel="Add contact"
      onCancel={onClose}
      onSubmit={(draft) =>
        create.mutate(
          {
            email: draft.email.trim(),
            ...(draft.firstName.trim() ? { firstName: draft.firstName.trim() } : {}),
            ...(draft.lastName.trim() ? { lastName: draft.lastName.trim() } : {}),
            attributes: draftAttributes(draft),
            topicPreferences: newPreferences(draft, activeIds(topics)),
            unsubscribeAll: draft.unsubscribeAll,
          },
          {
            onSuccess: (contact) => {
              toast.success(`Added ${contact.email}.`)
              onClose()
              onCreated?.(contact)
            },
          },
        )
      }
    />
  )
}

function EditForm({
  organizationId,
  contact,
  topics,
  onClose,
}: {
  organizationId: string
  contact: Contact
  topics: readonly Topic[]
  onClose: () => void
}) {
  const update = useUpdateContact(organizationId, contact.id)
  const [initial] = useState(() => draftFromContact(contact))
  return (
    <ContactForm
      initial={initial}
      topics={topics}
      withEmail={false}
      pending={update.isPending}
      error={update.error}
      submitLabel="Save contact"
      onCancel={onClose}
      onSubmit={(draft) =>
        update.mutate(
          {
            firstName: draft.firstName.trim() || null,
            lastName: draft.lastName.trim() || null,
            attributes: draftAttributes(draft),
            topicPreferences: changedPreferences(initial, draft, activeIds(topics)),
            unsubscribeAll: draft.unsubscribeAll,
            version: contact.version,
          },
          {
            onSuccess: () => {
              toast.success(`Saved ${contact.email}.`)
              onClose()
            },
          },
        )
      }
    />
  )
}

const activeIds = (topics: readonly Topic[]) =>
  topics.filter((topic) => topic.status === 'active').map((topic) => topic.id)
