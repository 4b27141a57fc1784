import { TABLE } from '@app/contracts'
import { RemovalPolicy } from 'aws-cdk-lib'
import {
  AttributeType,
  BillingMode,
  ProjectionType,
  StreamViewType,
  Table,
  TableEncryption,
} from 'aws-cdk-lib/aws-dynamodb'
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam'
import type { Construct } from 'constructs'

/** The single table (ARCHITECTURE §4), shaped by `TABLE` in contracts like the local stack's. */
export function createAppTable(scope: Construct): Table {
  const table = new Table(scope, 'Table', {
    partitionKey: { name: TABLE.partitionKey, type: AttributeType.STRING },
    sortKey: { name: TABLE.sortKey, type: AttributeType.STRING },
    billingMode: BillingMode.PAY_PER_REQUEST,
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    timeToLiveAttribute: TABLE.ttlAttribute,
    encryption: TableEncryption.AWS_MANAGED,
    deletionProtection: true,
    removalPolicy: RemovalPolicy.RETAIN,
    // Domain events: outbox items reach the event dispatcher through the stream (see events.ts).
    stream: StreamViewType.NEW_IMAGE,
  })
  for (const [indexName, keys] of Object.entries(TABLE.indexes)) {
    table.addGlobalSecondaryIndex({
      indexName,
      partitionKey: { name: keys.partitionKey, type: AttributeType.STRING },
      sortKey: { name: keys.sortKey, type: AttributeType.STRING },
      projectionType: ProjectionType.ALL,
    })
  }
  return table
}

/**
 * Item reads and writes (transactions need the per-item actions) on the table and its named indexes: no Scan,
 * no streams, no `index/*` wildcard.
 */
export const TABLE_DATA_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
]

export function grantTableData(table: Table, grantee: IGrantable): Grant {
  return Grant.addToPrincipal({
    grantee,
    actions: TABLE_DATA_ACTIONS,
    resourceArns: [
      table.tableArn,
      ...Object.keys(TABLE.indexes).map((indexName) => `${table.tableArn}/index/${indexName}`),
    ],
  })
}
