/**
 * Identity's domain events, published by this module (./auth.ts) after the change is committed:
 * the cart and the wishlist follow a visitor who signs in; e-mails and notifications tell the
 * customer about their account.
 */
declare module '../../lib/domain-events' {
  interface DomainEventMap {
    /**
     * An anonymous visitor signed up or signed in. Move what belongs to `anonymousUserId` (cart,
     * wishlist) to `userId`. The anonymous user row is deleted once every handler has run, so
     * rows still pointing at it afterwards are lost with it.
     */
    'identity.account_linked': { anonymousUserId: string; userId: string };
    /** A password was changed (by the customer) or reset (by e-mail link). */
    'identity.password_changed': {
      userId: string;
      email: string;
      name: string;
      method: 'change' | 'reset';
      ipAddress: string | null;
      userAgent: string | null;
      at: Date;
    };
    /** A customer signed in from a user agent and address never seen for their account. */
    'identity.new_device_sign_in': {
      userId: string;
      email: string;
      name: string;
      ipAddress: string | null;
      userAgent: string | null;
      at: Date;
    };
    /** A new (non-anonymous) account was created: registered, first OAuth sign-in, or `npm run admin`. */
    'identity.user_registered': {
      userId: string;
      email: string;
      name: string;
      method: 'email-password' | 'oauth' | 'admin';
    };
  }
}

// A module (not a script), so that the block above augments the bus's map.
export {};
