-- A member mutes a conversation (issue 43): no push, no mail, no unread count in the navigation for it.
-- One row per member and conversation; the partner's rows and answers never read it.
CREATE TABLE "chat_mutes" (
	"user_id" bigint NOT NULL,
	"chat_id" bigint NOT NULL,
	"muted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_mutes_user_id_chat_id_pk" PRIMARY KEY("user_id","chat_id")
);
--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_chat_id_partnerships_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."partnerships"("id") ON DELETE cascade ON UPDATE no action;
