CREATE TABLE "pail_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"pail_id" bigint NOT NULL,
	"production_order_id" bigint,
	"from_location_id" bigint,
	"to_location_id" bigint,
	"from_phase_id" bigint,
	"to_phase_id" bigint,
	"volume_ml" numeric(10, 2) NOT NULL,
	CONSTRAINT "pail_transfers_volume_ck" CHECK ("pail_transfers"."volume_ml" >= 0)
);
--> statement-breakpoint
CREATE TABLE "qr_labels" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"entity_type" varchar(20) NOT NULL,
	"entity_id" bigint,
	"payload" varchar(60) NOT NULL,
	"copies" integer NOT NULL,
	CONSTRAINT "qr_labels_entity_type_ck" CHECK (entity_type in ('cart', 'skid', 'pail', 'container')),
	CONSTRAINT "qr_labels_copies_ck" CHECK ("qr_labels"."copies" > 0)
);
--> statement-breakpoint
CREATE TABLE "skid_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"skid_id" bigint NOT NULL,
	"production_order_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"lot_id" bigint NOT NULL,
	"transfer_id" bigint,
	"cases" integer DEFAULT 0 NOT NULL,
	"units" integer NOT NULL,
	CONSTRAINT "skid_items_units_ck" CHECK ("skid_items"."units" > 0 and "skid_items"."cases" >= 0)
);
--> statement-breakpoint
ALTER TABLE "pails" ADD COLUMN "production_order_id" bigint;--> statement-breakpoint
ALTER TABLE "pails" ADD COLUMN "lot_id" bigint;--> statement-breakpoint
ALTER TABLE "pails" ADD COLUMN "location_id" bigint;--> statement-breakpoint
ALTER TABLE "pails" ADD COLUMN "phase_id" bigint;--> statement-breakpoint
ALTER TABLE "skids" ADD COLUMN "transfer_id" bigint;--> statement-breakpoint
ALTER TABLE "pail_transfers" ADD CONSTRAINT "pail_transfers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pail_transfers" ADD CONSTRAINT "pail_transfers_pail_id_pails_id_fk" FOREIGN KEY ("pail_id") REFERENCES "public"."pails"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pail_transfers" ADD CONSTRAINT "pail_transfers_production_order_id_production_orders_id_fk" FOREIGN KEY ("production_order_id") REFERENCES "public"."production_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pail_transfers" ADD CONSTRAINT "pail_transfers_from_location_id_locations_id_fk" FOREIGN KEY ("from_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pail_transfers" ADD CONSTRAINT "pail_transfers_to_location_id_locations_id_fk" FOREIGN KEY ("to_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pail_transfers" ADD CONSTRAINT "pail_transfers_from_phase_id_phases_id_fk" FOREIGN KEY ("from_phase_id") REFERENCES "public"."phases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pail_transfers" ADD CONSTRAINT "pail_transfers_to_phase_id_phases_id_fk" FOREIGN KEY ("to_phase_id") REFERENCES "public"."phases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_labels" ADD CONSTRAINT "qr_labels_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skid_items" ADD CONSTRAINT "skid_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skid_items" ADD CONSTRAINT "skid_items_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skid_items" ADD CONSTRAINT "skid_items_skid_id_skids_id_fk" FOREIGN KEY ("skid_id") REFERENCES "public"."skids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skid_items" ADD CONSTRAINT "skid_items_production_order_id_production_orders_id_fk" FOREIGN KEY ("production_order_id") REFERENCES "public"."production_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skid_items" ADD CONSTRAINT "skid_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skid_items" ADD CONSTRAINT "skid_items_lot_id_stock_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."stock_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skid_items" ADD CONSTRAINT "skid_items_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pail_transfers_pail_idx" ON "pail_transfers" USING btree ("pail_id");--> statement-breakpoint
CREATE INDEX "qr_labels_entity_idx" ON "qr_labels" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "skid_items_skid_idx" ON "skid_items" USING btree ("skid_id");--> statement-breakpoint
CREATE INDEX "skid_items_order_idx" ON "skid_items" USING btree ("production_order_id");--> statement-breakpoint
ALTER TABLE "pails" ADD CONSTRAINT "pails_lot_id_stock_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."stock_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pails" ADD CONSTRAINT "pails_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pails" ADD CONSTRAINT "pails_phase_id_phases_id_fk" FOREIGN KEY ("phase_id") REFERENCES "public"."phases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skids" ADD CONSTRAINT "skids_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Production transfer reports and the shipping dashboard (docs/domain/production.md §3.5, §3.6) as
-- read-only views with the columns the entity pattern reads (id, row_seq, version, updated_at,
-- updated_by; see 0013). transfer-report: one row per transfer and order (lot) it carries.
CREATE VIEW "production_transfer_report" AS
SELECT min(tl.id) AS id, greatest(t.seq, max(tl.seq)) AS row_seq, 1 AS version,
       t.updated_at, NULL::bigint AS updated_by,
       t.id AS transfer_id, t.number, t.status, t.from_location_id, t.to_location_id,
       l.production_order_id, o.number AS production_order_number, tl.product_id, tl.lot_id,
       count(DISTINCT tl.skid_id)::int AS skid_count,
       sum(tl.qty_sent)::int AS units_sent,
       sum(tl.qty_received)::int AS units_received,
       CASE WHEN t.status IN ('received', 'partially_received', 'discrepancy')
            THEN sum(tl.qty_sent - tl.qty_received)::int ELSE 0 END AS discrepancy_units,
       t.requested_date, t.created_at, t.shipped_at, t.received_at,
       (t.created_at AT TIME ZONE 'America/Toronto')::date AS transfer_date,
       round((extract(epoch FROM t.received_at - t.shipped_at) / 3600)::numeric, 1) AS transit_hours
  FROM transfers t
  JOIN transfer_lines tl ON tl.transfer_id = t.id
  LEFT JOIN stock_lots l ON l.id = tl.lot_id
  LEFT JOIN production_orders o ON o.id = l.production_order_id
 WHERE t.kind = 'production_output'
 GROUP BY t.id, l.production_order_id, o.number, tl.product_id, tl.lot_id;
