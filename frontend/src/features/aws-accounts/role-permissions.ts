import { CUSTOMER_ROLE_ACTIONS } from '@app/contracts'

export interface PermissionGroup {
  id: 'account' | 'identities' | 'sending' | 'templates' | 'monitoring' | 'other'
  title: string
  /** What SES Studio does with these permissions, in plain words. */
  description: string
  actions: string[]
}

const GROUPS: readonly (Omit<PermissionGroup, 'actions'> & { matches: (action: string) => boolean })[] = [
  {
    id: 'account',
    title: 'Account status & sandbox',
    description: 'Read quotas and sending state, ask AWS for production access, count suppressed addresses.',
    matches: (action) => /^ses:(GetAccount|PutAccountDetails|ListSuppressedDestinations)$/.test(action),
  },
  {
    id: 'identities',
    title: 'Sender identities',
    description: 'List, add and delete the addresses and domains you send from, and their MAIL FROM setting.',
    matches: (action) => /^ses:\w*EmailIdentit/.test(action),
  },
  {
    id: 'sending',
    title: 'Sending',
    description: 'Send test emails and campaigns from your verified identities.',
    matches: (action) => /^ses:Send/.test(action),
  },
  {
    id: 'templates',
    title: 'Templates',
    description: 'Publish, import, update, delete and test-render SES email templates.',
    matches: (action) => /^ses:\w*EmailTemplate/.test(action),
  },
  {
    id: 'monitoring',
    title: 'Monitoring',
    description:
      'Create the configuration set and SNS topic that report deliveries, bounces and complaints to SES Studio, and remove them again.',
    matches: (action) => /^ses:\w*ConfigurationSet/.test(action) || action.startsWith('sns:'),
  },
]

/** The actions the role (or an access key's policy) must allow, grouped by what they are for. */
export function permissionGroups(actions: readonly string[] = CUSTOMER_ROLE_ACTIONS): PermissionGroup[] {
  const groups: PermissionGroup[] = GROUPS.map(({ matches: _, ...group }) => ({ ...group, actions: [] }))
  const other: PermissionGroup = {
    id: 'other',
    title: 'Other',
    description: 'Further actions SES Studio uses.',
    actions: [],
  }
  for (const action of actions) {
    const index = GROUPS.findIndex((group) => group.matches(action))
    ;(groups[index] ?? other).actions.push(action)
  }
  return [...groups, other].filter((group) => group.actions.length > 0)
}

/** The identity policy an IAM user needs for an access-key connection: exactly what the role grants. */
export function accessKeyPolicyJson(actions: readonly string[] = CUSTOMER_ROLE_ACTIONS): string {
  return JSON.stringify(
    {
      Version: '2012-10-17',
      Statement: [{ Sid: 'SesStudioAccess', Effect: 'Allow', Action: [...actions], Resource: '*' }],
    },
    null,
    2,
  )
}
