-- The recap of the whole chain over a month (issue 27): two sorts of every order of the range went, each
-- answered by an index that holds what it reads in the order it needs. Drizzle cannot declare INCLUDE, so
-- these live here only (as 0016's do). Measured on the benchmark's 200,000 orders: PostgreSQL CPU per recap
-- of the chain's month about 0.47 → 0.37 s (median of 8 and 10 runs on a shared host).
-- The crew: orders by picker, so each picker's orders are grouped as they are read (no sort of the month by picker).
CREATE INDEX "orders_picker_created_idx" ON "orders" USING btree ("picker_user_id", "created_at") INCLUDE ("status_id", "claimed_at", "packed_at");--> statement-breakpoint
-- Out of stock: the range's order ids in id order with their arrival, merge-joined with order_lines_order_idx
-- (no sort of the month's ids).
CREATE INDEX "orders_id_created_idx" ON "orders" USING btree ("id") INCLUDE ("created_at");
