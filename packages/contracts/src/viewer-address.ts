/**
 * The viewer's IP address as CloudFront saw it, for the API behind it (API Gateway's `sourceIp` is then an edge
 * server's). CloudFront's own `CloudFront-Viewer-Address` cannot be forwarded together with "every viewer header
 * but Host" (an origin request policy either forwards all viewer headers plus CloudFront's, Host included, which
 * API Gateway refuses with 403, or all but some, without CloudFront's), so a viewer-request CloudFront Function
 * writes this header from `event.viewer.ip` on every `/api/*` request, replacing whatever the client sent.
 */
export const VIEWER_ADDRESS_HEADER = 'x-ses-studio-viewer-address'
