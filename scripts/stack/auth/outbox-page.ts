// GET /auth/v1/outbox: the mails the local stack would have sent, newest first, so a developer
// can follow a confirmation link without a mail server: each mail's subject and body as the
// customer would read them (rendered from supabase/templates, with values escaped), then its link
// and code. The page around them is tooling, hence in English.
import { escapeHtml } from '../../lib/html.ts';
import type { RouteHandler } from './route.ts';
import type { SentMail } from './mailer.ts';

function mailItem(mail: SentMail): string {
  return `<li class="mail">
  <p><time datetime="${mail.sentAt.toISOString()}">${escapeHtml(mail.sentAt.toISOString())}</time>
     to <strong class="mail-to">${escapeHtml(mail.to)}</strong>: <span class="mail-subject">${escapeHtml(mail.subject)}</span></p>
  <div class="mail-body">${mail.html}</div>
  ${mail.link ? `<p><a class="mail-link" data-action="${mail.action}" href="${escapeHtml(mail.link)}">${escapeHtml(mail.link)}</a></p>` : `<p class="mail-link" data-action="${mail.action}">(no link: a code only)</p>`}
  <p>Or enter the code: <code class="mail-code">${escapeHtml(mail.code)}</code></p>
</li>`;
}

export const outboxPage: RouteHandler = async ({ res, deps }) => {
  const mails = deps.outbox.newestFirst();
  const list = mails.length ? `<ol>\n${mails.map(mailItem).join('\n')}\n</ol>` : '<p>No mail sent yet.</p>';
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Local outbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}li{margin-bottom:1rem}.mail-body{border:1px solid #ccc;border-radius:.5rem;padding:0 1rem;margin:.5rem 0}a{word-break:break-all}</style>
</head>
<body>
<h1>Local outbox</h1>
<p>Mails the local auth service would have sent (kept in memory, newest first).</p>
${list}
</body>
</html>
`;
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html), 'Cache-Control': 'no-store' }).end(html);
};
