import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider'
import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { KMSClient } from '@aws-sdk/client-kms'
import { SESv2Client } from '@aws-sdk/client-sesv2'
import { SQSClient } from '@aws-sdk/client-sqs'
import { STSClient } from '@aws-sdk/client-sts'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'

/*
 * One client per service per process, created on first use. Endpoints come from the SDK's own
 * AWS_ENDPOINT_URL_<SERVICE> variables, so the same code talks to AWS in Lambda and to the stand-ins locally.
 */
function lazy<T>(create: () => T): () => T {
  let value: T | undefined
  return () => {
    value ??= create()
    return value
  }
}

export const dynamo = lazy(() =>
  DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  }),
)
export const ses = lazy(() => new SESv2Client({}))
export const sqs = lazy(() => new SQSClient({}))
export const cognito = lazy(() => new CognitoIdentityProviderClient({}))
export const kms = lazy(() => new KMSClient({}))
/** Our platform's STS: assumes customers' roles with its own (Lambda role) credentials. */
export const sts = lazy(() => new STSClient({}))
