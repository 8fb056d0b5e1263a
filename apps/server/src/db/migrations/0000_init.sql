CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"ean13" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"price" integer NOT NULL,
	"image_url" text,
	"unit" text DEFAULT 'pcs' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_product_id_unique" UNIQUE("product_id"),
	CONSTRAINT "products_ean13_unique" UNIQUE("ean13"),
	CONSTRAINT "products_ean13_digits" CHECK ("products"."ean13" ~ '^[0-9]{13}$'),
	CONSTRAINT "products_price_nonnegative" CHECK ("products"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_stock" (
	"store_code" text NOT NULL,
	"product_id" text NOT NULL,
	"qty" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_stock_store_code_product_id_pk" PRIMARY KEY("store_code","product_id"),
	CONSTRAINT "store_stock_qty_nonnegative" CHECK ("store_stock"."qty" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"kelurahan" text NOT NULL,
	"kecamatan" text NOT NULL,
	"city" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"phone" text,
	"area_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"family_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"replaced_by" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_stores" (
	"user_id" integer NOT NULL,
	"store_code" text NOT NULL,
	CONSTRAINT "user_stores_user_id_store_code_pk" PRIMARY KEY("user_id","store_code")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"nik" text NOT NULL,
	"name" text NOT NULL,
	"role_id" smallint NOT NULL,
	"store_code" text,
	"active_store_code" text,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_nik_unique" UNIQUE("nik")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" text NOT NULL,
	"barcode" text NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"qty" integer NOT NULL,
	"qty_picked" integer DEFAULT 0 NOT NULL,
	"qty_oos" integer DEFAULT 0 NOT NULL,
	"qty_edit" integer,
	CONSTRAINT "order_lines_qty_positive" CHECK ("order_lines"."qty" > 0),
	CONSTRAINT "order_lines_qty_picked_nonnegative" CHECK ("order_lines"."qty_picked" >= 0),
	CONSTRAINT "order_lines_qty_oos_nonnegative" CHECK ("order_lines"."qty_oos" >= 0),
	CONSTRAINT "order_lines_resolved_within_qty" CHECK ("order_lines"."qty_picked" + "order_lines"."qty_oos" <= "order_lines"."qty"),
	CONSTRAINT "order_lines_price_nonnegative" CHECK ("order_lines"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_paper_bags" (
	"order_id" integer NOT NULL,
	"product_id" text NOT NULL,
	"qty" integer NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_paper_bags_order_id_product_id_pk" PRIMARY KEY("order_id","product_id"),
	CONSTRAINT "order_paper_bags_qty_positive" CHECK ("order_paper_bags"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"line_id" integer,
	"barcode" text NOT NULL,
	"result" text NOT NULL,
	"reason" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_scans_result_check" CHECK ("order_scans"."result" in ('accepted', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_status" integer,
	"to_status" integer NOT NULL,
	"actor_user_id" integer,
	"action" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_no" text NOT NULL,
	"order_no" text NOT NULL,
	"app_id" integer NOT NULL,
	"store_code" text NOT NULL,
	"status_id" integer NOT NULL,
	"delivery_type" smallint NOT NULL,
	"payment_id" integer NOT NULL,
	"price" integer NOT NULL,
	"bill_no" text,
	"qr_code" jsonb,
	"qr_android" text,
	"is_send_store" text DEFAULT 'T' NOT NULL,
	"customer_name" text NOT NULL,
	"customer_phone" text NOT NULL,
	"customer_address" text,
	"customer_lat" double precision,
	"customer_lng" double precision,
	"pickup_code" text NOT NULL,
	"note" text,
	"picker_user_id" integer,
	"claimed_at" timestamp with time zone,
	"packed_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status_id" in (1101, 1102, 1103, 1104, 1105, 1106, 1107)),
	CONSTRAINT "orders_delivery_type_check" CHECK ("orders"."delivery_type" in (0, 1)),
	CONSTRAINT "orders_is_send_store_check" CHECK ("orders"."is_send_store" in ('T', 'F')),
	CONSTRAINT "orders_price_nonnegative" CHECK ("orders"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pod_approval_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"shipment_no" text NOT NULL,
	"delivery_type" smallint NOT NULL,
	"type" text DEFAULT 'order' NOT NULL,
	"reason_id" integer,
	"reason_text" text,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"accuracy" double precision,
	"distance_m" double precision,
	"requested_by" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"reject_reason_id" integer,
	"reject_reason_text" text,
	"request_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pod_approval_requests_status_check" CHECK ("pod_approval_requests"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "pod_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"shipment_no" text NOT NULL,
	"lat" double precision NOT NULL,
	"long" double precision NOT NULL,
	"accuracy" double precision,
	"receiver_name" text NOT NULL,
	"receiver_relation" text NOT NULL,
	"receiver_other" text,
	"is_validate" boolean NOT NULL,
	"plastic_qty" integer DEFAULT 0 NOT NULL,
	"distance_m" double precision,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pod_reject_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pod_request_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cancel_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cancel_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"reason_id" integer,
	"reason_text" text,
	"requested_by" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cancel_requests_status_check" CHECK ("cancel_requests"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "return_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"order_line_id" integer,
	"product_id" text NOT NULL,
	"qty" integer NOT NULL,
	"qty_received" integer,
	CONSTRAINT "return_lines_qty_positive" CHECK ("return_lines"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"shipment_no" text NOT NULL,
	"store_code" text NOT NULL,
	"delivery_type" smallint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"received_by" integer,
	"lat" double precision,
	"lng" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_status_check" CHECK ("returns"."status" in ('requested', 'approved', 'received', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "stock_booking_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"store_code" text NOT NULL,
	"status" integer DEFAULT 1131 NOT NULL,
	"store_taken" text,
	"stock_taken" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_booking_details_status_check" CHECK ("stock_booking_details"."status" in (1131, 1132, 1133, 1134)),
	CONSTRAINT "stock_booking_details_stock_taken_positive" CHECK ("stock_booking_details"."stock_taken" is null or "stock_booking_details"."stock_taken" > 0)
);
--> statement-breakpoint
CREATE TABLE "stock_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_no" text NOT NULL,
	"order_id" integer NOT NULL,
	"store_code" text NOT NULL,
	"product_id" text NOT NULL,
	"qty_oos" integer NOT NULL,
	"is_kelurahan" boolean DEFAULT true NOT NULL,
	"status" integer DEFAULT 1131 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_bookings_status_check" CHECK ("stock_bookings"."status" in (1131, 1132, 1133, 1134)),
	CONSTRAINT "stock_bookings_qty_positive" CHECK ("stock_bookings"."qty_oos" > 0)
);
--> statement-breakpoint
CREATE TABLE "material_transfer_items" (
	"transfer_id" integer NOT NULL,
	"product_id" text NOT NULL,
	"qty_sent" integer NOT NULL,
	"qty_received" integer,
	CONSTRAINT "material_transfer_items_transfer_id_product_id_pk" PRIMARY KEY("transfer_id","product_id"),
	CONSTRAINT "material_transfer_items_qty_positive" CHECK ("material_transfer_items"."qty_sent" > 0),
	CONSTRAINT "material_transfer_items_received_nonnegative" CHECK ("material_transfer_items"."qty_received" is null or "material_transfer_items"."qty_received" >= 0)
);
--> statement-breakpoint
CREATE TABLE "material_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"mat_no" text NOT NULL,
	"sender_store_code" text NOT NULL,
	"receiver_store_code" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"pin" text NOT NULL,
	"qr_token" text NOT NULL,
	"id_tbsms" text NOT NULL,
	"created_by" integer,
	"sent_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"received_by" integer,
	"cancelled_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "material_transfers_status_check" CHECK ("material_transfers"."status" in ('new', 'process', 'finish', 'cancel')),
	CONSTRAINT "material_transfers_distinct_stores" CHECK ("material_transfers"."sender_store_code" <> "material_transfers"."receiver_store_code")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"sender" text NOT NULL,
	"user_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "chat_messages_sender_check" CHECK ("chat_messages"."sender" in ('store', 'customer'))
);
--> statement-breakpoint
CREATE TABLE "chat_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"shipment_no" text NOT NULL,
	"order_no" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problems" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"comment_id" integer,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_attachments_size_nonnegative" CHECK ("ticket_attachments"."size_bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ticket_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"user_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_no" text NOT NULL,
	"order_no" text,
	"order_id" integer,
	"store_code" text NOT NULL,
	"description" text NOT NULL,
	"staff_name" text NOT NULL,
	"application_id" integer,
	"problem_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_status_check" CHECK ("tickets"."status" in ('open', 'in_progress', 'resolved', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "app_config" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_user_id" integer,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"store_code" text,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key"),
	CONSTRAINT "idempotency_keys_status_check" CHECK ("idempotency_keys"."status" in ('running', 'done'))
);
--> statement-breakpoint
ALTER TABLE "store_stock" ADD CONSTRAINT "store_stock_store_code_stores_code_fk" FOREIGN KEY ("store_code") REFERENCES "public"."stores"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_stock" ADD CONSTRAINT "store_stock_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_stores" ADD CONSTRAINT "user_stores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_stores" ADD CONSTRAINT "user_stores_store_code_stores_code_fk" FOREIGN KEY ("store_code") REFERENCES "public"."stores"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_store_code_stores_code_fk" FOREIGN KEY ("store_code") REFERENCES "public"."stores"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_active_store_code_stores_code_fk" FOREIGN KEY ("active_store_code") REFERENCES "public"."stores"("code") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_paper_bags" ADD CONSTRAINT "order_paper_bags_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_paper_bags" ADD CONSTRAINT "order_paper_bags_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_scans" ADD CONSTRAINT "order_scans_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_scans" ADD CONSTRAINT "order_scans_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_scans" ADD CONSTRAINT "order_scans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_code_stores_code_fk" FOREIGN KEY ("store_code") REFERENCES "public"."stores"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_picker_user_id_users_id_fk" FOREIGN KEY ("picker_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_approval_requests" ADD CONSTRAINT "pod_approval_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_approval_requests" ADD CONSTRAINT "pod_approval_requests_reason_id_pod_request_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."pod_request_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_approval_requests" ADD CONSTRAINT "pod_approval_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_approval_requests" ADD CONSTRAINT "pod_approval_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_approval_requests" ADD CONSTRAINT "pod_approval_requests_reject_reason_id_pod_reject_reasons_id_fk" FOREIGN KEY ("reject_reason_id") REFERENCES "public"."pod_reject_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_records" ADD CONSTRAINT "pod_records_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_records" ADD CONSTRAINT "pod_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancel_requests" ADD CONSTRAINT "cancel_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancel_requests" ADD CONSTRAINT "cancel_requests_reason_id_cancel_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."cancel_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancel_requests" ADD CONSTRAINT "cancel_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancel_requests" ADD CONSTRAINT "cancel_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_store_code_stores_code_fk" FOREIGN KEY ("store_code") REFERENCES "public"."stores"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_booking_details" ADD CONSTRAINT "stock_booking_details_booking_id_stock_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."stock_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_booking_details" ADD CONSTRAINT "stock_booking_details_store_code_stores_code_fk" FOREIGN KEY ("store_code") REFERENCES "public"."stores"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_booking_details" ADD CONSTRAINT "stock_booking_details_store_taken_stores_code_fk" FOREIGN KEY ("store_taken") REFERENCES "public"."stores"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_bookings" ADD CONSTRAINT "stock_bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_bookings" ADD CONSTRAINT "stock_bookings_store_code_stores_code_fk" FOREIGN KEY ("store_code") REFERENCES "public"."stores"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_bookings" ADD CONSTRAINT "stock_bookings_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_transfer_items" ADD CONSTRAINT "material_transfer_items_transfer_id_material_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."material_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_transfer_items" ADD CONSTRAINT "material_transfer_items_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_transfers" ADD CONSTRAINT "material_transfers_sender_store_code_stores_code_fk" FOREIGN KEY ("sender_store_code") REFERENCES "public"."stores"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_transfers" ADD CONSTRAINT "material_transfers_receiver_store_code_stores_code_fk" FOREIGN KEY ("receiver_store_code") REFERENCES "public"."stores"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_transfers" ADD CONSTRAINT "material_transfers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_transfers" ADD CONSTRAINT "material_transfers_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_comment_id_ticket_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."ticket_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_store_code_stores_code_fk" FOREIGN KEY ("store_code") REFERENCES "public"."stores"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_problem_id_problems_id_fk" FOREIGN KEY ("problem_id") REFERENCES "public"."problems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_stock_product_idx" ON "store_stock" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "stores_kelurahan_idx" ON "stores" USING btree ("kelurahan");--> statement-breakpoint
CREATE INDEX "stores_kecamatan_idx" ON "stores" USING btree ("kecamatan");--> statement-breakpoint
CREATE INDEX "stores_area_code_idx" ON "stores" USING btree ("area_code");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_stores_store_idx" ON "user_stores" USING btree ("store_code");--> statement-breakpoint
CREATE INDEX "users_store_code_idx" ON "users" USING btree ("store_code");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_product_key" ON "order_lines" USING btree ("order_id","product_id");--> statement-breakpoint
CREATE INDEX "order_scans_order_idx" ON "order_scans" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_shipment_no_key" ON "orders" USING btree ("shipment_no");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_app_order_no_key" ON "orders" USING btree ("app_id","order_no");--> statement-breakpoint
CREATE INDEX "orders_store_status_created_idx" ON "orders" USING btree ("store_code","status_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_store_created_idx" ON "orders" USING btree ("store_code","created_at");--> statement-breakpoint
CREATE INDEX "orders_order_no_idx" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "pod_approval_requests_one_pending" ON "pod_approval_requests" USING btree ("order_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "pod_approval_requests_status_date_idx" ON "pod_approval_requests" USING btree ("status","request_date");--> statement-breakpoint
CREATE INDEX "pod_approval_requests_shipment_idx" ON "pod_approval_requests" USING btree ("shipment_no");--> statement-breakpoint
CREATE UNIQUE INDEX "pod_records_order_key" ON "pod_records" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "pod_records_shipment_idx" ON "pod_records" USING btree ("shipment_no");--> statement-breakpoint
CREATE UNIQUE INDEX "cancel_requests_one_pending" ON "cancel_requests" USING btree ("order_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "cancel_requests_status_created_idx" ON "cancel_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "return_lines_return_idx" ON "return_lines" USING btree ("return_id");--> statement-breakpoint
CREATE UNIQUE INDEX "returns_one_open_per_order" ON "returns" USING btree ("order_id") WHERE status in ('requested', 'approved');--> statement-breakpoint
CREATE INDEX "returns_store_status_created_idx" ON "returns" USING btree ("store_code","status","created_at");--> statement-breakpoint
CREATE INDEX "returns_shipment_idx" ON "returns" USING btree ("shipment_no");--> statement-breakpoint
CREATE INDEX "stock_booking_details_booking_idx" ON "stock_booking_details" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "stock_booking_details_store_status_idx" ON "stock_booking_details" USING btree ("store_code","status");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_bookings_booking_no_key" ON "stock_bookings" USING btree ("booking_no");--> statement-breakpoint
CREATE INDEX "stock_bookings_store_created_idx" ON "stock_bookings" USING btree ("store_code","created_at");--> statement-breakpoint
CREATE INDEX "stock_bookings_order_idx" ON "stock_bookings" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "stock_bookings_product_idx" ON "stock_bookings" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "material_transfers_mat_no_key" ON "material_transfers" USING btree ("mat_no");--> statement-breakpoint
CREATE UNIQUE INDEX "material_transfers_id_tbsms_key" ON "material_transfers" USING btree ("id_tbsms");--> statement-breakpoint
CREATE UNIQUE INDEX "material_transfers_qr_token_key" ON "material_transfers" USING btree ("qr_token");--> statement-breakpoint
CREATE INDEX "material_transfers_sender_status_idx" ON "material_transfers" USING btree ("sender_store_code","status","created_at");--> statement-breakpoint
CREATE INDEX "material_transfers_receiver_status_idx" ON "material_transfers" USING btree ("receiver_store_code","status","created_at");--> statement-breakpoint
CREATE INDEX "chat_messages_room_idx" ON "chat_messages" USING btree ("room_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_order_key" ON "chat_rooms" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "chat_rooms_shipment_idx" ON "chat_rooms" USING btree ("shipment_no");--> statement-breakpoint
CREATE INDEX "ticket_attachments_ticket_idx" ON "ticket_attachments" USING btree ("ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_attachments_storage_key" ON "ticket_attachments" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "ticket_comments_ticket_idx" ON "ticket_comments" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_one_active_per_shipment" ON "tickets" USING btree ("shipment_no") WHERE status in ('open', 'in_progress');--> statement-breakpoint
CREATE INDEX "tickets_store_created_idx" ON "tickets" USING btree ("store_code","created_at");--> statement-breakpoint
CREATE INDEX "tickets_status_idx" ON "tickets" USING btree ("status");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "events_store_id_idx" ON "events" USING btree ("store_code","id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");