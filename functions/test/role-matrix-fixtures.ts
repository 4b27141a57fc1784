/**
 * The route-by-role matrix's world and its per-route fixture table (role-matrix.int.test.ts): one Team Plus
 * organization with an owner, an admin and a member, an outsider with an organization of their own, and a real
 * resource for every route whose organization comes from a resource's owner (templates, AWS accounts).
 */
import {
  acceptsCaller,
  type NamedOrganizationSource,
  ROUTE_LIST,
  type Role,
  type RouteEntry,
} from '@app/contracts'
import { createLocalCustomerAccount } from '@app/local-stack/testing/local-aws'
import { ulid } from 'ulid'
import { expect } from 'vitest'
import { addMember, setSubscription } from './seed'
import { createTemplate, type User } from './ses-sync-helpers'
import { newUser, stack } from './stack'

export type Caller = Role | 'OUTSIDER'
export const CALLERS: readonly Caller[] = ['OWNER', 'ADMIN', 'MEMBER', 'OUTSIDER']

/** Every route a signed-in member calls for an organization: the matrix's rows. */
export const MATRIX_ROUTES = ROUTE_LIST.filter(
  (route) => route.permission && acceptsCaller(route, 'user') && route.organization?.in !== 'apiKey',
)

async function connectAwsAccount(owner: User, orgId: string): Promise<string> {
  const keys = await createLocalCustomerAccount(stack)
  const created = await owner.api.post(`/api/aws-accounts?organizationId=${orgId}`, {
    method: 'keys',
    region: 'us-east-1',
    accessKeyId: keys.accessKeyId,
    secretAccessKey: keys.secretAccessKey,
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body.id as string
}

/** The seeded organization: its people, and the resources the fixtures name. */
export async function seedWorld() {
  const [owner, admin, member, outsider] = await Promise.all([newUser(), newUser(), newUser(), newUser()])
  const orgId: string = (await owner.api.get('/api/account')).body.selectedOrganization
  await Promise.all([
    setSubscription(orgId, 'TEAM_PLUS_MONTHLY', 'active'),
    addMember(orgId, admin.sub, 'ADMIN'),
    addMember(orgId, member.sub, 'MEMBER'),
  ])
  const [awsAccountIds, templateIds] = await Promise.all([
    Promise.all([0, 1, 2].map(() => connectAwsAccount(owner, orgId))),
    Promise.all(
      ['Matrix', 'Owner-deletes', 'Admin-deletes', 'Member-deletes'].map(
        async (name) => (await createTemplate(owner, orgId, `${name}-${ulid()}`)).id,
      ),
    ),
  ])
  const [awsAccountId = '', ownerDeletesAccount = '', adminDeletesAccount = ''] = awsAccountIds
  const [templateId = '', ...deletable] = templateIds
  return {
    orgId,
    users: { OWNER: owner, ADMIN: admin, MEMBER: member, OUTSIDER: outsider } satisfies Record<Caller, User>,
    awsAccountId,
    templateId,
    /** What a caller allowed to delete deletes: each their own, so one deletion never hides another's. */
    deletes: {
      awsAccount: { OWNER: ownerDeletesAccount, ADMIN: adminDeletesAccount } as Partial<
        Record<Caller, string>
      >,
      template: { OWNER: deletable[0], ADMIN: deletable[1], MEMBER: deletable[2] } as Partial<
        Record<Caller, string>
      >,
    },
  }
}
export type World = Awaited<ReturnType<typeof seedWorld>>

/**
 * How a route is called. The pipeline checks the permission before it validates (organization → plan gate →
 * validate), so an allowed caller's request is made invalid after the gate where the route's schemas allow it
 * (`matrixProbe` in a strict query or body): the 400 proves the gate let it through and nothing runs. A route
 * whose every part is valid as sent is called for real (`real`): `any` time, or `last` when it ends the caller's
 * membership (leaving, deleting the organization).
 */
export interface Fixture {
  /** Path parameters besides the organization's (default: a new ULID each; `version` 1). */
  params?: (world: World, caller: Caller) => Record<string, string>
  real?: 'any' | 'last'
}

const deleting = (kind: keyof World['deletes'], fallback: (world: World) => string) => ({
  params: (world: World, caller: Caller) => ({ id: world.deletes[kind][caller] ?? fallback(world) }),
  real: 'any' as const,
})

/** Every matrix route by id (the test fails for a route missing here). Most need nothing: `{}`. */
export const FIXTURES: Record<string, Fixture> = {
  ...each(['updateOrganization', 'createCheckoutSession', 'createCustomerPortal', 'listInvoices']),
  ...each(['getBilling', 'updateBilling', 'listAwsAccounts', 'createAwsAccount', 'updateAwsAccount']),
  ...each(['leaveSandbox', 'listEmailIdentities', 'createEmailIdentity', 'deleteEmailIdentity']),
  ...each(['enableMonitoring', 'listMessageLogs', 'getStatusTimeSeries', 'getStatusCombined']),
  deleteOrganization: { real: 'last' },
  acknowledgePriceChange: { real: 'any' },
  deleteAwsAccount: deleting('awsAccount', (world) => world.awsAccountId),
  getAwsAccountStatus: { real: 'any' },
  disableMonitoring: { real: 'any' },
  ...each(['listTemplates', 'createTemplate', 'deleteTemplates', 'updateTemplate', 'copyTemplate']),
  ...each(['listTemplateVersions', 'diffTemplateVersions', 'listTags', 'sendTemplateTest']),
  getTemplate: { real: 'any' },
  deleteTemplate: deleting('template', (world) => world.templateId),
  getTemplateVersion: { real: 'any' },
  restoreTemplateVersion: { real: 'any' },
  ...each(['listBlocks', 'createBlock', 'getBlock', 'updateBlock', 'deleteBlock', 'copyBlock']),
  ...each(['getSesSync', 'importSesTemplates', 'publishSesTemplates', 'deleteSesTemplates']),
  ...each(['refreshSesTemplates', 'reviewSesTemplate', 'takeSesVersion', 'listJobs', 'getJob']),
  ...each(['listTopics', 'getTopic', 'createTopic', 'updateTopic', 'deleteTopic', 'listContacts']),
  ...each(['countContacts', 'createContact', 'getContact', 'updateContact', 'deleteContact']),
  ...each(['bulkContacts', 'prepareContactImport', 'startContactImport', 'getContactImport']),
  ...each(['exportTopicContacts', 'exportContacts', 'getContactExport', 'getSuppressionSync']),
  ...each(['startSuppressionSync', 'listCampaigns', 'getCampaignSenderDefaults', 'createCampaign']),
  ...each(['getCampaign', 'updateCampaign', 'deleteCampaign', 'duplicateCampaign']),
  ...each(['listCampaignRecipients', 'getCampaignReport', 'compareCampaigns', 'downloadOpenedContacts']),
  ...each(['downloadClickedContacts', 'downloadUnsubscribedContacts', 'downloadBouncedContacts']),
  ...each(['getCampaignPreflight', 'sendCampaignTest', 'listCampaignAudienceActions']),
  ...each(['unsubscribeBouncedContacts', 'deleteBouncedContacts', 'createTopicWithOpenedContacts']),
  ...each(['createTopicWithClickedContacts', 'createTopicWithUnsubscribedContacts']),
  ...each(['getContactActivity', 'getTemplateAnalytics']),
  ...each(['listWebhookEndpoints', 'createWebhookEndpoint', 'getWebhookEndpoint', 'updateWebhookEndpoint']),
  ...each(['deleteWebhookEndpoint', 'rotateWebhookSecret', 'enableWebhookEndpoint', 'sendWebhookTest']),
  ...each(['listWebhookDeliveries', 'redeliverWebhook']),
  ...each(['listApiKeys', 'createApiKey', 'updateApiKey', 'rotateApiKey', 'revokeApiKey']),
  // Teams (issue 31): unknown invitation and member ids are the routes' own 404s, after the gate.
  ...each(['inviteMembers', 'changeMemberRole', 'transferOwnership', 'removeMembers']),
  getTeam: { real: 'any' },
  resendInvitation: { real: 'any' },
  removeMember: { params: () => ({ memberId: crypto.randomUUID() }), real: 'any' },
  leaveOrganization: { real: 'last' },
  ...each(['listAuditLog', 'exportAuditLog']),
  getAuditLogExport: { real: 'any' },
}

function each(ids: string[]): Record<string, Fixture> {
  return Object.fromEntries(ids.map((id) => [id, {}]))
}

/** The 404 an outsider gets: the resource's own when the call names one, else the organization's. */
export function outsiderCode(route: RouteEntry): string {
  const source = route.organization as NamedOrganizationSource
  if (source.notFound) return source.notFound
  if (source.owner === 'template') return 'template.not_found'
  if (source.owner === 'awsAccount') return 'aws_account.not_found'
  return 'organization.not_found'
}
