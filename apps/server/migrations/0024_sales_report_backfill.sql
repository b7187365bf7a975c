-- The sales report's aggregates for the receipts stored before they were kept at ingestion: the discounts of each
-- day (the receipts' own plus their lines', cancelled receipts left out) and each day's hours of issue in Italian time.
UPDATE "sales_days" SET "discount_cents" = "given"."cents"
FROM (
	SELECT "r"."shop_id", "r"."business_date", sum("r"."discount_cents" + coalesce("l"."cents", 0)) AS "cents"
	FROM "receipts" "r"
	LEFT JOIN (SELECT "receipt_id", sum("discount_cents") AS "cents" FROM "receipt_lines" GROUP BY "receipt_id") "l"
		ON "l"."receipt_id" = "r"."id"
	WHERE "r"."type" <> 'cancelled'
	GROUP BY "r"."shop_id", "r"."business_date"
) "given"
WHERE "sales_days"."shop_id" = "given"."shop_id" AND "sales_days"."business_date" = "given"."business_date";
--> statement-breakpoint
INSERT INTO "sales_day_hours" ("shop_id", "business_date", "hour", "receipts_count", "takings_cents", "pieces")
SELECT "shop_id", "business_date", extract(hour FROM "issued_at" AT TIME ZONE 'Europe/Rome')::smallint,
	count(*) FILTER (WHERE "type" = 'sale'), sum("total_cents"), sum("pieces")
FROM "receipts"
WHERE "type" <> 'cancelled'
GROUP BY 1, 2, 3;
