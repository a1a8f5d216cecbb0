import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

/** The SMS settings, checked at start-up (README "Settings"). */
describe('SMS settings', () => {
  it("sends nothing by default and points at the live Africa's Talking API", () => {
    const config = loadConfig({});
    expect(config.SMS_PROVIDER).toBeUndefined();
    expect(config.AT_BASE_URL).toBe('https://api.africastalking.com');
    expect(config.SMS_MAX_ATTEMPTS).toBe(5);
    expect(config.SMS_RETRY_DELAY_SECONDS).toBe(30);
  });

  it('needs the username and API key with SMS_PROVIDER=africastalking', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'africastalking' })).toThrow(
      'SMS_PROVIDER=africastalking needs AT_USERNAME and AT_API_KEY',
    );
    const config = loadConfig({
      SMS_PROVIDER: 'africastalking',
      AT_USERNAME: 'sandbox',
      AT_API_KEY: 'atsk_0123456789abcdef',
      AT_BASE_URL: 'https://api.sandbox.africastalking.com',
      AT_SENDER_ID: 'KCellars',
    });
    expect(config).toMatchObject({ SMS_PROVIDER: 'africastalking', AT_SENDER_ID: 'KCellars' });
  });

  it('names each wrong value', () => {
    try {
      loadConfig({
        SMS_PROVIDER: 'twilio',
        AT_BASE_URL: 'api.africastalking.com',
        AT_SENDER_ID: 'Kampala Cellars Ltd',
        AT_CALLBACK_TOKEN: 'short',
      });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain('SMS_PROVIDER must be africastalking (or unset) (got "twilio")');
      expect(message).toContain('AT_BASE_URL must be an absolute URL');
      expect(message).toContain('AT_SENDER_ID must be an alphanumeric sender ID of at most 11 characters');
      expect(message).toContain('AT_CALLBACK_TOKEN must be 24 or more');
      return;
    }
    throw new Error('expected a ConfigError');
  });
});
