ALTER TABLE "order_scans" DROP CONSTRAINT "order_scans_line_id_order_lines_id_fk";
--> statement-breakpoint
ALTER TABLE "order_scans" DROP CONSTRAINT "order_scans_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_user_id_users_id_fk";
