import { templateRoutes } from '@app/contracts/templates/routes'
import { TemplateDeletion, TemplateList, Templates, TemplateVersions, TestSends } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'
import { idempotency } from '../middleware/steps/idempotency'

export const handler = endpointGroup(
  'templates',
  templateRoutes,
  {
    listTemplates: ({ context, query }) => TemplateList.listTemplates(context, query),
    createTemplate: ({ context, body }) => Templates.createTemplate(context, body),
    deleteTemplates: ({ context, body }) => TemplateDeletion.deleteTemplates(context, body),
    getTemplate: ({ context, params }) => Templates.getTemplate(context, params.id),
    updateTemplate: ({ context, params, body }) => Templates.updateTemplate(context, params.id, body),
    deleteTemplate: ({ context, params }) => TemplateDeletion.deleteTemplate(context, params.id),
    copyTemplate: ({ context, params, body }) => Templates.copyTemplate(context, params.id, body),
    listTemplateVersions: ({ context, params, query }) =>
      TemplateVersions.listVersions(context, params.id, query),
    getTemplateVersion: ({ context, params }) => TemplateVersions.getVersion(context, params),
    restoreTemplateVersion: ({ context, params }) => TemplateVersions.restoreVersion(context, params),
    diffTemplateVersions: ({ context, params, query }) =>
      TemplateVersions.diffVersions(context, params.id, query),
    listTags: ({ context }) => TemplateList.listTags(context),
    sendTemplateTest: ({ context, body, account }) => TestSends.sendTest(context, { body, account }),
  },
  { owners: { template: Templates.organizationOfTemplate }, idempotency },
)
