CREATE TABLE "analytics_daily_goods" (
	"company_ne_id" text NOT NULL,
	"day" date NOT NULL,
	"receive_order_shop_id" integer,
	"cancelled" boolean NOT NULL,
	"receive_order_row_goods_id" text NOT NULL,
	"orders" integer NOT NULL,
	"units" numeric,
	"revenue" numeric,
	"receive_order_row_goods_name" text,
	"all_orders" integer NOT NULL,
	"all_units" numeric,
	"all_revenue" numeric,
	"all_rows_goods_name" text
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_sales" (
	"company_ne_id" text NOT NULL,
	"day" date NOT NULL,
	"receive_order_shop_id" integer,
	"receive_order_payment_method_id" text,
	"receive_order_delivery_id" text,
	"cancelled" boolean NOT NULL,
	"orders" integer NOT NULL,
	"revenue" numeric,
	"units" numeric,
	"all_units" numeric
);
--> statement-breakpoint
CREATE TABLE "analytics_dirty_days" (
	"company_ne_id" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "analytics_dirty_days_company_ne_id_day_pk" PRIMARY KEY("company_ne_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_monthly_goods" (
	"company_ne_id" text NOT NULL,
	"month" date NOT NULL,
	"receive_order_shop_id" integer,
	"cancelled" boolean NOT NULL,
	"receive_order_row_goods_id" text NOT NULL,
	"orders" integer NOT NULL,
	"units" numeric,
	"revenue" numeric,
	"receive_order_row_goods_name" text,
	"all_orders" integer NOT NULL,
	"all_units" numeric,
	"all_revenue" numeric,
	"all_rows_goods_name" text
);
--> statement-breakpoint
CREATE INDEX "analytics_daily_goods_company_day" ON "analytics_daily_goods" USING btree ("company_ne_id","day");--> statement-breakpoint
CREATE INDEX "analytics_daily_goods_company_goods_day" ON "analytics_daily_goods" USING btree ("company_ne_id","receive_order_row_goods_id","day");--> statement-breakpoint
CREATE INDEX "analytics_daily_sales_company_day" ON "analytics_daily_sales" USING btree ("company_ne_id","day");--> statement-breakpoint
CREATE INDEX "analytics_monthly_goods_company_month" ON "analytics_monthly_goods" USING btree ("company_ne_id","month");--> statement-breakpoint
-- Every day of the copies made before the summaries is out of date: the next sync of each company recomputes them.
INSERT INTO "analytics_dirty_days" ("company_ne_id", "day")
SELECT DISTINCT "company_ne_id", ("receive_order_date" AT TIME ZONE 'Asia/Tokyo')::date FROM "analytics_orders" WHERE "receive_order_date" IS NOT NULL;
