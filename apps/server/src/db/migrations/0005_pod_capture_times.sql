-- When the phone took a POD position and when the server received it: a POD made offline waits
-- in the phone's outbox and arrives later. Null for rows written before these were recorded.
ALTER TABLE "pod_approval_requests" ADD COLUMN "captured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pod_records" ADD COLUMN "captured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pod_records" ADD COLUMN "received_at" timestamp with time zone;