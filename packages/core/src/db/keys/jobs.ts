/*
 * Background jobs (jobs/) and the SES control-plane pacer (jobs/pacer.ts).
 *
 * Item                 PK                      SK                         GSI1PK             GSI1SK
 * Job                  ORG#<orgId>             JOB#<jobId>                -                  -   (TTL)
 * Job item             ORG#<orgId>             JOB_ITEM#<jobId>#<index, 10 digits> -         -   (TTL)
 *   (jobs created before: 4 digits, still read and written; see jobs.repo)
 * SES pacing slot      SES_PACE#<awsAccountNumber or awsId>#<region>  SLOT  -           -   (TTL)
 *
 * 20. An organization's jobs, latest first             T: Query PK=ORG#id, SK begins_with JOB#, backwards (ULIDs)
 * 21. A job's items, in order                          T: Query PK=ORG#id, SK begins_with JOB_ITEM#jobId#
 * 22. Record an item's result once                     T: TransactWrite: item conditioned on still pending + ADD to
 *                                                     the job's counts
 * 24. Pace SES control-plane calls per customer account E: UpdateItem SES_PACE#… / SLOT conditioned on the slot read
 *                                                     (shared by every worker; see jobs/pacer.ts)
 *
 * A job is a small record (kind, status, counts, lease) plus one item per thing it works on; the worker records
 * each item's result as soon as it is known. The pacing slot is keyed by the customer's AWS account number, not
 * by tenant: SES's limit is per AWS account, whoever calls.
 */

export const JOB_PREFIX = 'JOB#'
export const jobKey = (orgId: string, id: string) => ({ PK: `ORG#${orgId}`, SK: `${JOB_PREFIX}${id}` })
export const jobItemPrefix = (jobId: string) => `JOB_ITEM#${jobId}#`
/** Ten digits: a job may hold up to 10^10 items (an audience's contacts), still in index order. */
export const jobItemKey = (orgId: string, jobId: string, index: number) => ({
  PK: `ORG#${orgId}`,
  SK: `${jobItemPrefix(jobId)}${String(index).padStart(10, '0')}`,
})
/** How job items were keyed before (4 digits); still read and written for jobs created then (see jobs.repo). */
export const legacyJobItemKey = (orgId: string, jobId: string, index: number) => ({
  PK: `ORG#${orgId}`,
  SK: `${jobItemPrefix(jobId)}${String(index).padStart(4, '0')}`,
})
export const sesPaceKey = (account: string, region: string) => ({
  PK: `SES_PACE#${account}#${region}`,
  SK: 'SLOT',
})
