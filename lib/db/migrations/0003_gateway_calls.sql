CREATE UNLOGGED TABLE "gateway_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_ne_id" text NOT NULL,
	"instance_id" text NOT NULL,
	"priority" smallint NOT NULL,
	"running" boolean DEFAULT false NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "gateway_calls_company" ON "gateway_calls" USING btree ("company_ne_id","running","priority","id");--> statement-breakpoint
CREATE INDEX "gateway_calls_instance" ON "gateway_calls" USING btree ("instance_id");