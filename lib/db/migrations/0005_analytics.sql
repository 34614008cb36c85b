CREATE TABLE "analytics_companies" (
	"company_ne_id" text PRIMARY KEY NOT NULL,
	"last_sign_in_seen_at" timestamp with time zone NOT NULL,
	"as_of" timestamp with time zone,
	"sync_started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"sync_finished_at" timestamp with time zone,
	"requested_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "analytics_goods" (
	"company_ne_id" text NOT NULL,
	"goods_id" text NOT NULL,
	"goods_representation_id" text,
	"goods_name" text,
	"goods_type_id" text,
	"goods_supplier_id" text,
	"supplier_name" text,
	"goods_order_point" numeric,
	"goods_stock_constant" numeric,
	"goods_lot" numeric,
	"goods_deleted_flag" text,
	"goods_last_modified_null_safe_date" timestamp with time zone,
	CONSTRAINT "analytics_goods_company_ne_id_goods_id_pk" PRIMARY KEY("company_ne_id","goods_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_order_rows" (
	"company_ne_id" text NOT NULL,
	"receive_order_row_receive_order_id" bigint NOT NULL,
	"receive_order_row_no" integer NOT NULL,
	"receive_order_row_goods_id" text,
	"receive_order_row_goods_name" text,
	"receive_order_row_quantity" numeric,
	"receive_order_row_unit_price" numeric,
	"receive_order_row_wholesale_retail_ratio" numeric,
	"receive_order_row_sub_total_price" numeric,
	"receive_order_row_tax_rate" numeric,
	"receive_order_row_cancel_flag" text,
	"receive_order_row_deleted_flag" text,
	"receive_order_row_stock_allocation_quantity" numeric,
	"receive_order_row_last_modified_null_safe_date" timestamp with time zone,
	CONSTRAINT "analytics_order_rows_company_ne_id_receive_order_row_receive_order_id_receive_order_row_no_pk" PRIMARY KEY("company_ne_id","receive_order_row_receive_order_id","receive_order_row_no")
);
--> statement-breakpoint
CREATE TABLE "analytics_orders" (
	"company_ne_id" text NOT NULL,
	"receive_order_id" bigint NOT NULL,
	"receive_order_shop_id" integer,
	"receive_order_date" timestamp with time zone,
	"receive_order_import_date" timestamp with time zone,
	"receive_order_send_date" timestamp with time zone,
	"receive_order_order_status_id" text,
	"receive_order_cancel_type_id" text,
	"receive_order_cancel_date" timestamp with time zone,
	"receive_order_payment_method_id" text,
	"receive_order_delivery_id" text,
	"receive_order_customer_type_id" text,
	"receive_order_total_amount" numeric,
	"receive_order_goods_amount" numeric,
	"receive_order_tax_amount" numeric,
	"receive_order_charge_amount" numeric,
	"receive_order_delivery_fee_amount" numeric,
	"receive_order_other_amount" numeric,
	"receive_order_point_amount" numeric,
	"receive_order_deleted_flag" text,
	"cancelled" boolean DEFAULT false NOT NULL,
	"receive_order_last_modified_null_safe_date" timestamp with time zone,
	CONSTRAINT "analytics_orders_company_ne_id_receive_order_id_pk" PRIMARY KEY("company_ne_id","receive_order_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_set_goods" (
	"company_ne_id" text NOT NULL,
	"set_goods_id" text NOT NULL,
	"set_goods_detail_goods_id" text NOT NULL,
	"set_goods_name" text,
	"set_goods_detail_quantity" numeric,
	"set_goods_last_modified_date" timestamp with time zone,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_set_goods_company_ne_id_set_goods_id_set_goods_detail_goods_id_pk" PRIMARY KEY("company_ne_id","set_goods_id","set_goods_detail_goods_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_stock" (
	"company_ne_id" text NOT NULL,
	"stock_goods_id" text NOT NULL,
	"stock_quantity" numeric,
	"stock_allocation_quantity" numeric,
	"stock_free_quantity" numeric,
	"stock_defective_quantity" numeric,
	"stock_remaining_order_quantity" numeric,
	"stock_out_quantity" numeric,
	"stock_advance_order_quantity" numeric,
	"stock_advance_order_free_quantity" numeric,
	"stock_deleted_flag" text,
	"stock_last_modified_null_safe_date" timestamp with time zone,
	CONSTRAINT "analytics_stock_company_ne_id_stock_goods_id_pk" PRIMARY KEY("company_ne_id","stock_goods_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_sync_state" (
	"company_ne_id" text NOT NULL,
	"resource" text NOT NULL,
	"mark" text,
	"cursor" jsonb,
	"pass_started_at" timestamp with time zone,
	"pass_finished_at" timestamp with time zone,
	"full_pass_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	CONSTRAINT "analytics_sync_state_company_ne_id_resource_pk" PRIMARY KEY("company_ne_id","resource")
);
--> statement-breakpoint
CREATE TABLE "analytics_warehouse_stock" (
	"company_ne_id" text NOT NULL,
	"warehouse_stock_warehouse_id" integer NOT NULL,
	"warehouse_stock_goods_id" text NOT NULL,
	"warehouse_stock_quantity" numeric,
	"warehouse_stock_allocation_quantity" numeric,
	"warehouse_stock_free_quantity" numeric,
	"warehouse_stock_last_modified_null_safe_date" timestamp with time zone,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_warehouse_stock_company_ne_id_warehouse_stock_warehouse_id_warehouse_stock_goods_id_pk" PRIMARY KEY("company_ne_id","warehouse_stock_warehouse_id","warehouse_stock_goods_id")
);
--> statement-breakpoint
CREATE INDEX "analytics_order_rows_company_goods" ON "analytics_order_rows" USING btree ("company_ne_id","receive_order_row_goods_id","receive_order_row_receive_order_id");--> statement-breakpoint
CREATE INDEX "analytics_orders_company_date" ON "analytics_orders" USING btree ("company_ne_id","receive_order_date");--> statement-breakpoint
CREATE INDEX "analytics_orders_company_shop_date" ON "analytics_orders" USING btree ("company_ne_id","receive_order_shop_id","receive_order_date");--> statement-breakpoint
CREATE INDEX "analytics_set_goods_component" ON "analytics_set_goods" USING btree ("company_ne_id","set_goods_detail_goods_id");--> statement-breakpoint
CREATE INDEX "analytics_warehouse_stock_goods" ON "analytics_warehouse_stock" USING btree ("company_ne_id","warehouse_stock_goods_id");