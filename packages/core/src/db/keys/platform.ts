/*
 * The platform's building blocks (platform/): rate-limit windows and idempotency records. Neither belongs to an
 * organization: a window counts a caller, an organization or an address; a record belongs to the caller (a user
 * account, later an API key) that sent the key. Both expire by TTL (`expiresAt`), and both read their own
 * deadline (`windowEnd`, `expiresAt`) in every condition, so an item TTL has not removed yet changes nothing.
 * Subjects and keys are hashed (SHA-256, base64url): an address, an email or a client's key never becomes a key.
 *
 * Item                 PK                                   SK                             notes
 * Rate window          RATE#<bucket>#<hash of subject>      WINDOW                         count, windowEnd (epoch ms); TTL
 * Idempotency record   IDEMPOTENCY#<caller>                 <routeId>#<hash of the key>    state (running | done),
 *                                                                                          fingerprint of the request,
 *                                                                                          owner + leaseUntil while
 *                                                                                          running, the answer when
 *                                                                                          done; TTL 24 h
 *
 * Access patterns (E = an entity's own partition)
 * P1. Count a call in its subject's window      E: UpdateItem ADD count conditioned on windowEnd > now AND
 *                                                  count < limit (the old item comes back when refused); an
 *                                                  absent or ended window is opened by a PutItem conditioned on
 *                                                  attribute_not_exists OR windowEnd <= now
 * P2. Claim an idempotency key for a call       E: PutItem conditioned on attribute_not_exists OR expired OR (running,
 *                                                  lease over, same fingerprint); the record that refused it comes
 *                                                  back (replay, in progress, key reused)
 * P3. Store the answer / release the key        E: UpdateItem (state done) or DeleteItem, conditioned on the owner
 *                                                  of the claim
 *
 * A caller's records share its partition (one caller sends far fewer than ~1,000 writes/s); a window is one item
 * per subject, so a limit above ~1,000 calls/s on one subject is out of its range.
 */
export const rateWindowKey = (bucket: string, subjectHash: string) => ({
  PK: `RATE#${bucket}#${subjectHash}`,
  SK: 'WINDOW',
})

export const idempotencyKey = (caller: string, routeId: string, keyHash: string) => ({
  PK: `IDEMPOTENCY#${caller}`,
  SK: `${routeId}#${keyHash}`,
})
