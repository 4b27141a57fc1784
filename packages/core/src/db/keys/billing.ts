/*
 * Billing (Stripe webhooks).
 *
 * Item                 PK                      SK                         GSI1PK             GSI1SK
 * Stripe event         STRIPE_EVENT#<eventId>  EVENT                      -                  -   (TTL)
 *
 *  8. Process a Stripe event once                    E: PutItem STRIPE_EVENT#id with a claim condition
 */

export const stripeEventKey = (eventId: string) => ({ PK: `STRIPE_EVENT#${eventId}`, SK: 'EVENT' })
