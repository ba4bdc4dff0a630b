/**
 * The /dev/outbox page: the newest mails of the outbox, for a developer or a test to read what the
 * shop would have sent. Plain server-rendered HTML, no script.
 */
import type { OutboxMail } from './outbox-repository';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Europe/London' });

function renderMail(mail: OutboxMail): string {
  const heading = `mail-${mail.id}`;
  const status = mail.sentAt
    ? `sent <time datetime="${mail.sentAt.toISOString()}">${escapeHtml(timeFormat.format(mail.sentAt))}</time>`
    : 'kept in the outbox (no SMTP server configured, or not yet relayed)';
  return `<article aria-labelledby="${heading}">
<h2 id="${heading}">${escapeHtml(mail.subject)}</h2>
<dl>
<dt>To</dt><dd>${escapeHtml(mail.to)}</dd>
<dt>Written</dt><dd><time datetime="${mail.createdAt.toISOString()}">${escapeHtml(timeFormat.format(mail.createdAt))}</time></dd>
<dt>Delivery</dt><dd>${status}</dd>
</dl>
<pre>${escapeHtml(mail.text)}</pre>
</article>`;
}

export function renderOutboxPage(mails: readonly OutboxMail[], limit: number): string {
  const body = mails.length > 0 ? mails.map(renderMail).join('\n') : '<p>No mails yet.</p>';
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Mail outbox (development)</title>
<style>
body { font: 1rem/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #1a1a1a; background: #fff; }
article { border-top: 1px solid #767676; padding: 0.5rem 0 1rem; }
h2 { font-size: 1.125rem; margin: 0.5rem 0; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0 1rem; margin: 0 0 0.5rem; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f3f3f3; padding: 0.75rem; margin: 0; }
</style>
</head>
<body>
<main>
<h1>Mail outbox</h1>
<p>The newest ${limit} mails the shop wrote, newest first. This page exists outside production only.</p>
${body}
</main>
</body>
</html>
`;
}
