ALTER TABLE "users" ADD COLUMN "onboarded_at" timestamp with time zone;--> statement-breakpoint
-- Back-fill (issue 16, "onboarded per day"): members who had finished the questionnaire before this
-- column existed (matching_step < 0) get the moment their last answer was saved. The last step's answers
-- are saved in the request that completes onboarding, so for everyone who never answered again this is
-- the completion to the second; for those who did answer again it is their latest completion, the best
-- the stored data can tell. Onboarded accounts without any answer (admins made by `user:create --admin`)
-- get their creation time, which is what the dashboard counted before. Members in the middle of
-- answering again (matching_step > 0) stay empty: nothing stored says when they first finished.
UPDATE "users" AS u SET "onboarded_at" = coalesce(
  (SELECT max(a."updated_at") FROM "questionnaire_answers" AS a WHERE a."user_id" = u."id"),
  u."created_at"
) WHERE u."matching_step" < 0 AND u."onboarded_at" IS NULL;
