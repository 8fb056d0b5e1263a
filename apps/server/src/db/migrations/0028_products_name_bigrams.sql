-- The stock search by a word of two letters (the shortest it takes): such a word has no trigram, so the page and its
-- count tested every product's name. The distinct two-letter pieces of a lowercase name, as ilike lowercases it: a
-- name contains the word only if its pieces hold the word's, so a GIN index over them finds the candidates and the
-- search tests only those. IMMUTABLE for the index (lower() is).
CREATE FUNCTION "lower_bigrams"(text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
	SELECT coalesce(array_agg(DISTINCT substr(s, i, 2)), '{}') FROM (SELECT lower($1) AS s) l, generate_series(1, length(s) - 1) AS i
$$;--> statement-breakpoint
CREATE INDEX "products_name_bigram_idx" ON "products" USING gin (lower_bigrams("name")) WITH (fastupdate=false);
