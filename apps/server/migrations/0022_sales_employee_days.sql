CREATE TABLE "sales_employee_days" (
	"shop_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"employee_id" integer NOT NULL,
	"receipts_count" integer DEFAULT 0 NOT NULL,
	"takings_cents" bigint DEFAULT 0 NOT NULL,
	"pieces" integer DEFAULT 0 NOT NULL,
	"returns_count" integer DEFAULT 0 NOT NULL,
	"returns_cents" bigint DEFAULT 0 NOT NULL,
	"returned_pieces" integer DEFAULT 0 NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_employee_days_shop_id_business_date_employee_id_pk" PRIMARY KEY("shop_id","business_date","employee_id")
);
--> statement-breakpoint
ALTER TABLE "sales_employee_days" ADD CONSTRAINT "sales_employee_days_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_employee_days_date_idx" ON "sales_employee_days" USING btree ("business_date");--> statement-breakpoint
-- The receipts already stored, added up once by the rules the ingestion keeps them by from now on
-- (sales-employee-days.ts): cancelled receipts left out, no employee counted as employee 0.
INSERT INTO "sales_employee_days" ("shop_id", "business_date", "employee_id", "receipts_count", "takings_cents", "pieces", "returns_count", "returns_cents", "returned_pieces", "discount_cents")
SELECT "shop_id", "business_date", coalesce("employee_id", 0),
	count(*) FILTER (WHERE "type" = 'sale'),
	sum("total_cents"),
	sum("pieces"),
	count(*) FILTER (WHERE "type" = 'return'),
	coalesce(-sum("total_cents") FILTER (WHERE "type" = 'return'), 0),
	coalesce(-sum("pieces") FILTER (WHERE "type" = 'return'), 0),
	sum("discount_cents")
FROM "receipts"
WHERE "type" <> 'cancelled'
GROUP BY "shop_id", "business_date", coalesce("employee_id", 0);
