import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { ScheduleStore } from './scheduler'

export interface LocalAwsAccount {
  id: string
  name: string
  /** The operator's own account (`LOCAL_ACCOUNT_ID`): the product's mail, its KMS key, the trusted principal. */
  platform?: boolean
  createdAt: string
}

export interface AccessKey {
  accessKeyId: string
  secretAccessKey: string
  createdAt: string
}

export interface IamUser {
  accountId: string
  name: string
  /** IAM actions the user's identity policy allows (`ses:GetAccount`, `ses:*`, `*`). */
  actions: string[]
  accessKeys: AccessKey[]
  createdAt: string
}

export interface IamRole {
  accountId: string
  name: string
  /** Accounts the trust policy names (`arn:aws:iam::<id>:root`). */
  trustedAccountIds: string[]
  /** The trust policy's `sts:ExternalId` condition; null when it has none. */
  externalId: string | null
  actions: string[]
  maxSessionDuration: number
  /** The CloudFormation stack that made it (console quick-create). */
  stackName?: string
  createdAt: string
}

export interface RoleSession {
  accessKeyId: string
  secretAccessKey: string
  sessionToken: string
  accountId: string
  roleName: string
  sessionName: string
  /** Epoch milliseconds. */
  expiresAt: number
}

export type VerificationStatus = 'PENDING' | 'SUCCESS' | 'FAILED'

export interface EmailIdentity {
  name: string
  type: 'EMAIL_ADDRESS' | 'DOMAIN'
  status: VerificationStatus
  /** Email identities: the secret in the verification mail's link. */
  verificationToken?: string
  dkimTokens?: string[]
  mailFromDomain?: string
  behaviorOnMxFailure?: string
  configurationSetName?: string
  tags: { Key: string; Value: string }[]
  createdAt: string
}

export interface ConfigurationSet {
  name: string
  /** The request's option blocks as sent (TrackingOptions, DeliveryOptions, …), returned by GetConfigurationSet. */
  options: Record<string, unknown>
  /** `EventDestination` objects by name, as sent (with `Name`). */
  eventDestinations: Record<string, Record<string, unknown>>
  createdAt: string
}

export interface SuppressedDestination {
  emailAddress: string
  reason: 'BOUNCE' | 'COMPLAINT'
  lastUpdateTime: string
  /** Set when SES itself suppressed the address (the message that bounced or the complaint's feedback id). */
  messageId?: string
  feedbackId?: string
}

export interface StoredTemplate {
  name: string
  content: { Subject?: string; Html?: string; Text?: string }
  createdAt: number
}

export interface AccountDetails {
  MailType?: string
  WebsiteURL?: string
  ContactLanguage?: string
  UseCaseDescription?: string
  AdditionalContactEmailAddresses?: string[]
  ReviewDetails?: { Status: 'PENDING' | 'GRANTED' | 'DENIED' | 'FAILED'; CaseId: string }
}

/** One account's SES in one region. */
export interface SesAccountState {
  accountId: string
  region: string
  productionAccess: boolean
  sendingEnabled: boolean
  enforcementStatus: string
  max24HourSend: number
  maxSendRate: number
  details?: AccountDetails
  identities: Record<string, EmailIdentity>
  configurationSets: Record<string, ConfigurationSet>
  suppressed: Record<string, SuppressedDestination>
  templates: Record<string, StoredTemplate>
  /** Recipients sent, as `[epoch ms, count]`, kept for 24 hours (quota and rate). */
  sends: [number, number][]
  /** The latest messages sent with event publishing in mind (newest last), for engagement events later. */
  sentMail?: SentMail[]
}

/** A sent message as SES event records describe it (`mail`), and the configuration set it was sent with. */
export interface SentMail {
  messageId: string
  configurationSetName: string
  mail: Record<string, unknown>
}

export interface SnsSubscription {
  arn: string
  protocol: 'http' | 'https'
  endpoint: string
  owner: string
  /** Until the endpoint confirms, SNS only sends it SubscriptionConfirmation messages. */
  confirmed: boolean
  /** The SubscribeURL's token. */
  token: string
  createdAt: string
}

export interface SnsTopic {
  name: string
  arn: string
  accountId: string
  region: string
  /** Settable attributes (DisplayName, Policy, DeliveryPolicy, …) as strings, like SNS keeps them. */
  attributes: Record<string, string>
  tags: { Key: string; Value: string }[]
  /** By subscription ARN. */
  subscriptions: Record<string, SnsSubscription>
  subscriptionsDeleted: number
  createdAt: string
}

export interface LocalAwsState {
  version: 1
  accounts: Record<string, LocalAwsAccount>
  /** By `<accountId>/<name>`. */
  users: Record<string, IamUser>
  roles: Record<string, IamRole>
  /** Temporary credentials by access key id. */
  sessions: Record<string, RoleSession>
  /** By `<accountId>/<region>`. */
  ses: Record<string, SesAccountState>
  /** SNS topics by ARN. */
  snsTopics: Record<string, SnsTopic>
  /** EventBridge Scheduler schedules by `<accountId>/<region>/<group>/<name>` (absent in older state files). */
  schedules?: ScheduleStore
}

const emptyState = (): LocalAwsState => ({
  version: 1,
  accounts: {},
  users: {},
  roles: {},
  sessions: {},
  ses: {},
  snsTopics: {},
})

/** A JSON file written shortly after each change, atomically, so a restart (or a crash) keeps what was done. */
export class JsonFile<T> {
  private scheduled = false

  constructor(
    private readonly file: string,
    readonly data: T,
  ) {}

  static open<T>(file: string, empty: () => T): JsonFile<T> {
    const data = existsSync(file)
      ? { ...empty(), ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<T>) }
      : empty()
    return new JsonFile(file, data)
  }

  save(): void {
    if (this.scheduled) return
    this.scheduled = true
    setImmediate(() => this.flush())
  }

  flush(): void {
    this.scheduled = false
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 })
    const temporary = `${this.file}.tmp`
    // IAM secrets and KMS key material: readable by the stack's user only.
    writeFileSync(temporary, JSON.stringify(this.data, null, 1), { mode: 0o600 })
    renameSync(temporary, this.file)
  }
}

export type StateFile = JsonFile<LocalAwsState>

export const openState = (file: string): StateFile => JsonFile.open(file, emptyState)
