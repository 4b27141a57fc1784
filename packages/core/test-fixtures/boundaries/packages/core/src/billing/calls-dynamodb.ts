import { GetCommand } from '@aws-sdk/lib-dynamodb'

export const readInvoice = (pk: string) =>
  new GetCommand({ TableName: 'fixture', Key: { PK: pk, SK: 'INVOICE' } })
