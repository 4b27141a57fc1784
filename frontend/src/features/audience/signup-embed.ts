import { signupFormHtml, signupPagePath, type Topic } from '@app/contracts'

/**
 * What a customer puts on their own site to let people sign up to a topic: the hosted page's address (on this
 * app's origin) and the HTML form posting to the public endpoint (on the API's origin; `/` = this site).
 */
export function signupEmbed(topic: Topic, origins: { app: string; apiBaseUrl: string }) {
  const api = new URL(origins.apiBaseUrl || '/', origins.app).origin
  return {
    pageUrl: new URL(signupPagePath(topic.organizationId, topic.id), origins.app).toString(),
    formHtml: signupFormHtml({
      apiUrl: api,
      organizationId: topic.organizationId,
      topicId: topic.id,
      topicName: topic.name,
    }),
  }
}
