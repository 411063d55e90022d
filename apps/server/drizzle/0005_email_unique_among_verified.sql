DROP INDEX "users_email_lower_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address_notice_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_email_idx" ON "users" USING btree (lower("email")) WHERE "users"."is_verified" and "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));