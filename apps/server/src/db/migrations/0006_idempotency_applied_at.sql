-- A keyed change marks its key in its own transaction, so a key whose request died after the
-- commit is known as applied and never run a second time (decision 80).
ALTER TABLE "idempotency_keys" ADD COLUMN "applied_at" timestamp with time zone;