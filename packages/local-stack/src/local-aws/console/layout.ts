import { html, SafeHtml } from '../../stripe/pages/html'

const STYLES = `
:root { color-scheme: light; --ink: #16191f; --muted: #5f6b7a; --line: #e9ebed; --bg: #f2f3f3; --nav: #232f3e;
  --accent: #ec7211; --accent-dark: #c45500; --link: #0972d3; --ok: #037f0c; --ok-bg: #e9f7eb; --warn: #8d6605;
  --warn-bg: #fff7e0; --bad: #d91515; --bad-bg: #fff0f0; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.5 "Amazon Ember", -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif;
  color: var(--ink); background: var(--bg); }
a { color: var(--link); }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, textarea:focus-visible { outline: 2px solid var(--link); outline-offset: 2px; }
.top { background: var(--nav); color: #fff; display: flex; align-items: center; gap: 16px; padding: 10px 20px; }
.top a { color: #fff; text-decoration: none; font-weight: 700; }
.top .stand-in { background: #ffde92; color: #4d3800; font-size: 12px; font-weight: 700; border-radius: 4px; padding: 2px 8px; }
.top .note { color: #d1d5db; font-size: 12px; margin-left: auto; }
main { max-width: 1100px; margin: 0 auto; padding: 24px 20px 48px; }
main.narrow { max-width: 760px; }
h1 { font-size: 24px; margin: 0 0 4px; font-weight: 700; }
h2 { font-size: 17px; margin: 0 0 12px; }
h3 { font-size: 14px; margin: 18px 0 8px; }
p { margin: 0 0 10px; }
.muted { color: var(--muted); }
.small { font-size: 12px; }
.crumbs { font-size: 13px; margin-bottom: 12px; }
.panel { background: #fff; border-radius: 8px; box-shadow: 0 1px 1px rgba(0, 28, 36, .3), 1px 1px 1px rgba(0, 28, 36, .15);
  padding: 20px; margin-bottom: 20px; }
.panel-head { display: flex; justify-content: space-between; align-items: baseline; gap: 12px; flex-wrap: wrap; margin-bottom: 12px; }
.panel-head h2 { margin: 0; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: 8px; border-top: 1px solid var(--line); vertical-align: top; }
th { font-size: 12px; color: var(--muted); font-weight: 700; border-top: 0; }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
code.value { background: var(--bg); border-radius: 4px; padding: 2px 6px; overflow-wrap: anywhere; }
.badge { display: inline-block; font-size: 12px; font-weight: 700; border-radius: 12px; padding: 1px 10px; white-space: nowrap; }
.badge.ok { background: var(--ok-bg); color: var(--ok); }
.badge.warn { background: var(--warn-bg); color: var(--warn); }
.badge.bad { background: var(--bad-bg); color: var(--bad); }
.badge.info { background: #e8f2fd; color: #0a4a74; }
button, .button { font: inherit; font-weight: 700; border-radius: 20px; border: 2px solid var(--link); background: #fff;
  color: var(--link); padding: 4px 16px; cursor: pointer; text-decoration: none; display: inline-block; }
button:hover, .button:hover { background: #f0f8ff; }
button.primary { background: var(--accent); border-color: var(--accent); color: #fff; }
button.primary:hover { background: var(--accent-dark); border-color: var(--accent-dark); }
button.small { font-size: 12px; padding: 2px 12px; }
button.danger, .button.danger { color: var(--bad); border-color: var(--bad); }
button.primary.danger { background: var(--bad); border-color: var(--bad); color: #fff; }
button.primary.danger:hover { background: #b01010; border-color: #b01010; }
.nowrap { white-space: nowrap; }
.region-picker { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin-bottom: 12px; }
.region-picker label { margin: 0; }
.region-picker select { width: auto; min-width: 0; flex: 0 1 auto; }
form.inline { display: inline; margin: 0; }
label { display: block; font-weight: 700; margin: 14px 0 4px; }
.help { color: var(--muted); font-size: 12px; margin-top: 2px; }
input[type=text], select, textarea { width: 100%; font: inherit; padding: 6px 10px; border: 2px solid #7d8998; border-radius: 8px; background: #fff; }
textarea { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; resize: vertical; }
input[readonly] { background: var(--bg); border-color: var(--line); }
.actions { display: flex; gap: 10px; justify-content: flex-end; margin-top: 20px; }
.alert { border-radius: 8px; padding: 12px 14px; margin-bottom: 16px; border: 1px solid; }
.alert.error { background: var(--bad-bg); color: var(--bad); border-color: #ffc5c5; }
.alert.success { background: var(--ok-bg); color: var(--ok); border-color: #b7e4bc; }
.alert.info { background: #f0f8ff; color: #0a4a74; border-color: #b8dcfb; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 6px 20px; margin: 0; }
dt { color: var(--muted); }
dd { margin: 0; }
.grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(160px, 1fr)); gap: 12px; margin-bottom: 12px; }
.stat { border-left: 3px solid var(--line); padding-left: 10px; }
.stat b { display: block; font-size: 18px; }
.copy { margin-left: 6px; }
footer { text-align: center; color: var(--muted); font-size: 12px; padding: 0 20px 32px; }
@media (max-width: 720px) { .top .note { display: none; } main { padding: 16px 10px 32px; } .panel { padding: 14px; } .table-wrap { overflow-x: auto; } }
`

/** Copies the `data-copy` text of the clicked button (the only script besides quick-create's hash reader). */
const COPY_SCRIPT = `document.addEventListener('click', (event) => {
  const button = event.target.closest('[data-copy]');
  if (!button) return;
  navigator.clipboard?.writeText(button.getAttribute('data-copy')).then(() => {
    const label = button.textContent; button.textContent = 'Copied'; setTimeout(() => { button.textContent = label }, 1200);
  });
});`

/** A console page: the stand-in bar, one `<main>`, a footer saying what serves it. */
export function consolePage(options: {
  title: string
  body: SafeHtml
  narrow?: boolean
  script?: string
}): string {
  return `<!doctype html>${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${options.title} · Local AWS stand-in</title>
<style>${new SafeHtml(STYLES)}</style>
</head>
<body>
<header class="top"><a href="/console">AWS console</a><span class="stand-in">Local AWS stand-in</span><span class="note">Nothing here touches real AWS.</span></header>
<main class="${options.narrow ? 'narrow' : ''}">${options.body}</main>
<footer>Served by SES Studio's local AWS stand-in (<code>packages/local-stack/src/local-aws</code>).</footer>
<script>${new SafeHtml(COPY_SCRIPT)}${new SafeHtml(options.script ?? '')}</script>
</body>
</html>`}`
}

export const copyButton = (text: string, label = 'Copy') =>
  html`<button type="button" class="small copy" data-copy="${text}">${label}</button>`

export function statusBadge(status: string): SafeHtml {
  const tone =
    status === 'SUCCESS' || status === 'GRANTED'
      ? 'ok'
      : status === 'FAILED' || status === 'DENIED'
        ? 'bad'
        : 'warn'
  return html`<span class="badge ${tone}">${status}</span>`
}
