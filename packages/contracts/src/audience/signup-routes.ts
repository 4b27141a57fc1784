import { type RouteDefinition, route } from '../route-definition'
import {
  ConfirmSignupBodySchema,
  SIGNUP_FORM_PATH,
  SignupAcceptedSchema,
  SignupBodySchema,
  SignupConfirmedSchema,
  SignupFormSchema,
  SignupTopicParamsSchema,
  SignupTopicQuerySchema,
} from './signup-schemas'

/** Public signup forms and their confirmation (double opt-in); never plan-gated, no account needed. */
export const signupRoutes = {
  getSignupForm: route({
    method: 'GET',
    path: '/api/signup/{topicId}',
    group: 'unsubscribe',
    summary:
      "A topic's hosted signup page: organization and topic names, whether signups are confirmed by mail",
    auth: 'none',
    params: SignupTopicParamsSchema,
    query: SignupTopicQuerySchema,
    response: SignupFormSchema,
    errors: ['signup.topic_not_found'],
    status: 200,
  }),
  signUp: route({
    method: 'POST',
    path: '/api/signup',
    group: 'unsubscribe',
    summary:
      'Sign an address up to a topic (rate-limited, honeypot); a double opt-in topic mails a confirmation link and keeps it pending',
    auth: 'none',
    body: SignupBodySchema,
    response: SignupAcceptedSchema,
    errors: ['signup.topic_not_found', 'rate.limited'],
    status: 202,
  }),
  signUpByForm: route({
    method: 'POST',
    path: SIGNUP_FORM_PATH,
    group: 'unsubscribe',
    summary:
      "The embeddable HTML form's target: the same signup, answered by sending the browser to the hosted page with the result",
    auth: 'none',
    rawBody: { contentTypes: ['application/x-www-form-urlencoded'] },
    maxBodyBytes: 4 * 1024,
    status: 302,
  }),
  confirmSignup: route({
    method: 'POST',
    path: '/api/signup/confirm',
    group: 'unsubscribe',
    summary: 'Confirm a signup with the signed link mailed to the address (subscribes it; safe to repeat)',
    auth: 'token',
    proof: 'unsubscribe',
    body: ConfirmSignupBodySchema,
    response: SignupConfirmedSchema,
    errors: ['unsubscribe.invalid_signature', 'unsubscribe.contact_gone', 'signup.topic_not_found'],
    status: 200,
  }),
} as const satisfies Record<string, RouteDefinition>
