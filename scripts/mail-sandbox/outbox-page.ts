// GET /: every mail the functions sent through the sandbox, newest first, for a developer to read.
// A mail's HTML is shown in an iframe's srcdoc with `sandbox` (no scripts, no forms, its own
// origin); the page's CSP, which a srcdoc document inherits, blocks scripts and remote loads too.
// Tooling, hence in English.
import { escapeHtml } from '../lib/html.ts';
import type { StoredEmail } from './outbox.ts';

/** Images from the machine itself (the commerce sandbox's) may show; nothing else loads. */
export const outboxPageCsp = "default-src 'none'; style-src 'unsafe-inline'; img-src data: http://127.0.0.1:* http://localhost:*; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const attachmentPath = (email: StoredEmail, index: number) => `/outbox/${email.id}/attachments/${index}`;

const styles = `
body{font-family:system-ui,sans-serif;max-width:64rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
article{border:1px solid #d0d0d7;border-radius:.5rem;padding:1rem 1.25rem;margin-bottom:1.5rem}
h2{margin:0 0 .75rem;font-size:1.2rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;margin:0 0 1rem}
dt{color:#6e6e73}dd{margin:0;word-break:break-all}
iframe{width:100%;height:24rem;border:1px solid #d0d0d7;border-radius:.25rem;resize:vertical;background:#fff}
pre{white-space:pre-wrap;background:#f5f5f7;padding:.75rem;border-radius:.25rem}
h3{font-size:.95rem;margin:1rem 0 .5rem}`;

const row = (label: string, value: string | null, className: string) => (value ? `<dt>${label}</dt><dd class="${className}">${escapeHtml(value)}</dd>` : '');
const list = (values: string[] | null) => (values?.length ? values.join(', ') : null);

function mailArticle(email: StoredEmail): string {
  const headers = email.headers ? Object.entries(email.headers).map(([name, value]) => `${name}: ${value}`).join('\n') : null;
  const html = email.html === null ? '' : `<h3>HTML</h3>\n<iframe class="mail-html" title="HTML body of ${escapeHtml(email.subject)}" sandbox referrerpolicy="no-referrer" srcdoc="${escapeHtml(email.html)}"></iframe>`;
  const text = email.text === null ? '' : `<h3>Text</h3>\n<pre class="mail-text">${escapeHtml(email.text)}</pre>`;
  const attachments = email.attachments.length === 0 ? '' : `<h3>Attachments</h3>\n<ul class="mail-attachments">${email.attachments
    .map((a, i) => `<li><a href="${attachmentPath(email, i)}" download="${escapeHtml(a.filename)}">${escapeHtml(a.filename)}</a> (${escapeHtml(a.content_type)}, ${Buffer.from(a.content, 'base64').length} bytes)</li>`)
    .join('')}</ul>`;
  return `<article class="mail" id="mail-${email.id}">
<h2 class="mail-subject">${escapeHtml(email.subject)}</h2>
<dl>
<dt>Date</dt><dd><time datetime="${email.created_at}">${escapeHtml(email.created_at)}</time></dd>
${row('From', email.from, 'mail-from')}${row('To', list(email.to), 'mail-to')}${row('Cc', list(email.cc), 'mail-cc')}${row('Bcc', list(email.bcc), 'mail-bcc')}${row('Reply-To', list(email.reply_to), 'mail-reply-to')}
${row('Id', email.id, 'mail-id')}${row('Idempotency key', email.idempotency_key, 'mail-idempotency-key')}${row('Headers', headers, 'mail-headers')}
</dl>
${html}
${text}
${attachments}
</article>`;
}

export function outboxPage(emails: StoredEmail[]): string {
  const body = emails.length ? emails.map(mailArticle).join('\n') : '<p>No mail sent yet.</p>';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Mail sandbox outbox</title><style>${styles}</style></head>
<body>
<h1>Mail sandbox outbox</h1>
<p>${emails.length} mail${emails.length === 1 ? '' : 's'} sent through the local stand-in for Resend's API, newest first. Nothing left this machine.</p>
${body}
</body>
</html>
`;
}
