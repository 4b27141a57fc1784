/**
 * The documented example of every public API operation (`/api/v1/…`): the request the reference shows as curl and
 * TypeScript (`code-samples.ts`), and that `functions/test/api-examples.int.test.ts` runs against the local stack,
 * expecting the operation's success status. Each is checked against the route's own schemas (`examples.test.ts`).
 *
 * Ids and addresses are the `EXAMPLE_VALUES` below: a reader puts their own in their place, the test its seeded
 * ones. A new public route adds its example here (the tests fail until it does).
 */

/** What a reader replaces: ids of their organization's resources, a verified sender, a recipient. */
export const EXAMPLE_VALUES = {
  campaignId: '01JDQ3Z7K8M2N4P6R8T0V2X4Y6',
  templateId: '01JDQ3W5A7C9E1G3J5K7M9P1R3',
  topicId: '01JDQ3X2B4D6F8H0K2M4N6Q8S0',
  contactEmail: 'ada@example.com',
  /** A verified identity of the organization's AWS account. */
  fromEmail: 'news@example.com',
  /** A template of the organization, by name, reading `{{orderNumber}}`. */
  templateName: 'order-receipt',
} as const
export type ExampleValueName = keyof typeof EXAMPLE_VALUES

/** Where the examples send their requests: the deployment's own address in their place. */
export const EXAMPLE_BASE_URL = 'https://app.example.com'
/** The environment variable the examples read the API key from. */
export const EXAMPLE_API_KEY_VARIABLE = 'SES_STUDIO_API_KEY'

export interface RouteExample {
  params?: Record<string, string>
  query?: Record<string, string | number | boolean>
  body?: unknown
  /** Sent as `Idempotency-Key` (idempotent routes): a new one for each new request, e.g. a UUID. */
  idempotencyKey?: string
}

const { campaignId, templateId, topicId, contactEmail, fromEmail, templateName } = EXAMPLE_VALUES
const POSTAL_ADDRESS = 'Acme Inc, 1 Main Street, Springfield 12345'
const idempotencyKey = (n: number) => `5f0c8a2e-3b1d-4c6e-9f7a-${String(n).padStart(12, '0')}`

/** By route id. */
export const PUBLIC_API_EXAMPLES: Record<string, RouteExample> = {
  listPublicCampaigns: { query: { limit: 20 } },
  createPublicCampaign: {
    body: {
      name: 'Spring launch',
      templateId,
      topicIds: [topicId],
      sender: { fromEmail, fromName: 'Acme News', postalAddress: POSTAL_ADDRESS },
    },
    idempotencyKey: idempotencyKey(1),
  },
  getPublicCampaign: { params: { id: campaignId } },
  schedulePublicCampaign: {
    params: { id: campaignId },
    body: { schedule: { at: '2030-06-01T09:00:00.000Z', timeZone: 'Europe/Paris' } },
    idempotencyKey: idempotencyKey(2),
  },
  sendPublicCampaign: { params: { id: campaignId }, idempotencyKey: idempotencyKey(3) },
  pausePublicCampaign: { params: { id: campaignId }, idempotencyKey: idempotencyKey(4) },
  resumePublicCampaign: { params: { id: campaignId }, idempotencyKey: idempotencyKey(5) },
  cancelPublicCampaign: { params: { id: campaignId }, idempotencyKey: idempotencyKey(6) },
  getPublicCampaignReport: { params: { id: campaignId } },
  sendPublicEmail: {
    body: {
      template: { name: templateName },
      to: [contactEmail],
      data: { orderNumber: '1042' },
      from: { email: fromEmail, name: 'Acme' },
    },
    idempotencyKey: idempotencyKey(7),
  },
  upsertPublicContact: {
    body: {
      email: contactEmail,
      firstName: 'Ada',
      lastName: 'Lovelace',
      attributes: { plan: 'pro' },
      topicPreferences: [{ topicId, status: 'OPT_IN' }],
    },
    idempotencyKey: idempotencyKey(8),
  },
  upsertPublicContacts: {
    body: {
      contacts: [
        { email: contactEmail, firstName: 'Ada', topicPreferences: [{ topicId, status: 'OPT_IN' }] },
        { email: 'grace@example.com', firstName: 'Grace', attributes: { plan: 'team' } },
      ],
    },
    idempotencyKey: idempotencyKey(9),
  },
  listPublicContacts: { query: { topicId, optIn: 'true', limit: 50 } },
  getPublicContact: { params: { id: contactEmail } },
  updatePublicContactSubscriptions: {
    params: { id: contactEmail },
    body: { topicPreferences: [{ topicId, status: 'OPT_OUT' }] },
    idempotencyKey: idempotencyKey(10),
  },
  unsubscribePublicContact: { params: { id: contactEmail }, idempotencyKey: idempotencyKey(11) },
  deletePublicContact: { params: { id: contactEmail } },
  listPublicTopics: {},
  createPublicTopic: {
    body: {
      name: 'Product news',
      description: 'New features, once a month',
      defaultSubscriptionStatus: 'OPT_OUT',
    },
    idempotencyKey: idempotencyKey(12),
  },
  getPublicTopic: { params: { id: topicId } },
  updatePublicTopic: {
    params: { id: topicId },
    body: { description: 'New features and fixes, once a month' },
  },
}
