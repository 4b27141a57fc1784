/*
 * Lazy per-organization migrations (migrations/).
 *
 * Item                 PK                      SK                         GSI1PK             GSI1SK
 * Migration marker     ORG#<orgId>             MIGRATION#<name>           -                  -
 *
 * 30. Has this organization been migrated (lazily)    T: GetItem ORG#id / MIGRATION#name (see migrations/)
 */

export const migrationKey = (orgId: string, name: string) => ({ PK: `ORG#${orgId}`, SK: `MIGRATION#${name}` })
