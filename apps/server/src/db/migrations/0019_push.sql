CREATE TABLE "push_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"transport" text NOT NULL,
	"endpoint" text,
	"p256dh" text,
	"auth" text,
	"token" text,
	"muted" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_devices_transport_check" CHECK ("push_devices"."transport" in ('webpush', 'fcm')),
	CONSTRAINT "push_devices_subscription_check" CHECK (("push_devices"."transport" = 'webpush' and "push_devices"."endpoint" is not null and "push_devices"."p256dh" is not null and "push_devices"."auth" is not null and "push_devices"."token" is null)
        or ("push_devices"."transport" = 'fcm' and "push_devices"."token" is not null and "push_devices"."endpoint" is null))
);
--> statement-breakpoint
CREATE TABLE "push_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"tag" text NOT NULL,
	"ref" text,
	"order_id" integer,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_messages_status_check" CHECK ("push_messages"."status" in ('pending', 'sent', 'expired', 'failed', 'gone'))
);
--> statement-breakpoint
ALTER TABLE "push_devices" ADD CONSTRAINT "push_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_messages" ADD CONSTRAINT "push_messages_device_id_push_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."push_devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_messages" ADD CONSTRAINT "push_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_devices_user_device" ON "push_devices" USING btree ("user_id","device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_devices_endpoint" ON "push_devices" USING btree ("endpoint");--> statement-breakpoint
CREATE UNIQUE INDEX "push_devices_token" ON "push_devices" USING btree ("token");--> statement-breakpoint
CREATE INDEX "push_messages_due_idx" ON "push_messages" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "push_messages_tag_idx" ON "push_messages" USING btree ("tag","device_id");--> statement-breakpoint
CREATE INDEX "push_messages_order_idx" ON "push_messages" USING btree ("order_id") WHERE order_id is not null;