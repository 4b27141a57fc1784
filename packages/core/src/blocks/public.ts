/**
 * What the functions use of the blocks domain: the propagation of a block's edit to the templates that use it, run
 * as a job (`BlockJobs.…` in the jobs worker). The blocks themselves are templates' (`templates/blocks.ts`).
 */
export * as BlockJobs from './propagate'
