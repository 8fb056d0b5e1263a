-- The whole chain's completion times in tenths of a minute (6 s), the precision the recap shows, instead of whole
-- seconds (issue 27, decision 169): a month of the 20,000-store chain was 185,000 histogram rows (42 of the month's
-- 45 ms of PostgreSQL) and is 33,000. A store's recap counts its orders' times the same way (service.ts), so the
-- two readings still agree exactly. The histogram is rebuilt from the orders: a rounded second does not round to
-- the same tenth as the time it came from.
TRUNCATE "recap_chain_completion";
--> statement-breakpoint
ALTER TABLE "recap_chain_completion" RENAME COLUMN "seconds" TO "tenths";
--> statement-breakpoint
ALTER TABLE "recap_chain_completion" RENAME CONSTRAINT "recap_chain_completion_day_seconds_pk" TO "recap_chain_completion_day_tenths_pk";
--> statement-breakpoint
-- Tenths of a minute (6 s) from arrival to completed: the precision the recap shows, and a day's histogram of a
-- thousand-odd values (whole seconds made a month of the chain 185,000 rows to read).
CREATE FUNCTION "recap_completion_tenths"(created_at timestamptz, completed_at timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT round(extract(epoch FROM (completed_at - created_at)) / 6)::integer
$$;
--> statement-breakpoint
-- One argument's name changes with its unit, which CREATE OR REPLACE cannot do.
DROP FUNCTION "recap_chain_orders_add"(date[], integer[], integer[], text[], integer[], integer[]);
--> statement-breakpoint
-- Adds orders' figures (sign +1) or takes them away (-1): one entry per order, its arrival day, channel, status,
-- cancel reason (null unless cancelled; '' for none) and tenths of a minute from arrival to completed (null if not). A
-- kind given as a null array is left alone (an update that does not change it); each statement runs only when its
-- kind has something to add, tested as a plain expression (no query).
CREATE FUNCTION "recap_chain_orders_add"(days date[], app_ids integer[], status_ids integer[], reasons text[], completion_tenths integer[], signs integer[])
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
	IF cardinality(array_remove(completion_tenths, NULL)) > 0 THEN
		INSERT INTO "recap_chain_completion" AS c ("day", "tenths", "n")
		SELECT o.d, o.t, sum(o.sign) FROM unnest(days, completion_tenths, signs) o(d, t, sign) WHERE o.t IS NOT NULL
		GROUP BY 1, 2 HAVING sum(o.sign) <> 0 ORDER BY 1, 2
		ON CONFLICT ("day", "tenths") DO UPDATE SET "n" = c."n" + excluded."n";
	END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "recap_chain_orders_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	moved boolean;
	was_reason text;
	now_reason text;
	was_tenths integer;
	now_tenths integer;
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		DELETE FROM "recap_chain_counts";
		DELETE FROM "recap_chain_cancels";
		DELETE FROM "recap_chain_completion";
	ELSIF TG_OP = 'INSERT' THEN
		PERFORM "recap_chain_orders_add"(array_agg("recap_day"(o."created_at")), array_agg(o."app_id"), array_agg(o."status_id"),
			array_agg("recap_cancel_reason"(o."status_id", o."cancel_reason")), array_agg("recap_completion_tenths"(o."created_at", o."completed_at")),
			array_agg(1))
		FROM "new_rows" o;
	ELSIF TG_OP = 'UPDATE' THEN
		-- Only the kinds this change moves (a status move leaves the reasons and times alone, mostly).
		moved := "recap_day"(OLD."created_at") <> "recap_day"(NEW."created_at");
		was_reason := "recap_cancel_reason"(OLD."status_id", OLD."cancel_reason");
		now_reason := "recap_cancel_reason"(NEW."status_id", NEW."cancel_reason");
		was_tenths := "recap_completion_tenths"(OLD."created_at", OLD."completed_at");
		now_tenths := "recap_completion_tenths"(NEW."created_at", NEW."completed_at");
		PERFORM "recap_chain_orders_add"(
			ARRAY["recap_day"(OLD."created_at"), "recap_day"(NEW."created_at")],
			CASE WHEN moved OR OLD."app_id" <> NEW."app_id" OR OLD."status_id" <> NEW."status_id" THEN ARRAY[OLD."app_id", NEW."app_id"] END,
			ARRAY[OLD."status_id", NEW."status_id"],
			CASE WHEN moved OR was_reason IS DISTINCT FROM now_reason THEN ARRAY[was_reason, now_reason] END,
			CASE WHEN moved OR was_tenths IS DISTINCT FROM now_tenths THEN ARRAY[was_tenths, now_tenths] END,
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
			ARRAY["recap_cancel_reason"(OLD."status_id", OLD."cancel_reason")], ARRAY["recap_completion_tenths"(OLD."created_at", OLD."completed_at")], ARRAY[-1]);
		PERFORM "recap_chain_lines_add"(array_agg("recap_day"(OLD."created_at")), array_agg(l."product_id"), array_agg(l."qty"), array_agg(l."qty_oos"), array_agg(-1))
		FROM "order_lines" l WHERE l."order_id" = OLD."id";
		RETURN OLD;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
DROP FUNCTION "recap_completion_seconds"(timestamptz, timestamptz);
--> statement-breakpoint
INSERT INTO "recap_chain_completion" ("day", "tenths", "n")
SELECT "recap_day"("created_at"), "recap_completion_tenths"("created_at", "completed_at"), count(*) FROM "orders" WHERE "completed_at" IS NOT NULL GROUP BY 1, 2;
