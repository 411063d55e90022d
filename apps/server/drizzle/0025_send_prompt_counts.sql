-- How often the "Möchtest du das wirklich so senden?" prompt ended in "Ändern" or "Trotzdem senden", per day
-- and place (chat, post, comment): counts only, never who or what.
CREATE TABLE "send_prompt_counts" (
	"day" date NOT NULL,
	"surface" text NOT NULL,
	"choice" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "send_prompt_counts_day_surface_choice_pk" PRIMARY KEY("day","surface","choice")
);
