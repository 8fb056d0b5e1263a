CREATE TABLE "monitoring_status_slots" (
	"status_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"stores" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "monitoring_status_slots_status_id_slot_pk" PRIMARY KEY("status_id","slot")
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
-- has to remember them. Statuses are MONITORING_STATUSES (shown) and MONITORED_STATUSES (open) of the contract.
-- A status's chain totals are spread over 16 slots by store (summed at read): no one row every order of the chain waits on.
CREATE FUNCTION "monitoring_figures_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	was integer := 0;
	now_n integer := 0;
	store text;
	status integer;
BEGIN
	IF TG_OP <> 'INSERT' THEN was := OLD."n"; store := OLD."store_code"; status := OLD."status_id"; END IF;
	IF TG_OP <> 'DELETE' THEN now_n := NEW."n"; store := NEW."store_code"; status := NEW."status_id"; END IF;
	IF now_n = was OR status NOT IN (1101, 1102, 1103, 1104, 1106) THEN RETURN NULL; END IF;
	INSERT INTO "monitoring_status_slots" AS s ("status_id", "slot", "n", "stores")
	VALUES (status, hashtext(store) & 15, now_n - was, (now_n > 0)::integer - (was > 0)::integer)
	ON CONFLICT ("status_id", "slot") DO UPDATE SET "n" = s."n" + excluded."n", "stores" = s."stores" + excluded."stores";
	IF status IN (1101, 1102, 1103) THEN
		INSERT INTO "monitoring_store_open" AS o ("store_code", "open") VALUES (store, now_n - was)
		ON CONFLICT ("store_code") DO UPDATE SET "open" = o."open" + excluded."open";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "monitoring_figures_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "monitoring_status_slots";
	DELETE FROM "monitoring_store_open";
	RETURN NULL;
END $$;
--> statement-breakpoint
-- The counters' primary key (store, status) never changes: their functions only move n.
CREATE TRIGGER "order_status_counts_monitoring" AFTER INSERT OR DELETE OR UPDATE OF "n" ON "order_status_counts" FOR EACH ROW EXECUTE FUNCTION "monitoring_figures_follow"();
--> statement-breakpoint
CREATE TRIGGER "order_status_counts_monitoring_truncate" AFTER TRUNCATE ON "order_status_counts" FOR EACH STATEMENT EXECUTE FUNCTION "monitoring_figures_clear"();
--> statement-breakpoint
-- Backfill from the counters as they stand.
INSERT INTO "monitoring_status_slots" ("status_id", "slot", "n", "stores")
SELECT "status_id", hashtext("store_code") & 15, sum("n")::integer, (count(*) FILTER (WHERE "n" > 0))::integer
FROM "order_status_counts" WHERE "status_id" IN (1101, 1102, 1103, 1104, 1106) GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "monitoring_store_open" ("store_code", "open")
SELECT "store_code", sum("n")::integer FROM "order_status_counts" WHERE "status_id" IN (1101, 1102, 1103) GROUP BY 1;
