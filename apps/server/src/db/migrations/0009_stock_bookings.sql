ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_cause_check";--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_condition_check";--> statement-breakpoint
DROP INDEX "stock_booking_details_booking_idx";--> statement-breakpoint
DROP INDEX "stores_kelurahan_idx";--> statement-breakpoint
ALTER TABLE "store_stock" ADD COLUMN "qty_reserved" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "location" "point" GENERATED ALWAYS AS (point(longitude, latitude)) STORED;--> statement-breakpoint
ALTER TABLE "stock_booking_details" ADD COLUMN "refused_by" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_booking_details" ADD COLUMN "refuse_reason" text;--> statement-breakpoint
ALTER TABLE "stock_booking_details" ADD COLUMN "taken_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_booking_details" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_bookings" ADD COLUMN "line_id" integer;--> statement-breakpoint
ALTER TABLE "stock_bookings" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "stock_bookings" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_bookings" ADD COLUMN "cancelled_by" integer;--> statement-breakpoint
ALTER TABLE "stock_bookings" ADD CONSTRAINT "stock_bookings_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stores_location_idx" ON "stores" USING gist ("location");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_booking_details_booking_key" ON "stock_booking_details" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "stock_bookings_store_status_idx" ON "stock_bookings" USING btree ("store_code","status","created_at");--> statement-breakpoint
CREATE INDEX "stores_kelurahan_idx" ON "stores" USING btree ("kecamatan","kelurahan");--> statement-breakpoint
ALTER TABLE "store_stock" ADD CONSTRAINT "store_stock_qty_reserved_nonnegative" CHECK ("store_stock"."qty_reserved" >= 0);--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_cause_check" CHECK ("stock_movements"."cause" in ('opening', 'pack', 'cancel', 'return', 'booking_take', 'booking_release', 'booking_receive'));--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_condition_check" CHECK ("stock_movements"."condition" in ('sellable', 'damaged', 'reserved'));