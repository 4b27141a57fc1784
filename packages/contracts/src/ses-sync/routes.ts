import { JobSchema } from '../jobs/schemas'
import {
  ACTION_ERRORS,
  AWS_ERRORS,
  ORGANIZATION_ERRORS,
  type RouteDefinition,
  route,
} from '../route-definition'
import { TemplateSchema } from '../templates/schemas'
import {
  SesImportBodySchema,
  SesPublishBodySchema,
  SesSyncOverviewSchema,
  SesSyncQuerySchema,
  SesTakeBodySchema,
  SesTemplateIdsBodySchema,
  SesTemplateParamsSchema,
  SesTemplateReviewSchema,
} from './schemas'

/**
 * Import and sync with the customer's SES (spec §7), the bulk work done in jobs (`jobs/`). Not plan-gated
 * (spec §6 gates blocks, not SES sync); on START, each imported template costs one template action.
 */
export const sesRoutes = {
  getSesSync: route({
    method: 'GET',
    path: '/api/ses',
    group: 'ses-sync',
    summary:
      "The AWS account's SES templates (all pages) with their link and state, and our templates SES does not hold",
    public: false,
    query: SesSyncQuerySchema,
    response: SesSyncOverviewSchema,
    errors: [...ORGANIZATION_ERRORS, 'aws_account.not_found', 'aws_account.not_verified', ...AWS_ERRORS],
    status: 200,
  }),
  importSesTemplates: route({
    method: 'POST',
    path: '/api/ses',
    group: 'ses-sync',
    summary:
      'Import SES templates as HTML templates, linked and in sync (a job; a name clash fails that item; 1 START action each)',
    public: false,
    query: SesSyncQuerySchema,
    body: SesImportBodySchema,
    response: JobSchema,
    errors: [...ORGANIZATION_ERRORS, 'aws_account.not_found', 'aws_account.not_verified'],
    status: 202,
  }),
  publishSesTemplates: route({
    method: 'PATCH',
    path: '/api/ses',
    group: 'ses-sync',
    summary:
      "Publish templates' compiled subject, HTML and text to SES, creating or updating (a job); one changed in SES is skipped unless named in overwriteTemplateIds",
    public: false,
    query: SesSyncQuerySchema,
    body: SesPublishBodySchema,
    response: JobSchema,
    errors: [
      ...ORGANIZATION_ERRORS,
      'aws_account.not_found',
      'aws_account.not_verified',
      'template.not_found',
    ],
    status: 202,
  }),
  deleteSesTemplates: route({
    method: 'DELETE',
    path: '/api/ses',
    group: 'ses-sync',
    summary: 'Delete templates from SES only; the templates stay in the product, unpublished (a job)',
    public: false,
    query: SesSyncQuerySchema,
    body: SesTemplateIdsBodySchema,
    response: JobSchema,
    errors: [
      ...ORGANIZATION_ERRORS,
      'aws_account.not_found',
      'aws_account.not_verified',
      'template.not_found',
    ],
    status: 202,
  }),
  refreshSesTemplates: route({
    method: 'POST',
    path: '/api/ses/refresh',
    group: 'ses-sync',
    summary: 'Read every linked SES template again to detect drift (a job)',
    public: false,
    query: SesSyncQuerySchema,
    response: JobSchema,
    errors: [...ORGANIZATION_ERRORS, 'aws_account.not_found', 'aws_account.not_verified'],
    status: 202,
  }),
  reviewSesTemplate: route({
    method: 'GET',
    path: '/api/ses/templates/{templateId}',
    group: 'ses-sync',
    summary:
      "A linked template's content in SES now (read fresh) beside our current version, with a line diff per part",
    public: false,
    params: SesTemplateParamsSchema,
    query: SesSyncQuerySchema,
    response: SesTemplateReviewSchema,
    errors: [
      ...ORGANIZATION_ERRORS,
      'aws_account.not_found',
      'aws_account.not_verified',
      'template.not_found',
      'ses.not_published',
      ...AWS_ERRORS,
    ],
    status: 200,
  }),
  takeSesVersion: route({
    method: 'POST',
    path: '/api/ses/templates/{templateId}/take',
    group: 'ses-sync',
    summary:
      "Take SES's version: a new version of the template from SES's subject, HTML and text (an HTML template; 1 START action), in sync",
    public: false,
    params: SesTemplateParamsSchema,
    query: SesSyncQuerySchema,
    body: SesTakeBodySchema,
    response: TemplateSchema,
    errors: [
      ...ORGANIZATION_ERRORS,
      ...ACTION_ERRORS,
      'aws_account.not_found',
      'aws_account.not_verified',
      'template.not_found',
      'ses.not_published',
      'version.conflict',
      'ses.changed_again',
      ...AWS_ERRORS,
    ],
    status: 200,
  }),
} as const satisfies Record<string, RouteDefinition>
