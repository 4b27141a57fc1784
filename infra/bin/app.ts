import { App, Validations } from 'aws-cdk-lib'
import { AwsSolutionsChecks } from 'cdk-nag'
import { readDeployConfig } from '../lib/config'
import { SesStudioStack } from '../lib/stack'

const app = new App()
// Environment-agnostic on purpose: nothing is looked up, so synth runs offline and the template is the same for
// everyone; `cdk deploy` targets the account and region of the caller's AWS credentials.
new SesStudioStack(app, 'SesStudioStack', {
  stackName: app.node.tryGetContext('stackName') ?? 'SesStudioStack',
  config: readDeployConfig(app.node),
})
Validations.of(app).addPlugins(new AwsSolutionsChecks(app))
