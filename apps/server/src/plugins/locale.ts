import { type Locale, pickLocale } from '@trostnetz/contracts/messages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
  }
}

/** The request's language: Accept-Language (the web app sends its UI language), German by default. */
export const localePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('locale', 'de');
  app.addHook('onRequest', async (request) => {
    request.locale = pickLocale(request.headers['accept-language']);
  });
});
