CREATE TABLE "matching_pool" (
	"share" smallint NOT NULL,
	"user_id" bigint NOT NULL,
	"supporter" boolean NOT NULL,
	"share_bits" integer NOT NULL,
	"language_bits" integer NOT NULL,
	"gender_bits" integer NOT NULL,
	"partner_gender_bits" integer NOT NULL,
	"age_bits" integer NOT NULL,
	"partner_age_bits" integer NOT NULL,
	"tag_bits" bit varying NOT NULL
) PARTITION BY LIST ("share");
--> statement-breakpoint
-- One partition per kind of loss (decision 017), each scanned by one process: on two cores parallel workers
-- only added start-up time and waiting under load.
CREATE TABLE "matching_pool_0" PARTITION OF "matching_pool" FOR VALUES IN (0) WITH (parallel_workers = 0);--> statement-breakpoint
CREATE TABLE "matching_pool_1" PARTITION OF "matching_pool" FOR VALUES IN (1) WITH (parallel_workers = 0);--> statement-breakpoint
CREATE TABLE "matching_pool_2" PARTITION OF "matching_pool" FOR VALUES IN (2) WITH (parallel_workers = 0);--> statement-breakpoint
CREATE TABLE "matching_pool_3" PARTITION OF "matching_pool" FOR VALUES IN (3) WITH (parallel_workers = 0);--> statement-breakpoint
CREATE TABLE "matching_pool_4" PARTITION OF "matching_pool" FOR VALUES IN (4) WITH (parallel_workers = 0);--> statement-breakpoint
CREATE TABLE "matching_pool_5" PARTITION OF "matching_pool" FOR VALUES IN (5) WITH (parallel_workers = 0);--> statement-breakpoint
CREATE TABLE "matching_pool_6" PARTITION OF "matching_pool" FOR VALUES IN (6) WITH (parallel_workers = 0);--> statement-breakpoint
CREATE TABLE "matching_pool_7" PARTITION OF "matching_pool" FOR VALUES IN (7) WITH (parallel_workers = 0);--> statement-breakpoint
CREATE TABLE "matching_pool_8" PARTITION OF "matching_pool" FOR VALUES IN (8) WITH (parallel_workers = 0);--> statement-breakpoint
CREATE TABLE "matching_pool_9" PARTITION OF "matching_pool" FOR VALUES IN (9) WITH (parallel_workers = 0);--> statement-breakpoint
CREATE TABLE "matching_pool_10" PARTITION OF "matching_pool" FOR VALUES IN (10) WITH (parallel_workers = 0);--> statement-breakpoint
CREATE TABLE "matching_pool_11" PARTITION OF "matching_pool" FOR VALUES IN (11) WITH (parallel_workers = 0);--> statement-breakpoint
CREATE TABLE "matching_pool_12" PARTITION OF "matching_pool" FOR VALUES IN (12) WITH (parallel_workers = 0);--> statement-breakpoint
CREATE TABLE "matching_pool_13" PARTITION OF "matching_pool" FOR VALUES IN (13) WITH (parallel_workers = 0);--> statement-breakpoint
CREATE TABLE "matching_pool_14" PARTITION OF "matching_pool" FOR VALUES IN (14) WITH (parallel_workers = 0);--> statement-breakpoint
CREATE TABLE "matching_pool_15" PARTITION OF "matching_pool" FOR VALUES IN (15) WITH (parallel_workers = 0);--> statement-breakpoint
CREATE TABLE "matching_pool_default" PARTITION OF "matching_pool" DEFAULT WITH (parallel_workers = 0);--> statement-breakpoint
DROP INDEX "matching_profiles_tags_idx";--> statement-breakpoint
DROP INDEX "matching_profiles_languages_idx";--> statement-breakpoint
DROP INDEX "matching_profiles_active_idx";--> statement-breakpoint
ALTER TABLE "matching_profiles" ADD COLUMN "share_bits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "matching_profiles" ADD COLUMN "language_bits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "matching_profiles" ADD COLUMN "gender_bits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "matching_profiles" ADD COLUMN "partner_gender_bits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "matching_profiles" ADD COLUMN "age_bits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "matching_profiles" ADD COLUMN "partner_age_bits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "matching_pool" ADD CONSTRAINT "matching_pool_user_id_matching_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."matching_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "matching_pool_user_idx" ON "matching_pool" USING btree ("user_id");--> statement-breakpoint
-- Decision 017: existing profiles get their filters packed (bit i = the question's i-th option, the
-- must_share questions' options counted on in questionnaire order, as match-profile.ts optionBits does).
WITH "option_bits" AS (
	SELECT q."filter", q."key" AS "question", o."key" AS "option",
		(row_number() OVER (PARTITION BY q."filter" ORDER BY q."position", o."position") - 1)::int AS "bit"
	FROM "questionnaire_questions" q JOIN "questionnaire_options" o ON o."question_key" = q."key"
	WHERE q."retired_at" IS NULL AND q."filter" IN ('must_share', 'languages', 'gender', 'age_group')
)
UPDATE "matching_profiles" p SET
	"share_bits" = coalesce((SELECT sum(1 << b."bit") FROM "option_bits" b
		WHERE b."filter" = 'must_share' AND b."question" || ':' || b."option" = any(p."tags")), 0),
	"language_bits" = coalesce((SELECT sum(1 << b."bit") FROM "option_bits" b
		WHERE b."filter" = 'languages' AND b."option" = any(p."languages")), 0),
	"gender_bits" = coalesce((SELECT sum(1 << b."bit") FROM "option_bits" b
		WHERE b."filter" = 'gender' AND b."option" = p."gender"), 0),
	"partner_gender_bits" = coalesce((SELECT sum(1 << b."bit") FROM "option_bits" b
		WHERE b."filter" = 'gender' AND b."option" = any(p."partner_genders")), 0),
	"age_bits" = coalesce((SELECT sum(1 << b."bit") FROM "option_bits" b
		WHERE b."filter" = 'age_group' AND b."option" = p."age_group"), 0),
	"partner_age_bits" = coalesce((SELECT sum(1 << b."bit") FROM "option_bits" b
		WHERE b."filter" = 'age_group' AND b."option" = any(p."partner_ages")), 0);--> statement-breakpoint
-- The pool of everyone who may be suggested, as refreshActive (matching.service.ts) writes it.
INSERT INTO "matching_pool" ("share", "user_id", "supporter", "share_bits", "language_bits", "gender_bits",
	"partner_gender_bits", "age_bits", "partner_age_bits", "tag_bits")
SELECT s."share", p."user_id", p."role" = 'supporter', p."share_bits", p."language_bits", p."gender_bits",
	p."partner_gender_bits", p."age_bits", p."partner_age_bits", p."tag_bits"
FROM "matching_profiles" p
CROSS JOIN LATERAL (SELECT k FROM generate_series(0, 30) k WHERE p."share_bits" & (1 << k) <> 0
	UNION ALL SELECT -1 WHERE p."share_bits" = 0) s("share")
WHERE p."active";
