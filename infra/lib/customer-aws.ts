import { CUSTOMER_ROLE_NAME, customerRoleTemplate, ENV } from '@app/contracts'
import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib'
import { AnyPrincipal, PolicyStatement } from 'aws-cdk-lib/aws-iam'
import { Key } from 'aws-cdk-lib/aws-kms'
import { BlockPublicAccess, Bucket, BucketEncryption, type CfnBucket } from 'aws-cdk-lib/aws-s3'
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment'
import { Construct } from 'constructs'
import type { ServiceFunction } from './service-function'

const TEMPLATE_KEY = 'customer-role.template.json'

/**
 * What connecting customers' own AWS accounts needs on our side: the KMS key that seals their secret access
 * keys, the customer-role template where CloudFormation quick-create can read it (an S3 URL is required), and
 * the right to assume exactly roles named like the template's.
 */
export class CustomerAws extends Construct {
  readonly key: Key
  readonly templateUrl: string

  constructor(scope: Construct, id: string) {
    super(scope, id)
    const stack = Stack.of(this)
    this.key = new Key(this, 'SecretsKey', {
      alias: 'ses-studio/customer-secrets',
      description:
        "Seals customers' AWS secret access keys (envelope encryption, context = organization + connection)",
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    })

    // CloudFormation reads quick-create templates from S3 in the customer's account: this one object is public
    // (it holds no secret — only our account id), everything else in the bucket is not.
    const bucket = new Bucket(this, 'TemplateBucket', {
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      blockPublicAccess: new BlockPublicAccess({
        blockPublicAcls: true,
        ignorePublicAcls: true,
        blockPublicPolicy: false,
        restrictPublicBuckets: false,
      }),
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: false,
    })
    bucket.addToResourcePolicy(
      new PolicyStatement({
        actions: ['s3:GetObject'],
        principals: [new AnyPrincipal()],
        resources: [bucket.arnForObjects(TEMPLATE_KEY)],
      }),
    )
    new BucketDeployment(this, 'DeployTemplate', {
      destinationBucket: bucket,
      sources: [Source.jsonData(TEMPLATE_KEY, customerRoleTemplate(stack.account))],
      prune: false,
    })
    this.templateUrl = `https://${bucket.bucketRegionalDomainName}/${TEMPLATE_KEY}`
    Validations.of(bucket).acknowledge(
      {
        id: 'AwsSolutions-S1',
        reason: 'Holds one public, versionless template file; access logs would only log reads of it.',
      },
      {
        id: 'AwsSolutions-S2',
        reason: 'Quick-create needs the template readable by any AWS account; only that object is public.',
      },
      {
        id: 'AwsSolutions-S5',
        reason: 'Public by design (the template holds no secret), so there is no origin access identity.',
      },
    )
    const stackBucket = stack.getLogicalId(bucket.node.defaultChild as CfnBucket)
    for (const handler of stack.node.children.filter((child) =>
      child.node.id.startsWith('Custom::CDKBucketDeployment'),
    )) {
      Validations.of(handler).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${stackBucket}.Arn>/*]`,
        reason: "CDK's BucketDeployment writes the template object into its bucket.",
      })
    }
  }

  /** Seal and open the product's own secrets (webhook signing secrets) only: no customer role. */
  grantSecrets(fn: ServiceFunction): void {
    this.key.grant(fn.function, 'kms:GenerateDataKey', 'kms:Decrypt')
    fn.addEnvironment(ENV.secretsKeyId, this.key.keyArn)
  }

  /** Seal/open secrets, assume customers' SES Studio roles, and know where the template is. */
  grant(fn: ServiceFunction): void {
    const stack = Stack.of(this)
    this.key.grant(fn.function, 'kms:GenerateDataKey', 'kms:Decrypt')
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['sts:AssumeRole'],
        resources: [`arn:${stack.partition}:iam::*:role/${CUSTOMER_ROLE_NAME}-*`],
      }),
    )
    Validations.of(fn).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:iam::*:role/${CUSTOMER_ROLE_NAME}-*]`,
      reason:
        "Customers' roles live in their own accounts (any account id); each trusts us only with its connection's ExternalId.",
    })
    fn.addEnvironment(ENV.platformAccountId, stack.account)
    fn.addEnvironment(ENV.secretsKeyId, this.key.keyArn)
    fn.addEnvironment(ENV.customerRoleTemplateUrl, this.templateUrl)
  }
}
