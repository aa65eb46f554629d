// The outbox page a developer reads: each mail's headers, its HTML shut in a sandboxed iframe
// under a CSP without scripts, its text, its attachments as downloads, and every string escaped.
import { describe, expect, it } from 'vitest';
import { confirmation, sendEmail, useMailSandbox } from './test-support.ts';

const sandbox = useMailSandbox();

async function outboxPage(): Promise<{ response: Response; html: string }> {
  const response = await fetch(`${sandbox().url}/`);
  return { response, html: await response.text() };
}

describe('GET / (the outbox page)', () => {
  it('says so when nothing was sent', async () => {
    const { response, html } = await outboxPage();
    expect(response.status).toBe(200);
    expect(html).toContain('No mail sent yet.');
  });

  it('shows a mail with everything escaped, its HTML sandboxed and nothing able to run', async () => {
    const hostileSubject = '<img src=x onerror=alert(1)> Commande & "reçu"';
    const hostileHtml = `<script>alert('x')</script><p onclick="steal()">Bonjour</p><img src="https://tracker.example/pixel.gif">`;
    const sent = await sendEmail(sandbox(), {
      ...confirmation('Jeanne <jeanne@example.test>'),
      subject: hostileSubject,
      html: hostileHtml,
      text: 'Merci <b>Jeanne</b>',
      attachments: [{ filename: 'facture "1".pdf', content: Buffer.from('%PDF-1.4').toString('base64') }],
    });
    expect(sent.status).toBe(200);

    const { response, html } = await outboxPage();
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src|unsafe-eval/);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');

    // Nothing the mail carried became markup of the page.
    expect(html).not.toMatch(/<script|<img|<p onclick|<b>/i);
    expect(html).toContain('<h2 class="mail-subject">&lt;img src=x onerror=alert(1)&gt; Commande &amp; &quot;reçu&quot;</h2>');
    expect(html).toContain('<dd class="mail-to">Jeanne &lt;jeanne@example.test&gt;</dd>');
    expect(html).toContain('<pre class="mail-text">Merci &lt;b&gt;Jeanne&lt;/b&gt;</pre>');

    // The HTML body lives only in the iframe's srcdoc, escaped once, in a frame without scripts.
    const iframe = /<iframe\b[^>]*>/.exec(html)?.[0] ?? '';
    expect(iframe).toMatch(/\ssandbox[\s>]/);
    expect(iframe).not.toContain('allow-');
    const srcdoc = /srcdoc="([^"]*)"/.exec(iframe)?.[1] ?? '';
    const unescaped = srcdoc.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&');
    expect(unescaped).toBe(hostileHtml);

    const link = /<a href="([^"]+)" download="([^"]*)">/.exec(html);
    expect(link?.[2]).toBe('facture &quot;1&quot;.pdf');
    const download = await fetch(`${sandbox().url}${link?.[1]}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''facture%20%221%22.pdf`);
    expect(Buffer.from(await download.arrayBuffer()).toString()).toBe('%PDF-1.4');
  });

  it('answers 404 for an attachment that does not exist', async () => {
    const response = await fetch(`${sandbox().url}/outbox/4ef9a417-02e9-4d39-ad75-9611e0fcc33c/attachments/0`);
    expect(response.status).toBe(404);
    await response.body?.cancel();
  });
});
