import { type AwsAccount, type AwsAccountCheck, SES_REGION_NAMES, type SesRegion } from '@app/contracts'

/** 'eu-west-1 — Europe (Ireland)', as the AWS console names regions. */
export function regionLabel(region: SesRegion): string {
  return `${region} — ${SES_REGION_NAMES[region]}`
}

/** Spec §3: an AWS account without a name shows as 'Default'. */
export function awsAccountName(account: Pick<AwsAccount, 'name'>): string {
  return account.name.trim() || 'Default'
}

export function connectionMethodLabel(method: AwsAccount['method']): string {
  return method === 'role' ? 'IAM role' : 'Access keys'
}

/** Spec §4: the selected AWS account, or the first of the organization's when the selection is not among them. */
export function selectedAwsAccountOf<A extends Pick<AwsAccount, 'id'>>(
  accounts: readonly A[],
  selectedId: string | null | undefined,
): A | undefined {
  return accounts.find((account) => account.id === selectedId) ?? accounts[0]
}

/**
 * Whether the connection holds something to check: an access key, or the pasted role ARN (a role connection
 * without one still needs its credentials).
 */
export function hasCredentials(account: Pick<AwsAccount, 'awsAccessKeyId' | 'roleArn'>): boolean {
  return Boolean(account.awsAccessKeyId || account.roleArn)
}

export type AwsSelectorState<A> =
  | { kind: 'none' }
  | { kind: 'finish'; label: 'Finish AWS configuration' | 'Add AWS credentials'; account: A }
  | { kind: 'menu'; accounts: readonly A[]; selected: A }

/**
 * Spec §4 "AWS selector": with no account an 'Add AWS Account' link; with exactly one account that is not
 * verified a button to /app/aws-account ('Finish AWS configuration' once credentials exist, else 'Add AWS
 * credentials'); otherwise the menu with the selected account (or the first).
 */
export function awsSelectorState<
  A extends Pick<AwsAccount, 'id' | 'awsAccountVerified' | 'awsAccessKeyId' | 'roleArn'>,
>(accounts: readonly A[], selectedId: string | null | undefined): AwsSelectorState<A> {
  const [only] = accounts
  if (!only) return { kind: 'none' }
  if (accounts.length === 1 && !only.awsAccountVerified) {
    return {
      kind: 'finish',
      label: hasCredentials(only) ? 'Finish AWS configuration' : 'Add AWS credentials',
      account: only,
    }
  }
  return { kind: 'menu', accounts, selected: selectedAwsAccountOf(accounts, selectedId) ?? only }
}

export interface CheckGuidance {
  /** One sentence on what went wrong, when the API gave none. */
  fallback: string
  /** What the user does next. */
  steps: readonly string[]
}

/**
 * What to do after a failed live check, by its machine-readable code. The API's own message says what failed; this
 * adds where to fix it. Unknown codes get general advice.
 */
export function checkGuidance(
  check: Pick<AwsAccountCheck, 'code'> | null,
  method: AwsAccount['method'],
): CheckGuidance {
  const code = check?.code ?? ''
  if (code === 'keys_invalid') {
    return {
      fallback: 'AWS does not know this access key.',
      steps: [
        'If the key was deleted or deactivated, create a new access key for the IAM user and enter both parts below.',
      ],
    }
  }
  if (code === 'secret_mismatch') {
    return {
      fallback: 'The secret access key does not belong to this access key id.',
      steps: [
        'Paste the secret into the form below (Show lets you compare it), or create a new key pair in IAM and enter both parts.',
      ],
    }
  }
  if (code === 'permission_missing') {
    return {
      fallback: 'The credentials work, but a permission SES Studio needs is missing.',
      steps: [
        method === 'role'
          ? 'Update the CloudFormation stack with the current template, which grants every permission listed.'
          : 'Attach a policy with the permissions listed below to the IAM user that owns the key.',
        'Then check again.',
      ],
    }
  }
  if (code === 'role_invalid') {
    return {
      fallback: 'AWS does not accept this role ARN.',
      steps: [
        'Copy the RoleArn from the Outputs tab of the stack again; it looks like arn:aws:iam::123456789012:role/….',
      ],
    }
  }
  if (code === 'role_not_assumable') {
    return {
      fallback: 'SES Studio could not assume the role.',
      steps: [
        'In the CloudFormation console, open the stack: its status must be CREATE_COMPLETE and its Outputs tab holds the RoleArn.',
        'A stack launched from another connection’s link trusts a different ExternalId: delete it and use “Launch stack in AWS” below.',
      ],
    }
  }
  if (code === 'role_missing' || (method === 'role' && code === '')) {
    return {
      fallback: 'The role ARN is not set yet.',
      steps: ['Create the role with “Launch stack in AWS”, then paste the RoleArn from the stack’s Outputs.'],
    }
  }
  if (code === 'throttled') {
    return {
      fallback: 'AWS asked SES Studio to slow down.',
      steps: ['Wait a few seconds, then check again.'],
    }
  }
  return {
    fallback: 'SES Studio could not reach Amazon SES with this connection.',
    steps: [
      'Check the region: it must be one where you use Amazon SES.',
      'Fix what the message says, then check again.',
    ],
  }
}
