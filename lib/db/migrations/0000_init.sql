CREATE TABLE "grid_preferences" (
	"company_ne_id" text NOT NULL,
	"pic_ne_id" text NOT NULL,
	"grid" text NOT NULL,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grid_preferences_company_ne_id_pic_ne_id_grid_pk" PRIMARY KEY("company_ne_id","pic_ne_id","grid")
);
--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_ne_id" text NOT NULL,
	"pic_ne_id" text NOT NULL,
	"grid" text NOT NULL,
	"name" text NOT NULL,
	"state" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"company_ne_id" text NOT NULL,
	"uid" text NOT NULL,
	"pic_ne_id" text,
	"access_token_enc" text NOT NULL,
	"refresh_token_enc" text NOT NULL,
	"access_token_end_date" timestamp with time zone,
	"refresh_token_end_date" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_owner_name" ON "saved_views" USING btree ("company_ne_id","pic_ne_id","grid","name");