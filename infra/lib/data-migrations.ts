import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { CustomResource, Duration } from 'aws-cdk-lib'
import type { Table } from 'aws-cdk-lib/aws-dynamodb'
import { PolicyStatement } from 'aws-cdk-lib/aws-iam'
import { Construct, type IConstruct } from 'constructs'
import { REPO_ROOT } from './paths'
import { ServiceFunction } from './service-function'
import { grantTableData } from './table'

/** Where the migrations live: a change there is what makes a deploy run them again. */
const MIGRATIONS_DIR = path.join(REPO_ROOT, 'packages', 'core', 'src', 'migrations')

function migrationsFingerprint(): string {
  const hash = createHash('sha256')
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)))
  }
  return hash.digest('hex').slice(0, 16)
}

export interface DataMigrationsProps {
  /** `functions/src/triggers/migrate.ts`: a custom resource handler answering CloudFormation itself. */
  entry: string
  table: Table
  withSentry: boolean
  /** Every function of the stack: the migration runs once they all run the new code. */
  after: IConstruct[]
}

/**
 * Runs the data migrations (every organization, safe to repeat) as a CloudFormation custom resource, on the
 * deploy that adds or changes one and after every function was updated; a failure fails the deploy. The same
 * migrations run lazily per organization on first access, and on `npm start` locally.
 */
export class DataMigrations extends Construct {
  readonly migrate: ServiceFunction

  constructor(scope: Construct, id: string, props: DataMigrationsProps) {
    super(scope, id)
    this.migrate = new ServiceFunction(this, 'Migrate', {
      entry: props.entry,
      environment: {},
      timeout: Duration.minutes(15),
      memorySize: 512,
      withSentry: props.withSentry,
    })
    grantTableData(props.table, this.migrate.function)
    // Only this function scans: it visits every organization once per migration deploy.
    this.migrate.function.addToRolePolicy(
      new PolicyStatement({ actions: ['dynamodb:Scan'], resources: [props.table.tableArn] }),
    )
    const run = new CustomResource(this, 'Run', {
      serviceToken: this.migrate.function.functionArn,
      resourceType: 'Custom::DataMigrations',
      properties: { migrations: migrationsFingerprint() },
    })
    run.node.addDependency(this.migrate, ...props.after)
  }
}
