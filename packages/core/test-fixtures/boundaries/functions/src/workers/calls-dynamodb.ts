import type { AttributeValue } from '@aws-sdk/client-dynamodb'

export const handler = (value: AttributeValue) => value
