// drizzle-kit reads this file; application code imports the schema files it needs directly.
export * from './schema/attribution.ts';
export * from './schema/chat.ts';
export * from './schema/content.ts';
export * from './schema/email-changes.ts';
export * from './schema/erasure-log.ts';
export * from './schema/groups.ts';
export * from './schema/matching.ts';
export * from './schema/notifications.ts';
export * from './schema/partnerships.ts';
export * from './schema/payments.ts';
export * from './schema/profile.ts';
export * from './schema/questionnaire.ts';
export * from './schema/safety.ts';
export * from './schema/sessions.ts';
export * from './schema/support.ts';
export * from './schema/users.ts';
export * from './schema/watchlist.ts';
