import { CUSTOMER_ROLE_ACTIONS, customerRoleTemplate } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { roleFromTemplate } from './cloudformation'

const input = { accountId: '111111111111', region: 'eu-west-1', stackName: 'SesStudioAccess' }

describe('roleFromTemplate', () => {
  it('deploys the customer-role template: name per region, trust with ExternalId, exactly its actions, RoleArn output', () => {
    const role = roleFromTemplate(customerRoleTemplate('123456789012'), {
      ...input,
      parameters: { ExternalId: '0123456789abcdef' },
    })
    expect(role).toEqual({
      name: 'SesStudioAccess-eu-west-1',
      trustedAccountIds: ['123456789012'],
      externalId: '0123456789abcdef',
      actions: [...CUSTOMER_ROLE_ACTIONS],
      maxSessionDuration: 3600,
      outputs: { RoleArn: 'arn:aws:iam::111111111111:role/SesStudioAccess-eu-west-1' },
    })
  })

  it('checks parameters like CloudFormation', () => {
    const template = customerRoleTemplate('123456789012')
    expect(() => roleFromTemplate(template, { ...input, parameters: {} })).toThrow(
      'Parameters: [ExternalId] must have values',
    )
    expect(() => roleFromTemplate(template, { ...input, parameters: { ExternalId: 'short' } })).toThrow(
      "Parameter 'ExternalId' must contain at least 16 characters",
    )
    expect(() => roleFromTemplate({ Resources: {} }, { ...input, parameters: {} })).toThrow(
      'exactly one AWS::IAM::Role',
    )
  })
})
