import { DeleteCommand } from '@aws-sdk/lib-dynamodb'

export const deleteLedgerShard = (pk: string) =>
  new DeleteCommand({ TableName: 'fixture', Key: { PK: pk, SK: 'R#' } })
