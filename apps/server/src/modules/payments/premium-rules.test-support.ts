import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { call, type OutboxMail, outbox, type TestApp } from '../../test/test-app.ts';

/**
 * Helpers of checkout-rules.test.ts and contracts-rules.test.ts: a fake Stripe API that records what the
 * app asked of it (never the network), Stripe-shaped events signed with the app's webhook secret, and a
 * mail's plain text as the member reads it.
 */

export const DAY = 86_400_000;
export const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** One request the app made to the fake Stripe API, its form body decoded. */
export interface StripeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });

/**
 * The parts of the Stripe API the app calls: Checkout Sessions (`cs_fake_1`, `cs_fake_2`, …), cancelling
 * or updating a subscription (one whose id contains `broken` is refused) and refunds. `next.session`
 * makes the next Checkout Session come without a URL, or be refused.
 */
export async function startFakeStripe() {
  const requests: StripeRequest[] = [];
  const next: { session?: 'no_url' | 'refused' } = {};
  let sessions = 0;
  const server = createServer(async (req, res) => {
    const body = await read(req);
    const path = req.url ?? '';
    const params = Object.fromEntries(new URLSearchParams(body));
    const key = req.headers['idempotency-key'];
    requests.push({
      method: req.method ?? '',
      path,
      params,
      idempotencyKey: typeof key === 'string' ? key : undefined,
    });
    res.setHeader('content-type', 'application/json');
    const refuse = () => {
      res.statusCode = 400;
      res.end(JSON.stringify({ error: { message: 'refused by the fake', type: 'invalid_request_error' } }));
    };
    if (path === '/v1/checkout/sessions') {
      const mode = next.session;
      next.session = undefined;
      if (mode === 'refused') return refuse();
      sessions += 1;
      const id = `cs_fake_${sessions}`;
      return res.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          url: mode === 'no_url' ? null : `https://checkout.stripe.test/c/pay/${id}`,
        }),
      );
    }
    const subscription = /^\/v1\/subscriptions\/([^/?]+)$/.exec(path);
    if (subscription) {
      const id = subscription[1]!;
      if (id.includes('broken')) return refuse();
      return res.end(
        JSON.stringify({
          id,
          object: 'subscription',
          status: req.method === 'DELETE' ? 'canceled' : 'active',
        }),
      );
    }
    if (path === '/v1/refunds') {
      return res.end(
        JSON.stringify({
          id: `re_fake_${requests.length}`,
          object: 'refund',
          amount: Number(params.amount),
          status: 'succeeded',
        }),
      );
    }
    res.statusCode = 404;
    res.end(JSON.stringify({ error: { message: 'not in the fake', type: 'invalid_request_error' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    requests,
    next,
    /** The app's Stripe settings for this fake. */
    config: (webhookSecret: string) => ({
      secretKey: 'sk_test_fake',
      webhookSecret,
      api: { host: '127.0.0.1', port, protocol: 'http' as const },
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const signer = new Stripe('sk_test_signing_only');
let events = 0;

/** Delivers a Stripe-shaped event to POST /api/payments/webhook, signed with the app's secret; its status. */
export async function deliverEvent(
  app: TestApp,
  type: string,
  object: Record<string, unknown>,
  created = Math.floor(Date.now() / 1000),
) {
  events += 1;
  const payload = JSON.stringify({
    id: `evt_rules_${events}_${Date.now()}`,
    object: 'event',
    created,
    type,
    data: { object },
  });
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: app.config.stripe.webhookSecret,
  });
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
  });
  return res.statusCode;
}

/** The mail's plain-text part, line by line (greeting, paragraphs, action, footer). */
export function plainLines(mail: OutboxMail): string[] {
  const raw = mail.text.replace(/\r\n/g, '\n');
  const part = raw.indexOf('Content-Type: text/plain');
  const from = raw.indexOf('\n\n', part) + 2;
  const to = raw.indexOf('\n--', from);
  return raw.slice(from, to).split('\n');
}

/** `6,99 €` as Intl writes it in German (a no-break space before the sign). */
export const euro = (amount: string) => `${amount}\u00a0€`;

/**
 * Contract mails in a fixed order: in the order the events happened, and within one event the order
 * confirmation before the receipt before a failure notice. Mails queued by one event are separate jobs,
 * which the job queue may deliver in either order (PostgreSQL runs them side by side).
 */
export function inContractOrder(mails: OutboxMail[]): OutboxMail[] {
  const rank = (m: OutboxMail) =>
    /Bestellung|premium order/.test(m.subject) ? 0 : /Quittung|Receipt/.test(m.subject) ? 1 : 2;
  return [...mails].sort((a, b) => rank(a) - rank(b));
}

/** A link in a mail that confirms a cancellation or withdrawal sent without the contract's session. */
export const isConfirmLink = (link: string) => link.includes('/contracts/confirm/');

/**
 * Opens every confirmation link mailed to `address` so far, as its owner would, and runs the jobs that
 * follow; the answers, oldest link first.
 */
export async function confirmByMail(t: TestApp, address: string) {
  const links = (await outbox(t))
    .filter((m) => m.to.toLowerCase().includes(address.toLowerCase()))
    .flatMap((m) => m.links.filter(isConfirmLink));
  const answers = [];
  for (const link of links) {
    const token = link.slice(link.lastIndexOf('/') + 1);
    answers.push(await call(t, 'POST', '/api/payments/declarations/confirm', { body: { token } }));
  }
  await t.app.ctx.jobs.drain();
  return answers;
}
