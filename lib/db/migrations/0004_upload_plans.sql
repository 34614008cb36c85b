ALTER TABLE "upload_batches" ADD COLUMN "line_map" jsonb;--> statement-breakpoint
ALTER TABLE "upload_files" ADD COLUMN "purpose" text DEFAULT 'file' NOT NULL;--> statement-breakpoint
ALTER TABLE "upload_files" ADD COLUMN "undo_of" uuid;--> statement-breakpoint
ALTER TABLE "upload_files" ADD COLUMN "plan_gz" "bytea";--> statement-breakpoint
ALTER TABLE "upload_files" ADD COLUMN "report_gz" "bytea";