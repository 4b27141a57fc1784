/** Background jobs. */
export const JOB_ERROR_STATUS = {
  'job.not_found': 404,
} as const
