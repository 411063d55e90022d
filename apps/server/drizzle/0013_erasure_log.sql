CREATE TABLE "erasure_log" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL
);
