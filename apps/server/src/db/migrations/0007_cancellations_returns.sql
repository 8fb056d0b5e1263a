CREATE TABLE "return_photos" (
	"return_id" integer NOT NULL,
	"upload_id" uuid NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "return_photos_return_id_upload_id_pk" PRIMARY KEY("return_id","upload_id")
);
--> statement-breakpoint
CREATE TABLE "return_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_code" text NOT NULL,
	"uploaded_by" integer,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"attached_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_mime_check" CHECK ("uploads"."mime" in ('image/jpeg', 'image/png', 'image/webp')),
	CONSTRAINT "uploads_size_positive" CHECK ("uploads"."size" > 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"store_code" text NOT NULL,
	"product_id" text NOT NULL,
	"delta" integer NOT NULL,
	"condition" text NOT NULL,
	"cause" text NOT NULL,
	"ref" text,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_cause_check" CHECK ("stock_movements"."cause" in ('opening', 'pack', 'cancel', 'return')),
	CONSTRAINT "stock_movements_condition_check" CHECK ("stock_movements"."condition" in ('sellable', 'damaged')),
	CONSTRAINT "stock_movements_delta_nonzero" CHECK ("stock_movements"."delta" <> 0)
);
--> statement-breakpoint
CREATE TABLE "channel_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"shipment_no" text NOT NULL,
	"store_code" text NOT NULL,
	"app_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "channel_notices_kind_check" CHECK ("channel_notices"."kind" in ('order.cancelled', 'return.approved', 'return.rejected', 'return.refunded')),
	CONSTRAINT "channel_notices_status_check" CHECK ("channel_notices"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "store_stock" DROP CONSTRAINT "store_stock_qty_nonnegative";--> statement-breakpoint
ALTER TABLE "returns" DROP CONSTRAINT "returns_status_check";--> statement-breakpoint
DROP INDEX "returns_one_open_per_order";--> statement-breakpoint
ALTER TABLE "store_stock" ADD COLUMN "qty_damaged" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "cancel_requests" ADD COLUMN "requested_in_status" integer;--> statement-breakpoint
ALTER TABLE "return_lines" ADD COLUMN "condition" text;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "reason_id" integer;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "reason_text" text;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "refunded_by" integer;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "collected_by" integer;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "accuracy" double precision;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "distance_m" double precision;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "captured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "receiver_name" text;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "receiver_relation" text;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "receiver_other" text;--> statement-breakpoint
ALTER TABLE "return_photos" ADD CONSTRAINT "return_photos_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_photos" ADD CONSTRAINT "return_photos_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_store_code_stores_code_fk" FOREIGN KEY ("store_code") REFERENCES "public"."stores"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_store_code_stores_code_fk" FOREIGN KEY ("store_code") REFERENCES "public"."stores"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_notices" ADD CONSTRAINT "channel_notices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "return_photos_upload_key" ON "return_photos" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "uploads_unattached_idx" ON "uploads" USING btree ("created_at") WHERE attached_to is null;--> statement-breakpoint
CREATE INDEX "stock_movements_store_product_idx" ON "stock_movements" USING btree ("store_code","product_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_movements_once" ON "stock_movements" USING btree ("cause","ref","store_code","product_id","condition") WHERE ref is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_notices_once" ON "channel_notices" USING btree ("kind","ref");--> statement-breakpoint
CREATE INDEX "channel_notices_due_idx" ON "channel_notices" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "channel_notices_order_idx" ON "channel_notices" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_reason_id_return_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."return_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_collected_by_users_id_fk" FOREIGN KEY ("collected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "returns_one_open_per_order" ON "returns" USING btree ("order_id") WHERE "returns"."status" in ('requested', 'approved', 'collected', 'received');--> statement-breakpoint
ALTER TABLE "store_stock" ADD CONSTRAINT "store_stock_qty_damaged_nonnegative" CHECK ("store_stock"."qty_damaged" >= 0);--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_received_within_qty" CHECK ("return_lines"."qty_received" is null or ("return_lines"."qty_received" >= 0 and "return_lines"."qty_received" <= "return_lines"."qty"));--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_condition_check" CHECK ("return_lines"."condition" is null or "return_lines"."condition" in ('sellable', 'damaged'));--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_status_check" CHECK ("returns"."status" in ('requested', 'approved', 'collected', 'received', 'refunded', 'rejected'));