-- "Contains" searches over the chain's stores and the catalogue read trigram indexes (pg_trgm is a trusted extension:
-- the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "stores_code_trgm_idx" ON "stores" USING gin ("code" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "stores_name_trgm_idx" ON "stores" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "stores_kelurahan_trgm_idx" ON "stores" USING gin ("kelurahan" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "stores_kecamatan_trgm_idx" ON "stores" USING gin ("kecamatan" gin_trgm_ops) WITH (fastupdate=false);