-- The whole chain's recap from figures kept at commit (issue 27, decision 169): the chain's recap of a month read
-- every order of the month and its lines (2,000,000 orders at 20,000 stores, seconds of PostgreSQL). Triggers on
-- orders and order_lines keep, per WIB day of arrival, the orders per channel and status, the cancelled ones per
-- reason, the completion times (a histogram in whole seconds) and the lines per product, in the transaction that
-- changes them. Counters are split over 16 slots by backend (summed at read), so no row is taken by every intake of
-- the chain; each statement's changes are applied in key order. Orders are never deleted by the app; a deletion
-- (tests, tools) is followed here, and a truncate empties the figures.
CREATE TABLE "recap_chain_cancels" (
	"day" date NOT NULL,
	"reason" text NOT NULL,
	"slot" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "recap_chain_cancels_day_reason_slot_pk" PRIMARY KEY("day","reason","slot")
);
--> statement-breakpoint
CREATE TABLE "recap_chain_completion" (
	"day" date NOT NULL,
	"seconds" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "recap_chain_completion_day_seconds_pk" PRIMARY KEY("day","seconds")
);
--> statement-breakpoint
CREATE TABLE "recap_chain_counts" (
	"day" date NOT NULL,
	"app_id" integer NOT NULL,
	"status_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "recap_chain_counts_day_app_id_status_id_slot_pk" PRIMARY KEY("day","app_id","status_id","slot")
);
--> statement-breakpoint
CREATE TABLE "recap_chain_products" (
	"day" date NOT NULL,
	"product_id" text NOT NULL,
	"slot" smallint NOT NULL,
	"ordered_qty" bigint NOT NULL,
	"oos_qty" bigint NOT NULL,
	"lines" integer NOT NULL,
	"oos_lines" integer NOT NULL,
	CONSTRAINT "recap_chain_products_day_product_id_slot_pk" PRIMARY KEY("day","product_id","slot")
);

