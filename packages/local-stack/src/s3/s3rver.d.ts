declare module 's3rver' {
  interface S3rverOptions {
    address?: string
    port?: number
    silent?: boolean
    directory?: string
    resetOnClose?: boolean
    allowMismatchedSignatures?: boolean
    vhostBuckets?: boolean
    configureBuckets?: { name: string; configs: (string | Buffer)[] }[]
  }

  /** A bucket's CORS configuration as s3rver reads it (`lib/models/config.js`). */
  interface S3rverCorsConfiguration {
    matchRule(
      origin: string,
      method: string,
    ): { hasWildcardOrigin: boolean; exposeHeaders: string[]; maxAgeSeconds?: number | string } | undefined
  }

  export default class S3rver {
    constructor(options?: S3rverOptions)
    store: {
      getSubresource(bucket: string, key: undefined, type: 'cors'): Promise<S3rverCorsConfiguration | null>
    }
    run(): Promise<import('node:net').AddressInfo>
    close(): Promise<void>
  }
}
