CREATE TABLE "pending_sign_ins" (
	"id" text PRIMARY KEY NOT NULL,
	"session_key" text NOT NULL,
	"company_ne_id" text NOT NULL,
	"company_name" text NOT NULL,
	"person_name" text NOT NULL,
	"pic_ne_id" text,
	"csrf_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "token_sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_sign_ins" ADD CONSTRAINT "pending_sign_ins_session_key_token_sessions_id_fk" FOREIGN KEY ("session_key") REFERENCES "public"."token_sessions"("id") ON DELETE cascade ON UPDATE no action;