import {
  badgeBody,
  cancellationBody,
  checkoutBody,
  checkoutStarted,
  checkoutState as checkoutStateSchema,
  declarationConfirmBody,
  declarationConfirmed,
  declarationReceived,
  mySubscription as mySubscriptionSchema,
  planList,
  sessionQuery,
  testOutcomeBody,
  testOutcomeResult,
  testSessionParam,
  testSessionView as testSessionViewSchema,
  withdrawalBody,
} from '@trostnetz/contracts/payments';
import { paymentsApi } from '@trostnetz/contracts/payments.endpoints';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { at } from '../../lib/endpoint-route.ts';
import { currentMember } from '../../plugins/auth.ts';
import { perMember } from '../../plugins/rate-limit.ts';
import { cancelOwn, confirmDeclaration, receiveDeclaration } from './contracts.service.ts';
import { checkoutState, listPlans, mySubscription, startCheckout } from './payments.service.ts';
import { completeTestSession, testSessionView } from './test-provider.ts';
import { handleWebhook } from './webhook.ts';

const tags = ['payments'];

/** Premium, checkout, the payment webhook and cancelling or withdrawing without a login (issue 14). */
export async function paymentsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = ctx.config.rateLimits;

  r.route({
    ...at(paymentsApi.plans),
    schema: {
      tags,
      description: 'The bookable plans; prices in euro cents including VAT, per month and in total.',
      response: { 200: planList },
    },
    handler: async () => listPlans(ctx.db),
  });

  // Guests sign in or register inside the checkout first; an unverified member may pay (SPEC.md §2).
  r.route({
    ...at(paymentsApi.checkout),
    schema: {
      tags,
      description:
        'Starts a checkout for the plan and answers where to continue: Stripe Checkout (subscription mode; card, SEPA debit, PayPal) or the built-in test provider. `immediate_start` is the § 356 (4) BGB request.',
      body: checkoutBody,
      response: { 200: checkoutStarted },
    },
    preHandler: app.authenticate,
    config: {
      errors: ['plan_unavailable', 'already_premium', 'payment_provider_unavailable'],
      rateLimit: perMember('checkout', limits.checkout),
    },
    handler: async (request) => startCheckout(ctx, currentMember(request), request.body.plan_id),
  });

  r.route({
    ...at(paymentsApi.checkoutState),
    schema: {
      tags,
      description:
        'What `/checkout-succeeded` shows: confirming until the payment is confirmed, then premium.',
      querystring: sessionQuery,
      response: { 200: checkoutStateSchema },
    },
    preHandler: app.authenticate,
    config: { errors: ['not_found'] },
    handler: async (request) => checkoutState(ctx, currentMember(request), request.query.session_id),
  });

  r.route({
    ...at(paymentsApi.subscription),
    schema: {
      tags,
      description: "The member's premium, plan, period end and receipts.",
      response: { 200: mySubscriptionSchema },
    },
    preHandler: app.authenticate,
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return mySubscription(ctx, currentMember(request));
    },
  });

  r.route({
    ...at(paymentsApi.cancelSubscription),
    schema: {
      tags,
      description: 'One click: the running contract ends at its period end; a mail confirms it.',
      response: { 200: mySubscriptionSchema },
    },
    preHandler: app.authenticate,
    config: { errors: ['not_found'] },
    handler: async (request) => cancelOwn(ctx, currentMember(request)),
  });

  r.route({
    ...at(paymentsApi.supporterBadge),
    schema: {
      tags,
      description: 'Shows or hides the supporter badge (premium members).',
      body: badgeBody,
      response: { 200: mySubscriptionSchema },
    },
    preHandler: app.authenticate,
    handler: async (request) => {
      const member = currentMember(request);
      const [row] = await ctx.db
        .update(users)
        .set({ showSupporterBadge: request.body.show, updatedAt: new Date() })
        .where(eq(users.id, member.id))
        .returning();
      return mySubscription(ctx, row ?? member);
    },
  });

  // Per client address and per given e-mail; the second limit answers its 429 itself (as customer service).
  const emailLimit = app.createRateLimit({
    ...limits.declarationPerEmail,
    keyGenerator: (request) =>
      `declaration-email:${String((request.body as { email: string }).email).toLowerCase()}`,
  });
  const perEmail = async (request: FastifyRequest) => {
    const result = await emailLimit(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new AppError('rate_limited', undefined, { 'retry-after': String(result.ttlInSeconds) });
    }
  };
  const perAddress = {
    rateLimit: {
      ...limits.declarationPerAddress,
      keyGenerator: (req: FastifyRequest) => `declaration-ip:${req.ip}`,
    },
  };

  r.route({
    ...at(paymentsApi.cancellation),
    schema: {
      tags,
      description:
        '“Verträge hier kündigen” (§ 312k BGB), no login: ordinary or extraordinary (with a reason). The answer is the same whether or not the address has a contract; the confirmation comes by mail to the given address and the account address.',
      body: cancellationBody,
      response: { 202: declarationReceived },
    },
    config: perAddress,
    preHandler: [app.identify, perEmail],
    handler: async (request, reply) =>
      reply.status(202).send(await receiveDeclaration(ctx, request.body, request.locale, request.member)),
  });

  r.route({
    ...at(paymentsApi.withdrawal),
    schema: {
      tags,
      description:
        '“Vertrag widerrufen” (EU directive 2023/2673), the confirmed second step, no login. Same answer for every address; the confirmation comes by mail.',
      body: withdrawalBody,
      response: { 202: declarationReceived },
    },
    config: perAddress,
    preHandler: [app.identify, perEmail],
    handler: async (request, reply) =>
      reply
        .status(202)
        .send(
          await receiveDeclaration(
            ctx,
            { kind: 'withdrawal', ...request.body },
            request.locale,
            request.member,
          ),
        ),
  });

  r.route({
    ...at(paymentsApi.confirmDeclaration),
    schema: {
      tags,
      description:
        'The link mailed to the contract’s address: a cancellation or withdrawal sent without that account’s session takes effect (as of its time of receipt). No login.',
      body: declarationConfirmBody,
      response: { 200: declarationConfirmed },
    },
    config: { ...perAddress, errors: ['invalid_link', 'link_expired'] },
    handler: async (request) => confirmDeclaration(ctx, request.body.token, request.locale),
  });

  r.route({
    ...at(paymentsApi.testProvider),
    schema: {
      tags,
      description: 'The built-in test provider (only without STRIPE_SECRET_KEY): the checkout it stands for.',
      params: testSessionParam,
      response: { 200: testSessionViewSchema },
    },
    preHandler: app.authenticate,
    handler: async (request) => testSessionView(ctx, currentMember(request), request.params.session),
  });

  r.route({
    ...at(paymentsApi.testProviderAnswer),
    schema: {
      tags,
      description:
        'The test provider’s buttons: success, failure or abort. The outcome reaches the app as signed Stripe-shaped events through the webhook handler.',
      params: testSessionParam,
      body: testOutcomeBody,
      response: { 200: testOutcomeResult },
    },
    preHandler: app.authenticate,
    handler: async (request) =>
      completeTestSession(ctx, currentMember(request), request.params.session, request.body.outcome),
  });

  // The webhook needs its body exactly as sent for the signature: a raw parser for this route alone.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().route({
      ...at(paymentsApi.webhook),
      bodyLimit: 512 * 1024,
      config: { errors: ['invalid_signature'] },
      schema: {
        tags,
        description: 'Stripe webhook: signature checked on the raw body, idempotent by event id.',
        response: { 200: z.object({ received: z.literal(true) }) },
      },
      handler: async (request) => {
        const signature = request.headers['stripe-signature'];
        await handleWebhook(
          ctx,
          request.body as Buffer,
          typeof signature === 'string' ? signature : undefined,
        );
        return { received: true as const };
      },
    });
  });
}
