-- Decision 029: what a member lost and how long ago is shown to nobody unless they choose to show it to
-- their partners, and its answers change once in LOSS_ANSWERS_COOLDOWN_DAYS after onboarding (counted from
-- this column). Until decision 024 the profile form saved every item's choice with each save, so a stored
-- "partners" for these items is the old default written back, not a choice anyone can tell apart from it:
-- those entries are removed and follow the new default; a stored "nobody" stays.
ALTER TABLE "users" ADD COLUMN "loss_answers_changed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "profile_settings" SET "visibility" = "visibility" - 'loss_kind' WHERE "visibility"->>'loss_kind' = 'partners';--> statement-breakpoint
UPDATE "profile_settings" SET "visibility" = "visibility" - 'loss_when' WHERE "visibility"->>'loss_when' = 'partners';
