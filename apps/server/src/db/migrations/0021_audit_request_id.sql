ALTER TABLE "audit_log" ADD COLUMN "request_id" text;
--> statement-breakpoint
-- The audit row of a change keeps the id of the request that made it (X-Request-Id, the same id as its log
-- line); null for background work. A scan's row is written by order_scan_batch, which takes each scan's
-- id in its item ("requestId"); the function is otherwise that of 0020.
CREATE OR REPLACE FUNCTION "order_scan_batch"("items" jsonb, "picking_status" int, "not_in_order" text, "over_quantity" text, "channel" text)
RETURNS TABLE ("i" int, "orderId" int, "lineId" int, "pickedLineId" int, "line" json, "progress" json, "statusId" int, "updatedAt" timestamptz)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	"item" jsonb;
	"outcome" record;
	"indexes" int[] := '{}';
	"order_ids" int[] := '{}';
	"line_ids" int[] := '{}';
	"picked_ids" int[] := '{}';
BEGIN
	FOR "item" IN SELECT e.value FROM jsonb_array_elements("items") WITH ORDINALITY AS e(value, n) ORDER BY e.value->>'shipmentNo', e.n
	LOOP
		WITH o AS (
			SELECT id, shipment_no, store_code, status_id FROM orders
			WHERE shipment_no = "item"->>'shipmentNo' AND status_id = "picking_status"
				AND (jsonb_typeof("item"->'stores') <> 'array' OR store_code IN (SELECT jsonb_array_elements_text("item"->'stores')))
			FOR NO KEY UPDATE
		), matched AS (
			SELECT l.id FROM order_lines l JOIN o ON l.order_id = o.id
			WHERE l.barcode IN (SELECT jsonb_array_elements_text("item"->'candidates'))
				OR l.product_id IN (SELECT jsonb_array_elements_text("item"->'candidates'))
			ORDER BY l.id LIMIT 1
		), picked AS (
			UPDATE order_lines l SET qty_picked = l.qty_picked + 1
			FROM matched WHERE l.id = matched.id AND l.qty_picked + l.qty_oos < l.qty
			RETURNING l.id, l.product_id, l.qty_picked, l.qty
		), bumped AS (
			UPDATE orders SET version = version + 1, updated_at = now()
			FROM o, picked WHERE orders.id = o.id
			RETURNING orders.id
		), logged AS (
			INSERT INTO order_scans (order_id, line_id, barcode, result, reason, user_id)
			SELECT o.id, matched.id, "item"->>'barcode', CASE WHEN picked.id IS NULL THEN 'rejected' ELSE 'accepted' END,
				CASE WHEN picked.id IS NOT NULL THEN NULL WHEN matched.id IS NULL THEN "not_in_order" ELSE "over_quantity" END,
				("item"->>'userId')::int
			FROM o LEFT JOIN matched ON true LEFT JOIN picked ON true
		), audited AS (
			INSERT INTO audit_log (actor_user_id, entity, entity_id, action, request_id)
			SELECT ("item"->>'userId')::int, 'order', o.shipment_no, 'scan', "item"->>'requestId' FROM o, picked
		), event AS (
			INSERT INTO events (store_code, type, payload)
			SELECT o.store_code, 'order.scanned', jsonb_build_object('shipmentNo', o.shipment_no, 'statusId', o.status_id, 'action', 'scan',
				'actorName', "item"->>'actorName', 'lineId', picked.id, 'productID', picked.product_id, 'qtyPicked', picked.qty_picked, 'qty', picked.qty)
			FROM o, picked
			-- A modifying CTE always runs to the end, so its RETURNING list always sends the NOTIFY.
			RETURNING pg_notify("channel", json_build_object('id', id, 'storeCode', store_code, 'type', type, 'payload', payload, 'createdAt', created_at)::text)
		)
		SELECT o.id AS order_id, matched.id AS line_id, picked.id AS picked_id INTO "outcome"
		FROM (SELECT 1) AS one LEFT JOIN o ON true LEFT JOIN matched ON true LEFT JOIN picked ON true;
		"indexes" := "indexes" || ("item"->>'i')::int;
		"order_ids" := "order_ids" || "outcome".order_id;
		"line_ids" := "line_ids" || "outcome".line_id;
		"picked_ids" := "picked_ids" || "outcome".picked_id;
	END LOOP;
	RETURN QUERY
	SELECT u.n, u.order_id, u.line_id, u.picked_id,
		CASE WHEN l.id IS NULL THEN NULL ELSE json_build_object('id', l.id, 'productId', l.product_id, 'barcode', l.barcode, 'name', l.name,
			'imageUrl', p.image_url, 'price', l.price, 'qty', l.qty, 'qtyPicked', l.qty_picked, 'qtyOos', l.qty_oos) END,
		CASE WHEN l.id IS NULL THEN NULL ELSE (
			SELECT json_build_object('qty', coalesce(sum(a.qty), 0), 'picked', coalesce(sum(a.qty_picked), 0), 'oos', coalesce(sum(a.qty_oos), 0),
				'complete', coalesce(bool_and(a.qty_picked + a.qty_oos = a.qty), true))
			FROM order_lines a WHERE a.order_id = u.order_id) END,
		ord.status_id, ord.updated_at
	FROM unnest("indexes", "order_ids", "line_ids", "picked_ids") AS u(n, order_id, line_id, picked_id)
	LEFT JOIN order_lines l ON l.id = u.picked_id
	LEFT JOIN products p ON p.product_id = l.product_id
	LEFT JOIN orders ord ON ord.id = u.order_id AND u.picked_id IS NOT NULL;
END $$;
