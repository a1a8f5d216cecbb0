/** The little of `oidc-provider` (a dev dependency without types) that the OpenID Connect test uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type OidcAccount = {
    accountId: string;
    claims: () => Promise<Record<string, unknown>> | Record<string, unknown>;
  };

  export type ProviderConfiguration = {
    findAccount?: (context: unknown, id: string) => Promise<OidcAccount | undefined>;
    [setting: string]: unknown;
  };

  export default class Provider {
    constructor(issuer: string, configuration?: ProviderConfiguration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
