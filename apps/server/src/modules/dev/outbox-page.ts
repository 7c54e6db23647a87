import type { OutboxEntry } from '../../plugins/notify.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A plain server-rendered page (no script, so the strict CSP holds) listing the outbox, newest first. */
export function renderOutboxPage(entries: OutboxEntry[]): string {
  const items = entries
    .map(
      (entry) => `<article>
  <h2>${escapeHtml(entry.subject)}</h2>
  <p class="meta">${entry.channel === 'sms' ? 'SMS' : 'Email'} to <strong>${escapeHtml(entry.to)}</strong>,
    <time datetime="${entry.createdAt}">${escapeHtml(new Date(entry.createdAt).toUTCString())}</time></p>
  <pre>${escapeHtml(entry.text)}</pre>
  ${
    entry.links.length
      ? `<ul>${entry.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('')}</ul>`
      : ''
  }
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox</title><link rel="stylesheet" href="/dev/outbox.css"></head>
<body><main><h1>Outbox</h1>
<p>Messages the product would have sent. Newest first. Only outside production.</p>
${items || '<p>No messages yet.</p>'}
</main></body></html>`;
}

export const outboxCss = `body{font-family:system-ui,sans-serif;margin:0;background:#f6f6f6;color:#1a1a1a}
main{max-width:48rem;margin:0 auto;padding:1rem}article{background:#fff;border-radius:8px;padding:1rem;margin:1rem 0}
h2{font-size:1.1rem;margin:0 0 .25rem}.meta{color:#555;margin:0 0 .5rem}pre{white-space:pre-wrap;font:inherit}
a{color:#5b1f9c;word-break:break-all}`;
