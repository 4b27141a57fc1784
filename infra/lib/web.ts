import { existsSync } from 'node:fs'
import path from 'node:path'
import { APP_CONFIG_PATH, type AppConfig, MONITORING_TUNNEL_PATH } from '@app/contracts'
import { Annotations, Duration, Fn, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib'
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager'
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront'
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins'
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type CfnBucket,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3'
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment'
import { Construct } from 'constructs'
import type { DeployConfig } from './config'
import { cloudFrontHeaders } from './security-headers'
import { viewerAddressFunctionCode } from './viewer-address'

export interface WebProps {
  /** `https://<id>.execute-api.<region>.amazonaws.com/` — served under `/api/*` on the site's own origin. */
  apiUrl: string
  contentSecurityPolicy: string
  customDomain?: DeployConfig['customDomain']
  webAclArn?: string
  /** The Vite build output; deployed when it holds an `index.html`. */
  frontendDist: string
  appConfig: AppConfig
}

/** The SPA: private S3 bucket behind CloudFront (OAC), `/api/*` routed to the HTTP API on the same origin. */
export class Web extends Construct {
  readonly bucket: Bucket
  readonly logBucket: Bucket
  readonly distribution: Distribution
  /** `https://<custom domain>` or `https://<id>.cloudfront.net`, without a trailing slash. */
  readonly url: string
  readonly frontendDeployed: boolean

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id)
    this.logBucket = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging writes with ACLs.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    })
    this.bucket = new Bucket(this, 'Site', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3-site/',
      // Only build output lives here; it is redeployed from source.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    })

    const { securityHeadersBehavior, customHeaders } = cloudFrontHeaders(props.contentSecurityPolicy)
    const responseHeadersPolicy = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'SES Studio security headers (CSP and the rest from @app/contracts)',
      securityHeadersBehavior,
      customHeadersBehavior: { customHeaders },
    })

    const apiOrigin = new HttpOrigin(Fn.select(2, Fn.split('/', props.apiUrl)), {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
    })
    const certificate = props.customDomain
      ? Certificate.fromCertificateArn(this, 'Certificate', props.customDomain.certificateArn)
      : undefined

    const viewerAddress = new EdgeFunction(this, 'ViewerAddress', {
      runtime: FunctionRuntime.JS_2_0,
      comment: 'The viewer address for the API (per-IP limits, consent trail)',
      code: FunctionCode.fromInline(viewerAddressFunctionCode()),
    })
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'SES Studio',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy,
        functionAssociations: [{ function: this.spaFallback(), eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      // The API, and the browser's monitoring tunnel (the one API route outside /api).
      additionalBehaviors: Object.fromEntries(
        ['/api/*', MONITORING_TUNNEL_PATH].map((pathPattern) => [
          pathPattern,
          {
            origin: apiOrigin,
            viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
            allowedMethods: AllowedMethods.ALLOW_ALL,
            cachePolicy: CachePolicy.CACHING_DISABLED,
            originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
            responseHeadersPolicy,
            functionAssociations: [{ function: viewerAddress, eventType: FunctionEventType.VIEWER_REQUEST }],
          },
        ]),
      ),
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: this.logBucket,
      logFilePrefix: 'cloudfront/',
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      ...(props.customDomain && certificate
        ? {
            domainNames: [props.customDomain.domainName],
            certificate,
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    })
    this.url = props.customDomain
      ? `https://${props.customDomain.domainName}`
      : `https://${this.distribution.distributionDomainName}`

    this.acknowledgeDistributionFindings(props)

    this.frontendDeployed = existsSync(path.join(props.frontendDist, 'index.html'))
    this.deploySite(props)
    this.acknowledgeDeploymentFindings()
  }

  private acknowledgeDistributionFindings(props: WebProps): void {
    const validations = Validations.of(this.distribution)
    validations.acknowledge({
      id: 'AwsSolutions-CFR1',
      reason:
        'The product serves its customers wherever they are; there is no country to exclude by default.',
    })
    if (!props.webAclArn) {
      validations.acknowledge({
        id: 'AwsSolutions-CFR2',
        reason:
          'A web ACL costs money every month, so it is opt-in: deploy with -c webAclArn=<CLOUDFRONT-scope ACL>. ' +
          'The API keeps stage throttling either way.',
      })
    }
    if (!props.customDomain) {
      validations.acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'The default *.cloudfront.net certificate fixes the viewer TLS policy; with -c domainName and ' +
          '-c certificateArn the distribution enforces TLSv1.2_2021.',
      })
    }
  }

  /** BucketDeployment runs one CDK-provided Lambda per stack, outside our ServiceFunction conventions. */
  private acknowledgeDeploymentFindings(): void {
    const stack = Stack.of(this)
    const siteBucket = stack.getLogicalId(this.bucket.node.defaultChild as CfnBucket)
    const wildcards = [
      'Action::s3:GetBucket*',
      'Action::s3:GetObject*',
      'Action::s3:List*',
      'Action::s3:Abort*',
      'Action::s3:DeleteObject*',
      'Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*',
      `Resource::<${siteBucket}.Arn>/*`,
      'Resource::*',
    ]
    for (const handler of stack.node.children.filter((child) =>
      child.node.id.startsWith('Custom::CDKBucketDeployment'),
    )) {
      Validations.of(handler).acknowledge(
        {
          id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason: "CDK's BucketDeployment handler role; it only writes its own logs with this policy.",
        },
        ...wildcards.map((finding) => ({
          id: `AwsSolutions-IAM5[${finding}]`,
          reason:
            "CDK's BucketDeployment grants: read the CDK asset bucket, sync objects into the site bucket and " +
            'create CloudFront invalidations (an action without resource-level permissions).',
        })),
        {
          id: 'AwsSolutions-L1',
          reason:
            "The BucketDeployment handler's runtime is pinned by aws-cdk-lib and moves with its upgrades.",
        },
      )
    }
  }

  /**
   * Client-side routes (`/app/…`, `/auth/sign-in`) have no file: serve `index.html` for any path whose last
   * segment has no extension. A function rather than distribution-wide error pages, which would also turn
   * the API's own 403/404 answers into HTML.
   */
  private spaFallback(): EdgeFunction {
    return new EdgeFunction(this, 'SpaFallback', {
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serve index.html for SPA routes',
      code: FunctionCode.fromInline(
        [
          'function handler(event) {',
          '  var request = event.request;',
          "  var last = request.uri.split('/').pop();",
          "  if (last.indexOf('.') === -1) request.uri = '/index.html';",
          '  return request;',
          '}',
        ].join('\n'),
      ),
    })
  }

  /**
   * Hashed build assets are immutable and never pruned (an open tab may still load old chunks); everything
   * else is revalidated by browsers, cached by CloudFront until the deployment invalidates it.
   */
  private deploySite(props: WebProps): void {
    const appConfig = Source.jsonData(APP_CONFIG_PATH.replace(/^\//, ''), props.appConfig)
    const assetsDir = path.join(props.frontendDist, 'assets')
    let assets: BucketDeployment | undefined
    if (this.frontendDeployed && existsSync(assetsDir)) {
      assets = new BucketDeployment(this, 'DeployAssets', {
        sources: [Source.asset(assetsDir)],
        destinationBucket: this.bucket,
        destinationKeyPrefix: 'assets/',
        prune: false,
        cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
        memoryLimit: 512,
      })
    }
    if (!this.frontendDeployed) {
      Annotations.of(this).addWarningV2(
        '@app/infra:frontend-not-built',
        `${props.frontendDist} has no index.html, so only ${APP_CONFIG_PATH} is deployed to the site bucket. ` +
          'Build the frontend (npm run build -w frontend) before `cdk deploy` to ship the app.',
      )
    }
    const site = new BucketDeployment(this, 'DeploySite', {
      sources: this.frontendDeployed
        ? [Source.asset(props.frontendDist, { exclude: ['assets/*'] }), appConfig]
        : [appConfig],
      destinationBucket: this.bucket,
      exclude: ['assets/*'],
      // Without a build, keep whatever site is already deployed.
      prune: this.frontendDeployed,
      cacheControl: [CacheControl.fromString('public, max-age=0, s-maxage=86400, must-revalidate')],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    })
    if (assets) site.node.addDependency(assets)
  }
}
