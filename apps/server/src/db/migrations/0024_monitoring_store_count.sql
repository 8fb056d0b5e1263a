CREATE TABLE "monitoring_store_count" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "monitoring_store_count_one_row" CHECK ("monitoring_store_count"."one")
);
--> statement-breakpoint
-- The chain's store count follows the stores in the transaction that adds or removes them (issue 27): statement
-- triggers with transition tables, so a bulk insert (the seed's thousands of stores) updates the one row once.
CREATE FUNCTION "monitoring_store_count_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		UPDATE "monitoring_store_count" SET "n" = "n" + (SELECT count(*) FROM "added_stores");
	ELSIF TG_OP = 'DELETE' THEN
		UPDATE "monitoring_store_count" SET "n" = "n" - (SELECT count(*) FROM "removed_stores");
	ELSE
		UPDATE "monitoring_store_count" SET "n" = 0;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stores_monitoring_count_insert" AFTER INSERT ON "stores" REFERENCING NEW TABLE AS "added_stores" FOR EACH STATEMENT EXECUTE FUNCTION "monitoring_store_count_follow"();
--> statement-breakpoint
CREATE TRIGGER "stores_monitoring_count_delete" AFTER DELETE ON "stores" REFERENCING OLD TABLE AS "removed_stores" FOR EACH STATEMENT EXECUTE FUNCTION "monitoring_store_count_follow"();
--> statement-breakpoint
CREATE TRIGGER "stores_monitoring_count_truncate" AFTER TRUNCATE ON "stores" FOR EACH STATEMENT EXECUTE FUNCTION "monitoring_store_count_follow"();
--> statement-breakpoint
-- Backfill from the stores as they stand.
INSERT INTO "monitoring_store_count" ("one", "n") SELECT true, count(*)::integer FROM "stores";
