-- Who may reach me (issue 43): friend requests only from members who share a kind of loss, not from accounts
-- younger than 0, 7 or 30 days; a request that does not pass is held from its recipient (request_held).
ALTER TABLE "partnerships" ADD COLUMN "request_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "requests_same_loss_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "requests_min_account_days" smallint DEFAULT 0 NOT NULL;
