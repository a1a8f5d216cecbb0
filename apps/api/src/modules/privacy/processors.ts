import type { Processor } from '@shop/contract/privacy';
import type { Config } from '../../config';
import { activeProviderName } from '../payments/providers/provider-set';

/**
 * Who receives customers' data, from the configuration: the one list the staff page and the
 * privacy page both read. A service that is not configured receives nothing and is not listed.
 */
export function processorsOf(config: Config): Processor[] {
  const list: Processor[] = [];
  if (activeProviderName(config) === 'flutterwave') {
    list.push({
      id: 'flutterwave',
      name: 'Flutterwave',
      purpose: 'Mobile-money payments and refunds (MTN, Airtel)',
      receives: 'Paying phone number, name, e-mail address, amount and order reference',
      location: 'Nigeria and the United States (transfer abroad under s.19 of the Act)',
    });
  }
  if (config.SMTP_URL) {
    list.push({
      id: 'smtp',
      name: `E-mail server (${new URL(config.SMTP_URL).hostname})`,
      purpose: 'Sending order, account and newsletter e-mails',
      receives: 'E-mail address, name and the e-mail’s contents',
      location: 'Where the e-mail provider runs its servers',
    });
  }
  if (config.SMS_PROVIDER === 'africastalking') {
    list.push({
      id: 'africastalking',
      name: 'Africa’s Talking',
      purpose: 'Text messages about orders, events and (if you agreed) offers',
      receives: 'Phone number and the message text',
      location: 'Kenya (transfer abroad under s.19 of the Act)',
    });
  }
  if (config.OIDC_ISSUER) {
    list.push({
      id: 'oidc',
      name: `${config.OIDC_PROVIDER_NAME} (${new URL(config.OIDC_ISSUER).hostname})`,
      purpose: 'Signing in with that account, if you choose to',
      receives: 'Nothing from the shop; it tells the shop your name and e-mail address when you sign in',
      location: 'Where that provider runs its servers',
    });
  }
  if (config.GOOGLE_CLIENT_ID) {
    list.push({
      id: 'google',
      name: 'Google',
      purpose: 'Signing in with Google, if you choose to',
      receives: 'Nothing from the shop; it tells the shop your name and e-mail address when you sign in',
      location: 'The United States (transfer abroad under s.19 of the Act)',
    });
  }
  list.push({
    id: 'web-push',
    name: 'Your browser’s push service (Google, Mozilla, Apple)',
    purpose: 'Notifications on your device, if you turn them on',
    receives: 'The notification, encrypted so that only your device can read it',
    location: 'Where your browser’s maker runs it',
  });
  return list;
}
