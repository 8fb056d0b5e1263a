-- A cancel request carries its order's store (issue 27): a store's tab of one status (approved, rejected) and its
-- count read that store's requests from one index instead of joining every order of the store. The trigger writes it
-- from the order on every insert (inserts leave it out), and an order moved to another store takes its requests along.
ALTER TABLE "cancel_requests" ADD COLUMN "store_code" text DEFAULT null;--> statement-breakpoint
CREATE FUNCTION "cancel_requests_store_of_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."store_code" := (SELECT "store_code" FROM "orders" WHERE "id" = NEW."order_id");
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "cancel_requests_store" BEFORE INSERT OR UPDATE OF "order_id", "store_code" ON "cancel_requests"
	FOR EACH ROW EXECUTE FUNCTION "cancel_requests_store_of_order"();
--> statement-breakpoint
CREATE FUNCTION "orders_cancel_requests_store"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "cancel_requests" SET "store_code" = NEW."store_code" WHERE "order_id" = NEW."id";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_cancel_requests_store" AFTER UPDATE OF "store_code" ON "orders"
	FOR EACH ROW WHEN (OLD."store_code" IS DISTINCT FROM NEW."store_code") EXECUTE FUNCTION "orders_cancel_requests_store"();
--> statement-breakpoint
-- Backfill: the trigger writes each request's store from its order.
UPDATE "cancel_requests" SET "store_code" = NULL;--> statement-breakpoint
ALTER TABLE "cancel_requests" ALTER COLUMN "store_code" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "cancel_requests_store_status_idx" ON "cancel_requests" USING btree ("store_code","status","decided_at" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
