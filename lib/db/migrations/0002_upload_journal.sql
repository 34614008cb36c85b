CREATE TABLE "upload_batches" (
	"file_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"first_line" integer NOT NULL,
	"last_line" integer NOT NULL,
	"rows" integer NOT NULL,
	"sha256" text NOT NULL,
	"gz" "bytea" NOT NULL,
	"state" text DEFAULT 'stored' NOT NULL,
	"que_id" text,
	"que_status_id" text,
	"que_message" text,
	"error_code" text,
	"error_message" text,
	"send_count" integer DEFAULT 0 NOT NULL,
	"sending_started_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"check_count" integer DEFAULT 0 NOT NULL,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "upload_batches_file_id_index_pk" PRIMARY KEY("file_id","index"),
	CONSTRAINT "upload_batches_state" CHECK ("upload_batches"."state" IN ('stored', 'sending', 'unknown', 'queued', 'processing', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "upload_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_ne_id" text NOT NULL,
	"pic_ne_id" text NOT NULL,
	"person_name" text NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"encoding" text NOT NULL,
	"rows" integer NOT NULL,
	"sent_rows" integer DEFAULT 0 NOT NULL,
	"excluded_lines" jsonb NOT NULL,
	"goods_codes" jsonb NOT NULL,
	"warnings_confirmed" boolean NOT NULL,
	"batch_count" integer NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_batches" ADD CONSTRAINT "upload_batches_file_id_upload_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."upload_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_files_company_created" ON "upload_files" USING btree ("company_ne_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "upload_files_company_sha256" ON "upload_files" USING btree ("company_ne_id","sha256");