ALTER TABLE "material_transfer_items" DROP CONSTRAINT "material_transfer_items_received_nonnegative";--> statement-breakpoint
DROP INDEX "material_transfers_qr_token_key";--> statement-breakpoint
ALTER TABLE "material_transfers" ALTER COLUMN "pin_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "material_transfers" DROP COLUMN "pin";--> statement-breakpoint
ALTER TABLE "material_transfers" DROP COLUMN "qr_token";--> statement-breakpoint
ALTER TABLE "material_transfers" DROP COLUMN "sent_at";--> statement-breakpoint
ALTER TABLE "material_transfers" DROP COLUMN "received_at";--> statement-breakpoint
ALTER TABLE "material_transfers" DROP COLUMN "received_by";--> statement-breakpoint
ALTER TABLE "material_transfers" DROP COLUMN "version";