CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "pod_approval_requests_request_date_idx" ON "pod_approval_requests" USING btree ("request_date");--> statement-breakpoint
CREATE INDEX "returns_created_idx" ON "returns" USING btree ("created_at");