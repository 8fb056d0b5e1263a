ALTER TABLE "monitoring_store_open" ADD COLUMN "n" integer[] DEFAULT '{0,0,0}' NOT NULL;--> statement-breakpoint
ALTER TABLE "monitoring_store_open" ADD COLUMN "name" text;--> statement-breakpoint
-- The chain's "Per toko" reads each listed store as its one open row (issue 27): its open orders per status (n, in
-- the order of MONITORED_STATUSES) and its name, beside the open count, so no counter or store row is read per store.
-- The counts follow order_status_counts as "open" does (migration 0018); a new row takes its store's name.
CREATE OR REPLACE FUNCTION "monitoring_figures_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	was integer := 0;
	now_n integer := 0;
	store text;
	i integer;
	added integer[] := '{0,0,0}';
BEGIN
	IF TG_OP <> 'INSERT' THEN was := OLD."n"; store := OLD."store_code"; i := array_position(ARRAY[1101, 1102, 1103, 1104, 1106], OLD."status_id"); END IF;
	IF TG_OP <> 'DELETE' THEN now_n := NEW."n"; store := NEW."store_code"; i := array_position(ARRAY[1101, 1102, 1103, 1104, 1106], NEW."status_id"); END IF;
	IF now_n = was OR i IS NULL THEN RETURN NULL; END IF;
	UPDATE "monitoring_status_slots"
	SET "n"[i] = "n"[i] + (now_n - was), "stores"[i] = "stores"[i] + ((now_n > 0)::integer - (was > 0)::integer)
	WHERE "slot" = pg_backend_pid() & 15;
	IF i <= 3 THEN
		UPDATE "monitoring_store_open" SET "open" = "open" + (now_n - was), "n"[i] = "n"[i] + (now_n - was) WHERE "store_code" = store;
		IF NOT FOUND THEN
			added[i] := now_n - was;
			INSERT INTO "monitoring_store_open" AS o ("store_code", "open", "n", "name")
			VALUES (store, now_n - was, added, (SELECT s."name" FROM "stores" s WHERE s."code" = store))
			ON CONFLICT ("store_code") DO UPDATE SET "open" = o."open" + excluded."open", "n"[i] = o."n"[i] + excluded."n"[i];
		END IF;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A store's name follows the stores in the transaction that adds, renames or removes them (statement triggers with
-- transition tables, as the store count's): each open row's name is its code's store's name, null when there is none.
CREATE FUNCTION "monitoring_store_names_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		UPDATE "monitoring_store_open" o SET "name" = a."name" FROM "added_stores" a WHERE o."store_code" = a."code";
	ELSIF TG_OP = 'UPDATE' THEN
		UPDATE "monitoring_store_open" o SET "name" = (SELECT s."name" FROM "stores" s WHERE s."code" = o."store_code")
		WHERE o."store_code" IN (SELECT "code" FROM "updated_stores" UNION SELECT "code" FROM "stores_before");
	ELSIF TG_OP = 'DELETE' THEN
		UPDATE "monitoring_store_open" o SET "name" = NULL FROM "removed_stores" r WHERE o."store_code" = r."code";
	ELSE
		UPDATE "monitoring_store_open" SET "name" = NULL;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stores_monitoring_names_insert" AFTER INSERT ON "stores" REFERENCING NEW TABLE AS "added_stores" FOR EACH STATEMENT EXECUTE FUNCTION "monitoring_store_names_follow"();
--> statement-breakpoint
CREATE TRIGGER "stores_monitoring_names_update" AFTER UPDATE ON "stores" REFERENCING OLD TABLE AS "stores_before" NEW TABLE AS "updated_stores" FOR EACH STATEMENT EXECUTE FUNCTION "monitoring_store_names_follow"();
--> statement-breakpoint
CREATE TRIGGER "stores_monitoring_names_delete" AFTER DELETE ON "stores" REFERENCING OLD TABLE AS "removed_stores" FOR EACH STATEMENT EXECUTE FUNCTION "monitoring_store_names_follow"();
--> statement-breakpoint
CREATE TRIGGER "stores_monitoring_names_truncate" AFTER TRUNCATE ON "stores" FOR EACH STATEMENT EXECUTE FUNCTION "monitoring_store_names_follow"();
--> statement-breakpoint
-- Backfill from the counters and the stores as they stand.
UPDATE "monitoring_store_open" o SET
	"n" = ARRAY(SELECT coalesce((SELECT sum(c."n") FROM "order_status_counts" c WHERE c."store_code" = o."store_code" AND c."status_id" = k."status_id"), 0)::integer
		FROM unnest(ARRAY[1101, 1102, 1103]) WITH ORDINALITY k("status_id", i) ORDER BY k.i),
	"name" = (SELECT s."name" FROM "stores" s WHERE s."code" = o."store_code");