--> statement-breakpoint
-- transfer-logs: the events of production transfers, of skids, and each order's transfer_received.
CREATE VIEW "production_transfer_logs" AS
SELECT st.id, st.seq AS row_seq, 1 AS version, st.created_at AS updated_at,
       st.created_by AS updated_by, st.created_at, st.created_by,
       CASE st.entity_type WHEN 'transfers' THEN 'transfer' WHEN 'skids' THEN 'skid' ELSE 'order' END AS kind,
       st.entity_id, coalesce(t.number, s.code, o.number) AS reference,
       st.event, st.from_status, st.to_status, st.reason,
       (st.payload ->> 'transferred_units')::int AS transferred_units
  FROM status_transitions st
  LEFT JOIN transfers t ON st.entity_type = 'transfers' AND t.id = st.entity_id
  LEFT JOIN skids s ON st.entity_type = 'skids' AND s.id = st.entity_id
  LEFT JOIN production_orders o ON st.entity_type = 'production_orders' AND o.id = st.entity_id
 WHERE (st.entity_type = 'transfers' AND t.kind = 'production_output')
    OR st.entity_type = 'skids'
    OR (st.entity_type = 'production_orders' AND st.event = 'transfer_received');
--> statement-breakpoint
-- The shipping dashboard: every transfer and packing list as one "shipment" (the page shows
-- the ready and in-transit transfers and the packed lists). Ids: transfer × 2, list × 2 + 1.
CREATE VIEW "production_shipments" AS
SELECT t.id * 2 AS id, t.seq AS row_seq, t.version, t.updated_at, t.updated_by,
       'transfer'::varchar(20) AS kind, t.id AS document_id, t.number, t.status,
       fl.name AS from_name, tol.name AS to_name,
       (SELECT coalesce(sum(x.qty_sent), 0) FROM transfer_lines x WHERE x.transfer_id = t.id)::int AS units,
       (SELECT count(DISTINCT x.skid_id) FROM transfer_lines x WHERE x.transfer_id = t.id)::int AS skid_count,
       NULL::varchar(60) AS carrier, t.requested_date AS ship_date, t.shipped_at
  FROM transfers t
  JOIN locations fl ON fl.id = t.from_location_id
  JOIN locations tol ON tol.id = t.to_location_id
UNION ALL
SELECT a.id * 2 + 1, a.seq, a.version, a.updated_at, a.updated_by,
       'packing_list'::varchar(20), a.id, a.number, a.status, fl.name,
       coalesce((SELECT c.name FROM customers c WHERE c.id = a.customer_id), 'No customer'),
       (SELECT CASE WHEN sum(x.qty_picked) > 0 THEN sum(x.qty_picked) ELSE coalesce(sum(x.qty_allocated), 0) END
          FROM allocation_lines x WHERE x.allocation_id = a.id)::int,
       0, a.carrier, a.ship_date, NULL::timestamptz
  FROM allocations a
  JOIN locations fl ON fl.id = a.ship_from_location_id;
