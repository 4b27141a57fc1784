import { TemplateList, Templates, TemplateVersions, TestSends } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup('templates', {
  listTemplates: ({ actor, query }) => TemplateList.listTemplates(actor, query),
  createTemplate: ({ actor, query, body }) => Templates.createTemplate(actor, query.organizationId, body),
  deleteTemplates: ({ actor, query, body }) => Templates.deleteTemplates(actor, query.organizationId, body),
  getTemplate: ({ actor, params }) => Templates.getTemplate(actor, params.id),
  updateTemplate: ({ actor, params, body }) => Templates.updateTemplate(actor, params.id, body),
  deleteTemplate: ({ actor, params }) => Templates.deleteTemplate(actor, params.id),
  copyTemplate: ({ actor, params, body }) => Templates.copyTemplate(actor, params.id, body),
  listTemplateVersions: ({ actor, params, query }) => TemplateVersions.listVersions(actor, params.id, query),
  getTemplateVersion: ({ actor, params }) => TemplateVersions.getVersion(actor, params.id, params.version),
  restoreTemplateVersion: ({ actor, params }) =>
    TemplateVersions.restoreVersion(actor, params.id, params.version),
  diffTemplateVersions: ({ actor, params, query }) => TemplateVersions.diffVersions(actor, params.id, query),
  listTags: ({ actor, query }) => TemplateList.listTags(actor, query.organizationId),
  sendTemplateTest: ({ actor, body }) => TestSends.sendTest(actor, body),
})
