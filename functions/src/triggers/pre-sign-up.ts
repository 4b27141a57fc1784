import type { PreSignUpTriggerEvent } from 'aws-lambda'

/**
 * Cognito pre-sign-up trigger: confirm email+password sign-ups at once, so sign-up signs the user in and goes to
 * /app with no code step (spec §4). The address is NOT marked verified: the product's own verification mail
 * does that when the user follows it.
 */
export async function handler(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  if (event.triggerSource === 'PreSignUp_SignUp' || event.triggerSource === 'PreSignUp_ExternalProvider') {
    event.response.autoConfirmUser = true
  }
  // A federated (Google) sign-in proves the address through the identity provider.
  if (event.triggerSource === 'PreSignUp_ExternalProvider') event.response.autoVerifyEmail = true
  return event
}
