-- Decision 026: only members active within ACTIVE_WITHIN_DAYS are suggested. Each pool row carries the UTC
-- day of the member's last sign of use: the last-seen ping, or the registration while none came (the same
-- expression as refreshActive in matching.service.ts). Added empty, filled, then required (the partitions
-- follow their parent).
ALTER TABLE "matching_pool" ADD COLUMN "active_on" date;--> statement-breakpoint
UPDATE "matching_pool" AS p SET "active_on" = (coalesce(u."last_seen_at", u."created_at") AT TIME ZONE 'UTC')::date
FROM "users" AS u WHERE u."id" = p."user_id";--> statement-breakpoint
ALTER TABLE "matching_pool" ALTER COLUMN "active_on" SET NOT NULL;
