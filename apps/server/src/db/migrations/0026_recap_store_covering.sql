-- A store's recap (its crew, its kepala toko, one store of an area) read the chain's orders of the range from
-- orders_created_idx and kept its own: at 20,000 stores a busy store's week was 480,000 index entries per statement.
-- The store's index now covers what the recap reads (as orders_created_idx does for the whole chain, 0016), so the
-- store's range is read index-only. Same name and key: the order lists that use it are unchanged.
DROP INDEX IF EXISTS "orders_store_created_idx";--> statement-breakpoint
CREATE INDEX "orders_store_created_idx" ON "orders" USING btree ("store_code", "created_at") INCLUDE ("id", "app_id", "status_id", "picker_user_id", "claimed_at", "packed_at", "completed_at");
