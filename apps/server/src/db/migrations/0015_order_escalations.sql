CREATE TABLE "order_escalations" (
	"order_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_escalations_order_id_level_pk" PRIMARY KEY("order_id","level"),
	CONSTRAINT "order_escalations_level_check" CHECK ("order_escalations"."level" in (1, 2, 3))
);
--> statement-breakpoint
ALTER TABLE "order_escalations" ADD CONSTRAINT "order_escalations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_live_status_created_idx" ON "orders" USING btree ("status_id","created_at","store_code") WHERE "orders"."status_id" in (1101, 1102, 1103, 1104, 1106);