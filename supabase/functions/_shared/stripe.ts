// The functions' Stripe client, built one way: the real `stripe` package (the version package.json
// pins) with STRIPE_SECRET_KEY, on the API version that package was built for (STRIPE_API_VERSION,
// which the webhook endpoint is set to as well), pointed at STRIPE_API_URL when it is set
// (locally, the emulator's Stripe stand-in) and at api.stripe.com when it is not (hosted). Fetch,
// not Node's http, under Deno; SubtleCrypto to verify a webhook's signature.
import Stripe from 'npm:stripe@23.1.0';
import { STRIPE_API_VERSION } from './stripe-endpoint.ts';

export { Stripe };

let client: Stripe | undefined;

export function stripe(): Stripe {
  if (client) return client;
  const api = Deno.env.get('STRIPE_API_URL');
  const at = api ? new URL(api) : undefined;
  client = new Stripe(Deno.env.get('STRIPE_SECRET_KEY') ?? '', {
    apiVersion: STRIPE_API_VERSION,
    httpClient: Stripe.createFetchHttpClient(),
    ...(at && {
      host: at.hostname,
      port: at.port,
      protocol: at.protocol === 'https:' ? 'https' : 'http',
    }),
  });
  return client;
}

export const cryptoProvider = Stripe.createSubtleCryptoProvider();
