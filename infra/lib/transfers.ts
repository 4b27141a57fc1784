import { ENV, TRANSFER_RETENTION_DAYS } from '@app/contracts'
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib'
import { PolicyStatement } from 'aws-cdk-lib/aws-iam'
import { BlockPublicAccess, Bucket, BucketEncryption, type CfnBucket, HttpMethods } from 'aws-cdk-lib/aws-s3'
import { Construct } from 'constructs'
import type { ServiceFunction } from './service-function'

export interface TransfersProps {
  /** The app's origin(s): the browser PUTs uploads and GETs downloads straight from S3. */
  appOrigins: string[]
  /** Lower-case stage name: part of the bucket's name. */
  stage: string
}

/**
 * The transfer bucket: contact uploads (`imports/<orgId>/<id>`, presigned PUT from the browser), import
 * checkpoints, invalid-row files and exports (presigned GET). Nothing is public; every object is deleted
 * `TRANSFER_RETENTION_DAYS` after it was written, and unfinished multipart uploads after a day.
 */
export class Transfers extends Construct {
  readonly bucket: Bucket
  readonly bucketName: string

  constructor(scope: Construct, id: string, props: TransfersProps) {
    super(scope, id)
    const stack = Stack.of(this)
    // A name known without the bucket (account and region are pseudo parameters), so the app's CSP can name its
    // origin while the bucket's CORS names the app's: no dependency cycle through CloudFront.
    this.bucketName = `ses-studio-${props.stage}-transfers-${stack.account}-${stack.region}`
    this.bucket = new Bucket(this, 'Bucket', {
      bucketName: this.bucketName,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: false,
      lifecycleRules: [
        {
          id: 'ExpireTransfers',
          expiration: Duration.days(TRANSFER_RETENTION_DAYS),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      cors: [
        {
          allowedOrigins: props.appOrigins,
          allowedMethods: [HttpMethods.PUT, HttpMethods.GET, HttpMethods.HEAD],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
    })
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'Short-lived uploads and exports, each reached only through a presigned URL the API logged handing out.',
    })
  }

  /** The browser origin of presigned URLs (for the app's CSP connect-src). */
  get origin(): string {
    return `https://${this.bucketName}.s3.${Stack.of(this).region}.amazonaws.com`
  }

  /**
   * Objects read and written (multipart included) and the bucket listed, so a missing key is a 404 rather than a
   * 403 to HeadObject; presigned URLs carry the signing function's rights, so API functions get the same.
   */
  grant(fn: ServiceFunction): void {
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['s3:GetObject', 's3:PutObject', 's3:AbortMultipartUpload'],
        resources: [this.bucket.arnForObjects('*')],
      }),
    )
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.bucket.bucketArn] }),
    )
    fn.addEnvironment(ENV.transferBucket, this.bucket.bucketName)
    const bucketId = Stack.of(this).getLogicalId(this.bucket.node.defaultChild as CfnBucket)
    Validations.of(fn).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/*]`,
      reason: 'Object keys are made per organization and import at run time (imports/<orgId>/<id> …).',
    })
  }
}
