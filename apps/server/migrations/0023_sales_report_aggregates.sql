CREATE TABLE "sales_day_hours" (
	"shop_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"hour" smallint NOT NULL,
	"receipts_count" integer DEFAULT 0 NOT NULL,
	"takings_cents" bigint DEFAULT 0 NOT NULL,
	"pieces" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_day_hours_shop_id_business_date_hour_pk" PRIMARY KEY("shop_id","business_date","hour")
);
--> statement-breakpoint
ALTER TABLE "sales_days" ADD COLUMN "discount_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_day_hours" ADD CONSTRAINT "sales_day_hours_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_day_hours_date_idx" ON "sales_day_hours" USING btree ("business_date");