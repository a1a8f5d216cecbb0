import { describe, expect, it } from 'vitest';
import { waNumber, whatsappChatHref } from './whatsapp';

describe('whatsappChatHref', () => {
  it('opens a chat with the shop with the message ready to send', () => {
    expect(whatsappChatHref('Hello, order ORD-20261125-7KQ2M & a question?')).toBe(
      'https://wa.me/256772000123?text=Hello%2C%20order%20ORD-20261125-7KQ2M%20%26%20a%20question%3F',
    );
    expect(whatsappChatHref()).toBe('https://wa.me/256772000123');
  });

  it('writes any Ugandan number the way wa.me wants it', () => {
    expect(waNumber('+256 772 000 123')).toBe('256772000123');
    expect(waNumber('0752 654321')).toBe('256752654321');
  });
});
