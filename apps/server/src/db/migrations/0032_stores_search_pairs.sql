-- A search of the whole chain by a word of two letters (the store picker, a transfer's receiver; issue 27): such a word
-- has no trigram, so its page and count tested every store (11 ms of PostgreSQL at 20,000 stores). Two parts:
-- * how many stores hold each two-letter piece of their lowercase fields, kept here by statement triggers on stores
--   (a bulk load adds each piece once): the count of a word's stores is one row;
-- * GIN indexes over the pieces (as 0028 for product names), code and name apart from the place: a word few stores
--   hold is found from them. A word many stores hold is read by walking the stores in code order (its page fills early).
CREATE TABLE "store_search_pairs" (
	"fields" text NOT NULL,
	"pair" text NOT NULL,
	"stores" integer NOT NULL,
	CONSTRAINT "store_search_pairs_fields_pair_pk" PRIMARY KEY("fields","pair")
);
--> statement-breakpoint
CREATE INDEX "stores_code_name_pairs_idx" ON "stores" USING gin ((lower_bigrams("code") || lower_bigrams("name"))) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "stores_place_pairs_idx" ON "stores" USING gin ((lower_bigrams("kelurahan") || lower_bigrams("kecamatan"))) WITH (fastupdate=false);--> statement-breakpoint
-- A store's distinct pieces per kind of search: 'code_name' (a transfer's receiver) and 'all' (the picker).
CREATE FUNCTION "store_search_pairs_of"(code text, name text, kelurahan text, kecamatan text) RETURNS TABLE ("fields" text, "pair" text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT 'code_name', p FROM unnest(lower_bigrams(code) || lower_bigrams(name)) p
	UNION
	SELECT 'all', p FROM unnest(lower_bigrams(code) || lower_bigrams(name) || lower_bigrams(kelurahan) || lower_bigrams(kecamatan)) p
$$;
--> statement-breakpoint
-- The net change of a statement's rows (inserted +1, deleted -1, updated both), one upsert per piece, in the pieces'
-- order (two statements changing stores at once lock them in the same order); a truncate empties the counts.
CREATE FUNCTION "store_search_pairs_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		DELETE FROM "store_search_pairs";
	ELSIF TG_OP = 'INSERT' THEN
		INSERT INTO "store_search_pairs" AS c ("fields", "pair", "stores")
		SELECT x."fields", x."pair", count(*) FROM "new_rows" s, "store_search_pairs_of"(s."code", s."name", s."kelurahan", s."kecamatan") x GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT ("fields", "pair") DO UPDATE SET "stores" = c."stores" + excluded."stores";
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "store_search_pairs" AS c ("fields", "pair", "stores")
		SELECT x."fields", x."pair", -count(*) FROM "old_rows" s, "store_search_pairs_of"(s."code", s."name", s."kelurahan", s."kecamatan") x GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT ("fields", "pair") DO UPDATE SET "stores" = c."stores" + excluded."stores";
	ELSE
		INSERT INTO "store_search_pairs" AS c ("fields", "pair", "stores")
		SELECT d."fields", d."pair", sum(d.n) FROM (
			SELECT x."fields", x."pair", 1 AS n FROM "new_rows" s, "store_search_pairs_of"(s."code", s."name", s."kelurahan", s."kecamatan") x
			UNION ALL
			SELECT x."fields", x."pair", -1 FROM "old_rows" s, "store_search_pairs_of"(s."code", s."name", s."kelurahan", s."kecamatan") x
		) d GROUP BY 1, 2 HAVING sum(d.n) <> 0 ORDER BY 1, 2
		ON CONFLICT ("fields", "pair") DO UPDATE SET "stores" = c."stores" + excluded."stores";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stores_search_pairs_insert" AFTER INSERT ON "stores" REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "store_search_pairs_follow"();
--> statement-breakpoint
CREATE TRIGGER "stores_search_pairs_update" AFTER UPDATE ON "stores" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "store_search_pairs_follow"();
--> statement-breakpoint
CREATE TRIGGER "stores_search_pairs_delete" AFTER DELETE ON "stores" REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "store_search_pairs_follow"();
--> statement-breakpoint
CREATE TRIGGER "stores_search_pairs_truncate" AFTER TRUNCATE ON "stores"
	FOR EACH STATEMENT EXECUTE FUNCTION "store_search_pairs_follow"();
--> statement-breakpoint
INSERT INTO "store_search_pairs" ("fields", "pair", "stores")
SELECT x."fields", x."pair", count(*) FROM "stores" s, "store_search_pairs_of"(s."code", s."name", s."kelurahan", s."kecamatan") x GROUP BY 1, 2;
