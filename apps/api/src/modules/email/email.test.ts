import { devMailSchema } from '@shop/contract/identity';
import { pagedListSchema } from '@shop/contract/pagination';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createEmailService } from './email.service';
import { escapeHtml, renderEmail } from './layout';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
});
afterAll(() => harness?.close());

describe('the e-mail layout', () => {
  it('has a text and an HTML version with the brand, and escapes what it is given', () => {
    const email = renderEmail({
      subject: 'Hello <there>',
      heading: 'Dear <script>alert(1)</script>',
      paragraphs: ['Tom & Jerry "quoted"'],
      action: { label: 'Open <now>', url: 'https://shop.example/a?b=1&c=<2>' },
      footnote: "It's fine",
    });
    expect(email.text).toContain('KAMPALA CELLARS');
    expect(email.text).toContain('Dear <script>alert(1)</script>');
    expect(email.text).toContain('Open <now>: https://shop.example/a?b=1&c=%3C2%3E');
    expect(email.text).toContain('Purchasers must be 21 or older');
    expect(email.html).toContain('Kampala Cellars');
    expect(email.html).toContain('Dear &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('Tom &amp; Jerry &quot;quoted&quot;');
    expect(email.html).toContain('href="https://shop.example/a?b=1&amp;c=%3C2%3E"');
    expect(email.html).toContain('<title>Hello &lt;there&gt;</title>');
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });

  it('refuses links that are not http(s)', () => {
    expect(() =>
      renderEmail({
        subject: 's',
        heading: 'h',
        paragraphs: [],
        action: { label: 'x', url: 'javascript:alert(1)' },
      }),
    ).toThrow(/javascript/);
  });
});

describe('the development mailbox', () => {
  it('keeps e-mails without SMTP_URL and lists them newest first, paged', async () => {
    expect(harness.app.email.transport).toBe('dev-mailbox');
    const to = `mailbox.${Date.now()}@example.ug`;
    for (const subject of ['first', 'second', 'third']) {
      await harness.app.email.sendEmail({ to, subject, text: `${subject} text`, html: `<p>${subject}</p>` });
    }
    const page = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/dev/mailbox/?to=${to}&page_size=2`,
    });
    expect(page.statusCode).toBe(200);
    const list = pagedListSchema(devMailSchema).parse(page.json());
    expect(list.results.map((mail) => mail.subject)).toEqual(['third', 'second']);
    expect(list).toMatchObject({ count: 3, total_pages: 2, next: 2 });
    expect(list.results[0]).toMatchObject({
      to,
      from: 'Kampala Cellars <hello@kampalacellars.ug>',
      text: 'third text',
    });

    const one = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/dev/mailbox/${list.results[1]?.id}/`,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ subject: 'second', html: '<p>second</p>' });

    const missing = await harness.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox/999999/' });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps a background e-mail the mail server refused, for the staff’s outbox', async () => {
    // Port 9 (discard) on loopback: nothing answers SMTP there, so the send fails at once.
    const email = createEmailService({
      config: { SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'Kampala Cellars <hello@kampalacellars.ug>' },
      db: harness.app.db,
      log: { error: () => {}, info: () => {} },
    });
    const to = `refused.${Date.now()}@example.ug`;
    email.sendInBackground(async () => ({
      to,
      subject: 'Reset your password',
      text: 'link',
      html: '<p>link</p>',
    }));
    await email.close();
    const kept = await harness.database.pool.query('SELECT subject FROM dev_mailbox WHERE "to" = $1', [to]);
    expect(kept.rows).toEqual([{ subject: 'Reset your password' }]);
  });

  it('does not exist in production', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      await production.app.email.sendEmail({ to: 'a@example.ug', subject: 's', text: 't', html: '<p>t</p>' });
      for (const url of ['/api/v1/dev/mailbox/', '/api/v1/dev/mailbox/1/']) {
        const response = await production.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json().error.code).toBe('not_found');
      }
    } finally {
      await production.close();
    }
  });
});
