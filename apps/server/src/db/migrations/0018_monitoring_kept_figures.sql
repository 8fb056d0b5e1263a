CREATE TABLE "monitoring_status_slots" (
	"slot" smallint PRIMARY KEY NOT NULL,
	"n" integer[] NOT NULL,
	"stores" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitoring_store_open" (
	"store_code" text PRIMARY KEY NOT NULL,
	"open" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "monitoring_store_open_rank_idx" ON "monitoring_store_open" USING btree ("open" DESC NULLS FIRST,"store_code") WHERE "monitoring_store_open"."open" > 0;--> statement-breakpoint
CREATE INDEX "order_status_counts_tile_idx" ON "order_status_counts" USING btree ("status_id","n" DESC NULLS FIRST,"store_code") WHERE "order_status_counts"."n" > 0;
--> statement-breakpoint
-- Monitoring's figures that do not move with the clock follow order_status_counts in the same transaction (issue 27):
-- every change of a counter (an order's intake, status move, deletion, truncation) passes here, so nothing else
-- has to remember them. The statuses are the contract's MONITORING_STATUSES (the slots' array order) and
-- MONITORED_STATUSES (open work). Deferred to commit, so a transaction takes these rows after all its other locks:
-- one slot row (its backend's) and the open row of each store it changed, and none of them is ever held while
-- waiting for an order or a counter (taken as each change happens, a transaction changing two orders of a store
-- deadlocked with an order arriving there).
CREATE FUNCTION "monitoring_figures_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	was integer := 0;
	now_n integer := 0;
	store text;
	i integer;
BEGIN
	IF TG_OP <> 'INSERT' THEN was := OLD."n"; store := OLD."store_code"; i := array_position(ARRAY[1101, 1102, 1103, 1104, 1106], OLD."status_id"); END IF;
	IF TG_OP <> 'DELETE' THEN now_n := NEW."n"; store := NEW."store_code"; i := array_position(ARRAY[1101, 1102, 1103, 1104, 1106], NEW."status_id"); END IF;
	IF now_n = was OR i IS NULL THEN RETURN NULL; END IF;
	UPDATE "monitoring_status_slots"
	SET "n"[i] = "n"[i] + (now_n - was), "stores"[i] = "stores"[i] + ((now_n > 0)::integer - (was > 0)::integer)
	WHERE "slot" = pg_backend_pid() & 15;
	IF i <= 3 THEN
		INSERT INTO "monitoring_store_open" AS o ("store_code", "open") VALUES (store, now_n - was)
		ON CONFLICT ("store_code") DO UPDATE SET "open" = o."open" + excluded."open";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "monitoring_figures_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "monitoring_status_slots" SET "n" = '{0,0,0,0,0}', "stores" = '{0,0,0,0,0}';
	DELETE FROM "monitoring_store_open";
	RETURN NULL;
END $$;
--> statement-breakpoint
-- The counters' primary key (store, status) never changes: their functions only move n.
CREATE CONSTRAINT TRIGGER "order_status_counts_monitoring" AFTER INSERT OR DELETE OR UPDATE OF "n" ON "order_status_counts"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "monitoring_figures_follow"();
--> statement-breakpoint
CREATE TRIGGER "order_status_counts_monitoring_truncate" AFTER TRUNCATE ON "order_status_counts" FOR EACH STATEMENT EXECUTE FUNCTION "monitoring_figures_clear"();
--> statement-breakpoint
INSERT INTO "monitoring_status_slots" ("slot", "n", "stores") SELECT s, '{0,0,0,0,0}', '{0,0,0,0,0}' FROM generate_series(0, 15) s;
--> statement-breakpoint
-- Backfill from the counters as they stand.
UPDATE "monitoring_status_slots" SET ("n", "stores") = (
	SELECT array_agg(coalesce(c."n", 0) ORDER BY k.i), array_agg(coalesce(c."stores", 0) ORDER BY k.i)
	FROM unnest(ARRAY[1101, 1102, 1103, 1104, 1106]) WITH ORDINALITY k("status_id", i)
	LEFT JOIN (SELECT "status_id", sum("n")::integer AS "n", (count(*) FILTER (WHERE "n" > 0))::integer AS "stores" FROM "order_status_counts" GROUP BY 1) c USING ("status_id")
) WHERE "slot" = 0;
--> statement-breakpoint
INSERT INTO "monitoring_store_open" ("store_code", "open")
SELECT "store_code", sum("n")::integer FROM "order_status_counts" WHERE "status_id" IN (1101, 1102, 1103) GROUP BY 1;
