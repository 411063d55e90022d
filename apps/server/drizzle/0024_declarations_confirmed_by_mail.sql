-- Decision 030: a cancellation or withdrawal sent without the contract's own session takes effect once the
-- link mailed to the contract's address is opened. Declarations received before this rule were taken as
-- they came: they count as confirmed at their time of receipt, so one still waiting in the job queue is
-- processed as it would have been.
ALTER TABLE "contract_declarations" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "contract_declarations" ADD COLUMN "confirm_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contract_declarations" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "contract_declarations" SET "confirmed_at" = "received_at";--> statement-breakpoint
CREATE UNIQUE INDEX "contract_declarations_confirm_idx" ON "contract_declarations" USING btree ("confirm_token_hash");
