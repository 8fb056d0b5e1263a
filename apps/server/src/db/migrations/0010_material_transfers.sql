ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_cause_check";--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_condition_check";--> statement-breakpoint
ALTER TABLE "material_transfers" DROP CONSTRAINT "material_transfers_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "material_transfers" DROP CONSTRAINT "material_transfers_received_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "store_stock" ADD COLUMN "qty_in_transit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "material_transfer_items" ADD COLUMN "discrepancy_reason" text;--> statement-breakpoint
ALTER TABLE "material_transfer_items" ADD COLUMN "discrepancy_note" text;--> statement-breakpoint
ALTER TABLE "material_transfers" ADD COLUMN "pin_hash" text;--> statement-breakpoint
ALTER TABLE "material_transfers" ADD COLUMN "pin_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "material_transfers" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "material_transfers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "material_transfers" ADD COLUMN "confirmed_by" integer;--> statement-breakpoint
ALTER TABLE "material_transfers" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "material_transfers" ADD COLUMN "finished_by" integer;--> statement-breakpoint
ALTER TABLE "material_transfers" ADD COLUMN "cancelled_by" integer;--> statement-breakpoint
ALTER TABLE "store_stock" ADD CONSTRAINT "store_stock_qty_in_transit_nonnegative" CHECK ("store_stock"."qty_in_transit" >= 0);--> statement-breakpoint
ALTER TABLE "material_transfer_items" ADD CONSTRAINT "material_transfer_items_received_range" CHECK ("material_transfer_items"."qty_received" is null or "material_transfer_items"."qty_received" between 0 and "material_transfer_items"."qty_sent");--> statement-breakpoint
ALTER TABLE "material_transfer_items" ADD CONSTRAINT "material_transfer_items_reason_check" CHECK ("material_transfer_items"."discrepancy_reason" is null or "material_transfer_items"."discrepancy_reason" in ('missing', 'damaged', 'wrong_item', 'other'));--> statement-breakpoint
ALTER TABLE "material_transfers" ADD CONSTRAINT "material_transfers_pin_failures_range" CHECK ("material_transfers"."pin_failures" between 0 and 5);--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_cause_check" CHECK ("stock_movements"."cause" in ('opening', 'pack', 'cancel', 'return', 'booking_take', 'booking_release', 'booking_receive', 'transfer_send', 'transfer_cancel', 'transfer_receive'));--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_condition_check" CHECK ("stock_movements"."condition" in ('sellable', 'damaged', 'reserved', 'in_transit'));--> statement-breakpoint
-- Transfers written before PINs were hashed: their times and people under the new names, and a PIN hash
-- that matches nothing (the sender issues a new PIN). Their goods still on the road (new, process) move
-- from the sender's sellable stock to its in-transit bucket, on the ledger like every other change.
UPDATE "material_transfers" SET
  "finished_at" = "received_at",
  "finished_by" = "received_by",
  "confirmed_at" = CASE WHEN "status" IN ('process', 'finish') THEN coalesce("sent_at", "created_at") END,
  "pin_hash" = 'none';--> statement-breakpoint
WITH "moved" AS (
  INSERT INTO "stock_movements" ("store_code", "product_id", "delta", "condition", "cause", "ref")
  SELECT t."sender_store_code", i."product_id", d."delta", d."condition", 'transfer_send', 'mat:' || t."id"
  FROM "material_transfers" t
  JOIN "material_transfer_items" i ON i."transfer_id" = t."id"
  CROSS JOIN LATERAL (VALUES (-i."qty_sent", 'sellable'), (i."qty_sent", 'in_transit')) AS d("delta", "condition")
  WHERE t."status" IN ('new', 'process')
  ON CONFLICT DO NOTHING
  RETURNING "store_code", "product_id", "delta", "condition"
), "sums" AS (
  SELECT "store_code", "product_id",
    coalesce(sum("delta") FILTER (WHERE "condition" = 'sellable'), 0)::int AS "qty",
    coalesce(sum("delta") FILTER (WHERE "condition" = 'in_transit'), 0)::int AS "qty_in_transit"
  FROM "moved" GROUP BY "store_code", "product_id"
)
INSERT INTO "store_stock" ("store_code", "product_id", "qty", "qty_in_transit")
SELECT "store_code", "product_id", "qty", "qty_in_transit" FROM "sums"
ON CONFLICT ("store_code", "product_id") DO UPDATE SET
  "qty" = "store_stock"."qty" + excluded."qty",
  "qty_in_transit" = "store_stock"."qty_in_transit" + excluded."qty_in_transit",
  "updated_at" = now();
