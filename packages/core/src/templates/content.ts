import { gunzipSync, gzipSync } from 'node:zlib'
import type { SampleDataSet, TemplateLintFinding, TemplateText, TemplateVariable } from '@app/contracts'

/** What a version holds beside its small fields: everything the editor shows. Never changes once written. */
export interface TemplateContent {
  source: string
  text: TemplateText
  textPart: string
  html: string
  sampleData: SampleDataSet[]
  variables: TemplateVariable[]
  lint: TemplateLintFinding[]
}

/**
 * A DynamoDB item holds at most 400 KB, and a template may reach 500 KB of source plus 500 KB of HTML: the
 * content is stored gzip-compressed, in chunks of at most this size (typical templates need one).
 */
export const CONTENT_CHUNK_BYTES = 300 * 1024

export function encodeContent(content: TemplateContent): Uint8Array[] {
  const packed = gzipSync(Buffer.from(JSON.stringify(content), 'utf8'))
  const chunks: Uint8Array[] = []
  for (let start = 0; start < packed.length; start += CONTENT_CHUNK_BYTES) {
    chunks.push(new Uint8Array(packed.subarray(start, start + CONTENT_CHUNK_BYTES)))
  }
  return chunks
}

export function decodeContent(chunks: Uint8Array[]): TemplateContent {
  return JSON.parse(gunzipSync(Buffer.concat(chunks)).toString('utf8')) as TemplateContent
}
