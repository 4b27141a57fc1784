import { contactRoutes } from '@app/contracts/audience/routes'
import { contactActivityRoutes } from '@app/contracts/campaigns/routes'
import { CampaignReports, Contacts } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'
import { idempotency } from '../middleware/steps/idempotency'

export const handler = endpointGroup(
  'contacts',
  { ...contactRoutes, ...contactActivityRoutes },
  {
    listContacts: ({ context, query }) => Contacts.listContacts(context, query),
    countContacts: ({ context, query }) => Contacts.countContacts(context, query),
    createContact: ({ context, body }) => Contacts.createContact(context, body),
    getContact: ({ context, params }) => Contacts.getContact(context, params.id),
    updateContact: ({ context, params, body }) => Contacts.updateContact(context, params.id, body),
    deleteContact: ({ context, params }) => Contacts.deleteContact(context, params.id),
    bulkContacts: ({ context, body }) => Contacts.bulkContacts(context, body),
    getContactActivity: ({ context, params, query }) =>
      CampaignReports.contactActivity(context, params.id, query),
  },
  { idempotency },
)
