CREATE TABLE "matching_profiles" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"gender" text,
	"partner_genders" text[] DEFAULT '{}'::text[] NOT NULL,
	"age_group" text,
	"partner_ages" text[] DEFAULT '{}'::text[] NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partnerships" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partnerships_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_low" bigint NOT NULL,
	"user_high" bigint NOT NULL,
	"status_low" smallint DEFAULT 3 NOT NULL,
	"status_high" smallint DEFAULT 3 NOT NULL,
	"suggested_low_at" timestamp with time zone,
	"suggested_high_at" timestamp with time zone,
	"dismissed_low_at" timestamp with time zone,
	"dismissed_high_at" timestamp with time zone,
	"shared_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"requested_by" bigint,
	"request_message" text,
	"requested_at" timestamp with time zone,
	"befriended_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partnerships_order" CHECK ("partnerships"."user_low" < "partnerships"."user_high")
);
--> statement-breakpoint
CREATE TABLE "questionnaire_answers" (
	"user_id" bigint NOT NULL,
	"question_key" text NOT NULL,
	"option_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"text_value" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questionnaire_answers_user_id_question_key_pk" PRIMARY KEY("user_id","question_key")
);
--> statement-breakpoint
CREATE TABLE "questionnaire_options" (
	"question_key" text NOT NULL,
	"key" text NOT NULL,
	"position" integer NOT NULL,
	"label" jsonb NOT NULL,
	CONSTRAINT "questionnaire_options_question_key_key_pk" PRIMARY KEY("question_key","key")
);
--> statement-breakpoint
CREATE TABLE "questionnaire_questions" (
	"key" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"position" integer NOT NULL,
	"step" integer NOT NULL,
	"kind" text NOT NULL,
	"required" boolean NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"filter" text,
	"role" text,
	"max_length" integer,
	"title" jsonb NOT NULL,
	"help" jsonb,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "blocks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "blocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"blocker_id" bigint NOT NULL,
	"blocked_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reporter_id" bigint NOT NULL,
	"target_type" text NOT NULL,
	"target_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"status" text DEFAULT 'open' NOT NULL,
	"answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchlist_entries" (
	"user_id" bigint NOT NULL,
	"watched_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_entries_user_id_watched_id_pk" PRIMARY KEY("user_id","watched_id")
);
--> statement-breakpoint
ALTER TABLE "matching_profiles" ADD CONSTRAINT "matching_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partnerships" ADD CONSTRAINT "partnerships_user_low_users_id_fk" FOREIGN KEY ("user_low") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partnerships" ADD CONSTRAINT "partnerships_user_high_users_id_fk" FOREIGN KEY ("user_high") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_answers" ADD CONSTRAINT "questionnaire_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_answers" ADD CONSTRAINT "questionnaire_answers_question_key_questionnaire_questions_key_fk" FOREIGN KEY ("question_key") REFERENCES "public"."questionnaire_questions"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_options" ADD CONSTRAINT "questionnaire_options_question_key_questionnaire_questions_key_fk" FOREIGN KEY ("question_key") REFERENCES "public"."questionnaire_questions"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_entries" ADD CONSTRAINT "watchlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_entries" ADD CONSTRAINT "watchlist_entries_watched_id_users_id_fk" FOREIGN KEY ("watched_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "matching_profiles_tags_idx" ON "matching_profiles" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "matching_profiles_languages_idx" ON "matching_profiles" USING gin ("languages");--> statement-breakpoint
CREATE INDEX "matching_profiles_active_idx" ON "matching_profiles" USING btree ("active","role");--> statement-breakpoint
CREATE UNIQUE INDEX "partnerships_pair_idx" ON "partnerships" USING btree ("user_low","user_high");--> statement-breakpoint
CREATE INDEX "partnerships_high_idx" ON "partnerships" USING btree ("user_high");--> statement-breakpoint
CREATE UNIQUE INDEX "blocks_pair_idx" ON "blocks" USING btree ("blocker_id","blocked_id");--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("status","created_at");