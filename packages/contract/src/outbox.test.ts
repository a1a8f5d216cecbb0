import { describe, expect, it } from 'vitest';
import { emailLinks, outboxKindOf } from './outbox';

describe('the outbox', () => {
  it("reads an e-mail's links from its text, without trailing punctuation or repeats", () => {
    const text =
      'Choose a new password: https://shop.example/reset-password?token=abc\n' +
      'Or copy https://shop.example/reset-password?token=abc.\nSee (https://shop.example/faq).';
    expect(emailLinks(text)).toEqual([
      'https://shop.example/reset-password?token=abc',
      'https://shop.example/faq',
    ]);
  });

  it('names the kind of an e-mail from the page its link opens', () => {
    const kind = (path: string, extra = '') => outboxKindOf(`Open: https://shop.example${path}\n${extra}`);
    expect(kind('/reset-password?token=x')).toBe('password_reset');
    expect(kind('/newsletter/confirm?token=x')).toBe('newsletter');
    expect(kind('/order-history/3f1c')).toBe('order');
    expect(kind('/payments')).toBe('payment');
    expect(
      kind('/events/wine-night', 'Unsubscribe: https://shop.example/newsletter/unsubscribe?token=y'),
    ).toBe('event');
    expect(kind('/login')).toBe('account');
    expect(outboxKindOf('No link at all')).toBe('other');
  });
});
