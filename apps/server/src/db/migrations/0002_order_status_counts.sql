CREATE TABLE "order_status_counts" (
	"store_code" text NOT NULL,
	"status_id" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_status_counts_store_code_status_id_pk" PRIMARY KEY("store_code","status_id")
);
--> statement-breakpoint
-- Deltas are applied in (store_code, status_id) order so concurrent changes lock counter rows in the same order.
CREATE FUNCTION "order_status_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "order_status_counts" AS c ("store_code", "status_id", "n")
	SELECT "store_code", "status_id", count(*)::int FROM "changed_orders" GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT ("store_code", "status_id") DO UPDATE SET "n" = c."n" + excluded."n";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "order_status_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "order_status_counts" AS c SET "n" = c."n" - d."n"
	FROM (SELECT "store_code", "status_id", count(*)::int AS "n" FROM "changed_orders" GROUP BY 1, 2) d
	WHERE c."store_code" = d."store_code" AND c."status_id" = d."status_id";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "order_status_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "order_status_counts" AS c ("store_code", "status_id", "n")
	SELECT * FROM (VALUES (OLD."store_code", OLD."status_id", -1), (NEW."store_code", NEW."status_id", 1)) v ORDER BY 1, 2
	ON CONFLICT ("store_code", "status_id") DO UPDATE SET "n" = c."n" + excluded."n";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "order_status_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "order_status_counts";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_status_counts_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "changed_orders" FOR EACH STATEMENT EXECUTE FUNCTION "order_status_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "orders_status_counts_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "changed_orders" FOR EACH STATEMENT EXECUTE FUNCTION "order_status_counts_remove"();
--> statement-breakpoint
-- Row level, and only when the status or store really changes: scans and edits that bump the version cost nothing here.
CREATE TRIGGER "orders_status_counts_update" AFTER UPDATE OF "status_id", "store_code" ON "orders" FOR EACH ROW
	WHEN (OLD."status_id" IS DISTINCT FROM NEW."status_id" OR OLD."store_code" IS DISTINCT FROM NEW."store_code")
	EXECUTE FUNCTION "order_status_counts_move"();
--> statement-breakpoint
CREATE TRIGGER "orders_status_counts_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "order_status_counts_clear"();
--> statement-breakpoint
INSERT INTO "order_status_counts" ("store_code", "status_id", "n")
SELECT "store_code", "status_id", count(*)::int FROM "orders" GROUP BY 1, 2;
