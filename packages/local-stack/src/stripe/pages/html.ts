import type { ServerResponse } from 'node:http'

/** Markup that is already safe (built with `html`), not to be escaped again. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value
  }
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

type Value = SafeHtml | string | number | null | undefined | false | Value[]

const render = (value: Value): string => {
  if (value === null || value === undefined || value === false) return ''
  if (Array.isArray(value)) return value.map(render).join('')
  if (value instanceof SafeHtml) return value.value
  return escapeHtml(String(value))
}

/** A template whose interpolations are escaped unless they are `html` themselves (arrays are joined). */
export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, part, index) => out + part + render(values[index]), ''))
}

const STYLES = `
:root { color-scheme: light; --ink: #1a1f36; --muted: #5b6478; --line: #e3e8ee; --bg: #f6f9fc; --brand: #635bff;
  --brand-dark: #4b45d1; --ok: #0e7a44; --ok-bg: #e3f8ec; --warn: #8a4b00; --warn-bg: #fff4e0; --bad: #b3261e;
  --bad-bg: #fdecea; --radius: 10px; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif;
  color: var(--ink); background: var(--bg); }
a { color: var(--brand-dark); }
a:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid rgba(99, 91, 255, .45); outline-offset: 2px; }
.test-banner { background: #ffde92; color: #4d3800; text-align: center; font-size: 13px; font-weight: 600; padding: 6px 12px; }
.test-banner span { font-weight: 400; }
main { max-width: 980px; margin: 0 auto; padding: 32px 20px 48px; }
main.narrow { max-width: 760px; }
h1 { font-size: 26px; line-height: 1.25; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 0 0 14px; }
p { margin: 0 0 12px; }
.muted { color: var(--muted); }
.small { font-size: 13px; }
.back { display: inline-block; margin-bottom: 20px; text-decoration: none; font-weight: 500; }
.back:hover { text-decoration: underline; }
.card { background: #fff; border: 1px solid var(--line); border-radius: var(--radius); padding: 24px;
  box-shadow: 0 1px 2px rgba(16, 24, 40, .04); margin-bottom: 20px; }
.checkout { display: grid; grid-template-columns: 1fr 1fr; gap: 32px; align-items: start; }
.price { font-size: 36px; font-weight: 700; letter-spacing: -.02em; margin: 6px 0 2px; }
.price small { font-size: 15px; font-weight: 500; color: var(--muted); letter-spacing: 0; }
.summary-row { display: flex; justify-content: space-between; gap: 12px; padding: 12px 0; border-top: 1px solid var(--line); }
.summary-row.total { font-weight: 700; }
label { display: block; font-size: 13px; font-weight: 600; margin: 14px 0 6px; }
input[type=text], input[type=email] { width: 100%; font: inherit; padding: 10px 12px; border: 1px solid #cfd7df;
  border-radius: 8px; background: #fff; color: var(--ink); }
input[readonly] { background: var(--bg); color: var(--muted); }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
button { font: inherit; font-weight: 600; border-radius: 8px; border: 1px solid transparent; padding: 10px 16px;
  cursor: pointer; }
.primary { background: var(--brand); color: #fff; width: 100%; margin-top: 20px; padding: 12px 16px; font-size: 16px; }
.primary:hover { background: var(--brand-dark); }
.secondary { background: #fff; color: var(--ink); border-color: #cfd7df; }
.secondary:hover, .button-link:hover { background: var(--bg); }
.button-link { display: inline-block; text-decoration: none; color: var(--ink); font-weight: 600; background: #fff;
  border: 1px solid #cfd7df; border-radius: 8px; padding: 10px 16px; }
.nowrap { white-space: nowrap; }
.seller { display: flex; align-items: center; gap: 8px; font-weight: 600; margin-bottom: 20px; }
.seller .badge { background: #ffde92; color: #4d3800; }
.danger { background: #fff; color: var(--bad); border-color: #f1b8b3; }
.danger:hover { background: var(--bad-bg); }
.hint { background: var(--bg); border: 1px dashed #cfd7df; border-radius: 8px; padding: 10px 12px; font-size: 13px;
  color: var(--muted); margin-top: 16px; }
.hint code, td code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; color: var(--ink); white-space: nowrap; }
.alert { border-radius: 8px; padding: 12px 14px; margin-bottom: 16px; font-weight: 500; }
.alert.error { background: var(--bad-bg); color: var(--bad); }
.alert.success { background: var(--ok-bg); color: var(--ok); }
.alert.info { background: var(--warn-bg); color: var(--warn); }
.badge { display: inline-block; font-size: 12px; font-weight: 600; border-radius: 999px; padding: 2px 10px; vertical-align: middle; }
.badge.ok { background: var(--ok-bg); color: var(--ok); }
.badge.warn { background: var(--warn-bg); color: var(--warn); }
.badge.bad { background: var(--bad-bg); color: var(--bad); }
.actions { display: flex; flex-wrap: wrap; gap: 10px; margin-top: 16px; }
.actions form { margin: 0; }
.plans { list-style: none; margin: 0; padding: 0; }
.plans li { display: flex; justify-content: space-between; align-items: center; gap: 12px; padding: 12px 0; border-top: 1px solid var(--line); }
.plans form { margin: 0; }
table { width: 100%; border-collapse: collapse; font-size: 14px; }
th, td { text-align: left; padding: 10px 8px; border-top: 1px solid var(--line); vertical-align: top; }
th { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); border-top: 0; }
td.num, th.num { text-align: right; white-space: nowrap; }
.test-controls { border: 2px dashed #f0b429; background: #fffcf2; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 6px 16px; margin: 0; }
dt { color: var(--muted); }
dd { margin: 0; }
footer { text-align: center; color: var(--muted); font-size: 13px; padding: 0 20px 32px; }
@media (max-width: 720px) {
  main { padding: 20px 14px 36px; }
  .checkout { grid-template-columns: 1fr; gap: 8px; }
  .card { padding: 18px; }
  .price { font-size: 30px; }
  .plans li { flex-direction: column; align-items: stretch; }
  .plans li button { width: 100%; }
  .table-wrap { overflow-x: auto; }
  .hide-narrow { display: none; }
}
`

/** A hosted page: the test-mode banner, one `<main>`, the stand-in footer. */
export function page(options: { title: string; body: SafeHtml; narrow?: boolean }): string {
  return `<!doctype html>${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${options.title} · Stripe stand-in</title>
<style>${new SafeHtml(STYLES)}</style>
</head>
<body>
<header class="test-banner">Stripe stand-in — local test mode <span>· no real payments</span></header>
<main class="${options.narrow ? 'narrow' : ''}">${options.body}</main>
<footer>Served by the local Stripe stand-in of SES Studio (<code>packages/local-stack/src/stripe</code>).</footer>
</body>
</html>`}`
}

export function sendHtml(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
  response.end(body)
}

export function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { location, 'cache-control': 'no-store' })
  response.end()
}
