import * as z from 'zod'
import type { Permission } from '../permissions'

/**
 * What an organization's API key may do on the public API (`/api/v1/…`), one scope per kind of call. Each scope
 * stands for the role permission it needs: a member grants a key only scopes whose permission their own role
 * holds, and a key acting through a scope acts with that permission in core (`allows`).
 */
export const API_SCOPES = {
  'contacts:read': 'audience.read',
  'contacts:write': 'audience.write',
  'topics:read': 'audience.read',
  'topics:write': 'audience.write',
  'campaigns:read': 'campaigns.read',
  'campaigns:write': 'campaigns.write',
  'campaigns:send': 'campaigns.send',
  'transactional:send': 'campaigns.write',
  'reports:read': 'campaigns.read',
} as const satisfies Record<string, Permission>

export type ApiScope = keyof typeof API_SCOPES
export const API_SCOPE_LIST = Object.keys(API_SCOPES) as ApiScope[]
export const ApiScopeSchema = z.enum(API_SCOPE_LIST as [ApiScope, ...ApiScope[]])

/** What each scope lets a key do, in the words the key form and the API reference show. */
export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  'contacts:read': 'Read contacts and their subscriptions',
  'contacts:write': 'Create, update and delete contacts; change their subscriptions',
  'topics:read': 'Read topics',
  'topics:write': 'Create and update topics',
  'campaigns:read': 'Read campaigns, their status and progress',
  'campaigns:write': 'Create and edit campaigns',
  'campaigns:send': 'Send, schedule, pause, resume and cancel campaigns',
  'transactional:send': 'Send transactional email from a template',
  'reports:read': 'Read campaign reports',
}

/** The role permission a scope needs and grants. */
export const permissionOfScope = (scope: ApiScope): Permission => API_SCOPES[scope]
