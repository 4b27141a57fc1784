/*
 * API keys (api-keys/): an organization's credentials for its integrations. The key itself is the lookup item in
 * its own partition (a call presents the key id, so authenticating is one GetItem, never a query or a scan); the
 * organization's partition holds one row per key, only so its keys can be listed and purged with it.
 *
 * Item                 PK                      SK                         notes
 * API key              API_KEY#<keyId>         KEY                        orgId, name, scopes, SHA-256 of the
 *                                                                         secret, createdBy, createdAt,
 *                                                                         revokedAt, lastUsedAt
 * API key row          ORG#<orgId>             API_KEY#<keyId>            (keys only; written with the key)
 *
 * K1. Authenticate a call by its key id          E: GetItem API_KEY#id / KEY (strongly consistent: a revoked key
 *                                                   is refused at once)
 * K2. Create a key                               T+E: TransactWrite of the key and its row, both
 *                                                   attribute_not_exists
 * K3. An organization's keys, newest first       T: Query PK=ORG#id, SK begins_with API_KEY# (ULIDs: time
 *                                                   order), backwards, Limit n + 1 after the cursor's key id;
 *                                                   then BatchGet the page's keys
 * K4. Revoke a key                               E: UpdateItem revokedAt conditioned on the organization and
 *                                                   attribute_not_exists(revokedAt)
 * K5. Record a key's last use (≤ once a minute)  E: UpdateItem lastUsedAt conditioned on it being absent or
 *                                                   older than a minute (a refused update is a use recorded by
 *                                                   another call)
 */
export const API_KEY_PREFIX = 'API_KEY#'
export const apiKeyKey = (keyId: string) => ({ PK: `${API_KEY_PREFIX}${keyId}`, SK: 'KEY' })
export const apiKeyRowKey = (orgId: string, keyId: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${API_KEY_PREFIX}${keyId}`,
})
