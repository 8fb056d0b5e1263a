-- The recap of the whole chain reads every order of up to 31 days and their lines: the indexes it walks cover
-- the columns it reads, so the range is read index-only instead of from the wide order rows (issue 27).
-- Same names and keys as before; Drizzle cannot declare INCLUDE, so the schema no longer lists them.
DROP INDEX "order_lines_order_idx";--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at") INCLUDE ("id", "store_code", "app_id", "status_id", "picker_user_id", "claimed_at", "packed_at", "completed_at");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id") INCLUDE ("product_id", "qty", "qty_oos");
--> statement-breakpoint
-- The recap's cancellations by reason: the range's cancelled orders alone, with their reason (a tenth of the orders).
CREATE INDEX "orders_cancelled_created_idx" ON "orders" USING btree ("created_at") INCLUDE ("store_code", "cancel_reason") WHERE "status_id" IN (1106, 1107);
