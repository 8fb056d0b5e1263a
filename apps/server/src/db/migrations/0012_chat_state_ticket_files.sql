ALTER TABLE "channel_notices" DROP CONSTRAINT "channel_notices_kind_check";--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "client_id" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "photo_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD COLUMN "bytes" "bytea" NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD COLUMN "sha256" text NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_photo_id_uploads_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_key" ON "chat_messages" USING btree ("room_id","client_id");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_content_check" CHECK ("chat_messages"."body" is not null or "chat_messages"."photo_id" is not null);--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_mime_check" CHECK ("ticket_attachments"."mime_type" in ('image/jpeg', 'image/png', 'image/webp', 'application/pdf'));--> statement-breakpoint
ALTER TABLE "channel_notices" ADD CONSTRAINT "channel_notices_kind_check" CHECK ("channel_notices"."kind" in ('order.cancelled', 'return.approved', 'return.rejected', 'return.refunded', 'chat.message'));