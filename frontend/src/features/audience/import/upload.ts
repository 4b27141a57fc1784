/**
 * Sends a file straight to S3 with the presigned PUT URL the API handed out. XMLHttpRequest, not fetch: only it
 * reports upload progress. No credentials or auth header go with it: the signature in the URL is the permission.
 */
export interface UploadProgress {
  loaded: number
  total: number
}

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
    this.name = 'UploadError'
  }
}

export function uploadToPresignedUrl(
  url: string,
  file: Blob,
  {
    headers = {},
    onProgress,
    signal,
  }: {
    /** The headers the signature covers (content type …), as the API listed them. */
    headers?: Record<string, string>
    onProgress?: (progress: UploadProgress) => void
    signal?: AbortSignal
  } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('PUT', url)
    for (const [name, value] of Object.entries(headers)) {
      // The browser sets these itself and refuses to be told.
      if (!/^(host|content-length)$/i.test(name)) request.setRequestHeader(name, value)
    }
    request.upload.onprogress = (event) => {
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size })
    }
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress?.({ loaded: file.size, total: file.size })
        resolve()
      } else
        reject(new UploadError(`The upload was refused (HTTP ${request.status}). Try again.`, request.status))
    }
    request.onerror = () =>
      reject(
        new UploadError('The upload could not reach the storage. Check your connection and try again.', 0),
      )
    request.onabort = () => reject(new DOMException('The upload was canceled.', 'AbortError'))
    signal?.addEventListener('abort', () => request.abort(), { once: true })
    request.send(file)
  })
}

/** `12.4 MB` */
export function bytesText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  const megabytes = bytes / (1024 * 1024)
  return `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)} MB`
}
