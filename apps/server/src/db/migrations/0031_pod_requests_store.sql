-- A POD approval request carries its order's store (issue 27), as a cancel request does (0029): a store's queue and
-- its count read that store's requests from one index instead of joining orders first; with seven joins and the scope
-- on orders, PostgreSQL planned the queue anew on every call once the chain had 20,000 stores. Both kinds of request
-- now share one trigger function that writes the store from the order on every insert (inserts leave it out), and one
-- that moves every request of an order to the store the order moves to (0029's two functions are replaced by them).
ALTER TABLE "pod_approval_requests" ADD COLUMN "store_code" text DEFAULT null;--> statement-breakpoint
CREATE FUNCTION "store_of_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."store_code" := (SELECT "store_code" FROM "orders" WHERE "id" = NEW."order_id");
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "pod_approval_requests_store" BEFORE INSERT OR UPDATE OF "order_id", "store_code" ON "pod_approval_requests"
	FOR EACH ROW EXECUTE FUNCTION "store_of_order"();
--> statement-breakpoint
DROP TRIGGER "cancel_requests_store" ON "cancel_requests";--> statement-breakpoint
CREATE TRIGGER "cancel_requests_store" BEFORE INSERT OR UPDATE OF "order_id", "store_code" ON "cancel_requests"
	FOR EACH ROW EXECUTE FUNCTION "store_of_order"();
--> statement-breakpoint
DROP FUNCTION "cancel_requests_store_of_order"();--> statement-breakpoint
CREATE FUNCTION "orders_requests_store"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "cancel_requests" SET "store_code" = NEW."store_code" WHERE "order_id" = NEW."id";
	UPDATE "pod_approval_requests" SET "store_code" = NEW."store_code" WHERE "order_id" = NEW."id";
	RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "orders_cancel_requests_store" ON "orders";--> statement-breakpoint
DROP FUNCTION "orders_cancel_requests_store"();--> statement-breakpoint
CREATE TRIGGER "orders_requests_store" AFTER UPDATE OF "store_code" ON "orders"
	FOR EACH ROW WHEN (OLD."store_code" IS DISTINCT FROM NEW."store_code") EXECUTE FUNCTION "orders_requests_store"();
--> statement-breakpoint
-- Backfill: the trigger writes each request's store from its order.
UPDATE "pod_approval_requests" SET "store_code" = NULL;--> statement-breakpoint
ALTER TABLE "pod_approval_requests" ALTER COLUMN "store_code" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "pod_approval_requests_store_date_idx" ON "pod_approval_requests" USING btree ("store_code","request_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);