--> statement-breakpoint
-- The WIB day an instant falls on (UTC+7 all year), as the recap groups arrivals.
CREATE FUNCTION "recap_day"(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT ((at AT TIME ZONE 'UTC') + interval '7 hours')::date
$$;
--> statement-breakpoint
-- Adds orders' figures (sign +1) or takes them away (-1): one entry per order, its arrival day, channel, status,
-- cancel reason (null unless cancelled; '' for none) and whole seconds from arrival to completed (null if not). A
-- kind given as a null array is left alone (an update that does not change it); each statement runs only when its
-- kind has something to add, tested as a plain expression (no query).
CREATE FUNCTION "recap_chain_orders_add"(days date[], app_ids integer[], status_ids integer[], reasons text[], completion_seconds integer[], signs integer[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	my_slot smallint := pg_backend_pid() & 15;
BEGIN
	IF app_ids IS NOT NULL THEN
		INSERT INTO "recap_chain_counts" AS c ("day", "app_id", "status_id", "slot", "n")
		SELECT o.d, o.a, o.s, my_slot, sum(o.sign) FROM unnest(days, app_ids, status_ids, signs) o(d, a, s, sign)
		GROUP BY 1, 2, 3 HAVING sum(o.sign) <> 0 ORDER BY 1, 2, 3
		ON CONFLICT ("day", "app_id", "status_id", "slot") DO UPDATE SET "n" = c."n" + excluded."n";
	END IF;
	IF cardinality(array_remove(reasons, NULL)) > 0 THEN
		INSERT INTO "recap_chain_cancels" AS c ("day", "reason", "slot", "n")
		SELECT o.d, o.r, my_slot, sum(o.sign) FROM unnest(days, reasons, signs) o(d, r, sign) WHERE o.r IS NOT NULL
		GROUP BY 1, 2 HAVING sum(o.sign) <> 0 ORDER BY 1, 2
		ON CONFLICT ("day", "reason", "slot") DO UPDATE SET "n" = c."n" + excluded."n";
	END IF;
	IF cardinality(array_remove(completion_seconds, NULL)) > 0 THEN
		INSERT INTO "recap_chain_completion" AS c ("day", "seconds", "n")
		SELECT o.d, o.secs, sum(o.sign) FROM unnest(days, completion_seconds, signs) o(d, secs, sign) WHERE o.secs IS NOT NULL
		GROUP BY 1, 2 HAVING sum(o.sign) <> 0 ORDER BY 1, 2
		ON CONFLICT ("day", "seconds") DO UPDATE SET "n" = c."n" + excluded."n";
	END IF;
END $$;
--> statement-breakpoint
-- Adds order lines' figures (sign +1) or takes them away (-1): one entry per line, its order's arrival day.
CREATE FUNCTION "recap_chain_lines_add"(days date[], product_ids text[], qtys integer[], oos integer[], signs integer[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "recap_chain_products" AS c ("day", "product_id", "slot", "ordered_qty", "oos_qty", "lines", "oos_lines")
	SELECT l.d, l.p, pg_backend_pid() & 15, sum(l.sign * l.q), sum(l.sign * l.o), sum(l.sign), coalesce(sum(l.sign) FILTER (WHERE l.o > 0), 0)
	FROM unnest(days, product_ids, qtys, oos, signs) l(d, p, q, o, sign)
	GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT ("day", "product_id", "slot") DO UPDATE SET
		"ordered_qty" = c."ordered_qty" + excluded."ordered_qty", "oos_qty" = c."oos_qty" + excluded."oos_qty",
		"lines" = c."lines" + excluded."lines", "oos_lines" = c."oos_lines" + excluded."oos_lines";
END $$;
--> statement-breakpoint
-- An order's facts as recap_chain_orders_add takes them.
CREATE FUNCTION "recap_cancel_reason"(status_id integer, reason text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT CASE WHEN status_id IN (1106, 1107) THEN coalesce(reason, '') END
$$;
--> statement-breakpoint
CREATE FUNCTION "recap_completion_seconds"(created_at timestamptz, completed_at timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT round(extract(epoch FROM (completed_at - created_at)))::integer
$$;
--> statement-breakpoint
CREATE FUNCTION "recap_chain_orders_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	moved boolean;
	was_reason text;
	now_reason text;
	was_seconds integer;
	now_seconds integer;
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		DELETE FROM "recap_chain_counts";
		DELETE FROM "recap_chain_cancels";
		DELETE FROM "recap_chain_completion";
	ELSIF TG_OP = 'INSERT' THEN
		PERFORM "recap_chain_orders_add"(array_agg("recap_day"(o."created_at")), array_agg(o."app_id"), array_agg(o."status_id"),
			array_agg("recap_cancel_reason"(o."status_id", o."cancel_reason")), array_agg("recap_completion_seconds"(o."created_at", o."completed_at")),
			array_agg(1))
		FROM "new_rows" o;
	ELSIF TG_OP = 'UPDATE' THEN
		-- Only the kinds this change moves (a status move leaves the reasons and times alone, mostly).
		moved := "recap_day"(OLD."created_at") <> "recap_day"(NEW."created_at");
		was_reason := "recap_cancel_reason"(OLD."status_id", OLD."cancel_reason");
		now_reason := "recap_cancel_reason"(NEW."status_id", NEW."cancel_reason");
		was_seconds := "recap_completion_seconds"(OLD."created_at", OLD."completed_at");
		now_seconds := "recap_completion_seconds"(NEW."created_at", NEW."completed_at");
		PERFORM "recap_chain_orders_add"(
			ARRAY["recap_day"(OLD."created_at"), "recap_day"(NEW."created_at")],
			CASE WHEN moved OR OLD."app_id" <> NEW."app_id" OR OLD."status_id" <> NEW."status_id" THEN ARRAY[OLD."app_id", NEW."app_id"] END,
			ARRAY[OLD."status_id", NEW."status_id"],
			CASE WHEN moved OR was_reason IS DISTINCT FROM now_reason THEN ARRAY[was_reason, now_reason] END,
			CASE WHEN moved OR was_seconds IS DISTINCT FROM now_seconds THEN ARRAY[was_seconds, now_seconds] END,
			ARRAY[-1, 1]);
		-- An arrival moved to another day takes its lines along.
		IF moved THEN
			PERFORM "recap_chain_lines_add"(array_agg(d.day), array_agg(l."product_id"), array_agg(l."qty"), array_agg(l."qty_oos"), array_agg(d.sign))
			FROM "order_lines" l, (VALUES ("recap_day"(OLD."created_at"), -1), ("recap_day"(NEW."created_at"), 1)) d(day, sign)
			WHERE l."order_id" = NEW."id";
		END IF;
	ELSE
		-- Before the deletion, while its lines are still there (they go with it by cascade, where their own trigger
		-- no longer finds the order).
		PERFORM "recap_chain_orders_add"(ARRAY["recap_day"(OLD."created_at")], ARRAY[OLD."app_id"], ARRAY[OLD."status_id"],
			ARRAY["recap_cancel_reason"(OLD."status_id", OLD."cancel_reason")], ARRAY["recap_completion_seconds"(OLD."created_at", OLD."completed_at")], ARRAY[-1]);
		PERFORM "recap_chain_lines_add"(array_agg("recap_day"(OLD."created_at")), array_agg(l."product_id"), array_agg(l."qty"), array_agg(l."qty_oos"), array_agg(-1))
		FROM "order_lines" l WHERE l."order_id" = OLD."id";
		RETURN OLD;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "recap_chain_lines_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		DELETE FROM "recap_chain_products";
	ELSIF TG_OP = 'INSERT' THEN
		PERFORM "recap_chain_lines_add"(array_agg("recap_day"(o."created_at")), array_agg(l."product_id"), array_agg(l."qty"), array_agg(l."qty_oos"), array_agg(1))
		FROM "new_rows" l JOIN "orders" o ON o."id" = l."order_id";
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM "recap_chain_lines_add"(array_agg("recap_day"(o."created_at")), array_agg(l."product_id"), array_agg(l."qty"), array_agg(l."qty_oos"), array_agg(-1))
		FROM "old_rows" l JOIN "orders" o ON o."id" = l."order_id";
	ELSE
		PERFORM "recap_chain_lines_add"(array_agg("recap_day"(o."created_at")), array_agg(l.p), array_agg(l.q), array_agg(l.oos), array_agg(l.sign))
		FROM (VALUES (OLD."order_id", OLD."product_id", OLD."qty", OLD."qty_oos", -1), (NEW."order_id", NEW."product_id", NEW."qty", NEW."qty_oos", 1)) l(order_id, p, q, oos, sign)
		JOIN "orders" o ON o."id" = l.order_id;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_recap_chain_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "recap_chain_orders_follow"();
--> statement-breakpoint
-- Row level, and only when a figure of the recap changes: scans and edits that bump the version cost nothing here.
CREATE TRIGGER "orders_recap_chain_update" AFTER UPDATE OF "created_at", "app_id", "status_id", "cancel_reason", "completed_at" ON "orders" FOR EACH ROW
	WHEN (OLD."created_at" IS DISTINCT FROM NEW."created_at" OR OLD."app_id" IS DISTINCT FROM NEW."app_id" OR OLD."status_id" IS DISTINCT FROM NEW."status_id"
		OR OLD."cancel_reason" IS DISTINCT FROM NEW."cancel_reason" OR OLD."completed_at" IS DISTINCT FROM NEW."completed_at")
	EXECUTE FUNCTION "recap_chain_orders_follow"();
--> statement-breakpoint
CREATE TRIGGER "orders_recap_chain_delete" BEFORE DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "recap_chain_orders_follow"();
--> statement-breakpoint
CREATE TRIGGER "orders_recap_chain_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "recap_chain_orders_follow"();
--> statement-breakpoint
CREATE TRIGGER "order_lines_recap_chain_insert" AFTER INSERT ON "order_lines" REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "recap_chain_lines_follow"();
--> statement-breakpoint
CREATE TRIGGER "order_lines_recap_chain_delete" AFTER DELETE ON "order_lines" REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "recap_chain_lines_follow"();
--> statement-breakpoint
-- Scanning moves qty_picked only: nothing here.
CREATE TRIGGER "order_lines_recap_chain_update" AFTER UPDATE OF "order_id", "product_id", "qty", "qty_oos" ON "order_lines" FOR EACH ROW
	WHEN (OLD."order_id" IS DISTINCT FROM NEW."order_id" OR OLD."product_id" IS DISTINCT FROM NEW."product_id" OR OLD."qty" IS DISTINCT FROM NEW."qty"
		OR OLD."qty_oos" IS DISTINCT FROM NEW."qty_oos")
	EXECUTE FUNCTION "recap_chain_lines_follow"();
--> statement-breakpoint
CREATE TRIGGER "order_lines_recap_chain_truncate" AFTER TRUNCATE ON "order_lines" FOR EACH STATEMENT EXECUTE FUNCTION "recap_chain_lines_follow"();
--> statement-breakpoint
-- Backfill from the orders and lines as they stand (slot 0).
INSERT INTO "recap_chain_counts" ("day", "app_id", "status_id", "slot", "n")
SELECT "recap_day"("created_at"), "app_id", "status_id", 0, count(*) FROM "orders" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "recap_chain_cancels" ("day", "reason", "slot", "n")
SELECT "recap_day"("created_at"), coalesce("cancel_reason", ''), 0, count(*) FROM "orders" WHERE "status_id" IN (1106, 1107) GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "recap_chain_completion" ("day", "seconds", "n")
SELECT "recap_day"("created_at"), "recap_completion_seconds"("created_at", "completed_at"), count(*) FROM "orders" WHERE "completed_at" IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "recap_chain_products" ("day", "product_id", "slot", "ordered_qty", "oos_qty", "lines", "oos_lines")
SELECT "recap_day"(o."created_at"), l."product_id", 0, sum(l."qty"), sum(l."qty_oos"), count(*), count(*) FILTER (WHERE l."qty_oos" > 0)
FROM "order_lines" l JOIN "orders" o ON o."id" = l."order_id" GROUP BY 1, 2;
--> statement-breakpoint
-- Migration 0022's indexes gave the chain's month of orders its order for the crew and out of stock; the chain's recap
-- no longer reads its orders, and a store's or an area's range reads orders_store_created_idx. Every order change
-- wrote them.
DROP INDEX "orders_picker_created_idx";
--> statement-breakpoint
DROP INDEX "orders_id_created_idx";
