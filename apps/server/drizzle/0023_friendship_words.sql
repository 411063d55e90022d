-- The words written when accepting, declining, withdrawing or ending a partnership are kept for the other
-- member (friendship_words); a notification points at the words it tells of (word_id).
CREATE TABLE "friendship_words" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "friendship_words_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"pair_id" bigint NOT NULL,
	"author_id" bigint NOT NULL,
	"recipient_id" bigint NOT NULL,
	"action" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "friendship_words_action" CHECK ("friendship_words"."action" in ('accept', 'deny', 'retract', 'remove'))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "word_id" bigint;--> statement-breakpoint
ALTER TABLE "friendship_words" ADD CONSTRAINT "friendship_words_pair_id_partnerships_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."partnerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendship_words" ADD CONSTRAINT "friendship_words_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendship_words" ADD CONSTRAINT "friendship_words_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "friendship_words_pair_idx" ON "friendship_words" USING btree ("pair_id","created_at");--> statement-breakpoint
CREATE INDEX "friendship_words_author_idx" ON "friendship_words" USING btree ("author_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_word_id_friendship_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."friendship_words"("id") ON DELETE set null ON UPDATE no action;