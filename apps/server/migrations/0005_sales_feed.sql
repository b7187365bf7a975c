CREATE TABLE "fiscal_closes" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"device_serial" varchar(40) NOT NULL,
	"business_date" date NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"close_number" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"documents_count" integer NOT NULL,
	"returns_cents" bigint NOT NULL,
	"cancellations_cents" bigint NOT NULL,
	"electronic_payments_cents" bigint NOT NULL,
	"vat_breakdown" jsonb NOT NULL,
	"source" varchar(10) NOT NULL,
	"content_hash" varchar(64) NOT NULL,
	"client_id" integer,
	"entered_by" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_prices" (
	"product_id" integer NOT NULL,
	"price_list" varchar(40) NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "product_prices_product_id_price_list_pk" PRIMARY KEY("product_id","price_list")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(40) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"department" varchar(60) DEFAULT '' NOT NULL,
	"vat_rate" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "receipt_lines" (
	"receipt_id" bigint NOT NULL,
	"line_number" smallint NOT NULL,
	"product_code" varchar(40) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"price_list" varchar(40) DEFAULT '' NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"vat_rate" smallint NOT NULL,
	CONSTRAINT "receipt_lines_receipt_id_line_number_pk" PRIMARY KEY("receipt_id","line_number")
);
--> statement-breakpoint
CREATE TABLE "receipt_payments" (
	"receipt_id" bigint NOT NULL,
	"line_number" smallint NOT NULL,
	"method" varchar(12) NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "receipt_payments_receipt_id_line_number_pk" PRIMARY KEY("receipt_id","line_number")
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"register_code" varchar(40) NOT NULL,
	"business_date" date NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"receipt_number" integer NOT NULL,
	"sequence_number" integer NOT NULL,
	"type" varchar(10) NOT NULL,
	"employee_id" integer,
	"loyalty_card" varchar(40),
	"order_number" varchar(40),
	"total_cents" bigint NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"pieces" integer NOT NULL,
	"content_hash" varchar(64) NOT NULL,
	"client_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"client_id" varchar(40) NOT NULL,
	"secret_hash" varchar(64) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	CONSTRAINT "sales_clients_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "sales_day_customers" (
	"shop_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"loyalty_card" varchar(40) NOT NULL,
	CONSTRAINT "sales_day_customers_shop_id_business_date_loyalty_card_pk" PRIMARY KEY("shop_id","business_date","loyalty_card")
);
--> statement-breakpoint
CREATE TABLE "sales_days" (
	"shop_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"receipts_count" integer DEFAULT 0 NOT NULL,
	"pieces" integer DEFAULT 0 NOT NULL,
	"takings_cents" bigint DEFAULT 0 NOT NULL,
	"returns_count" integer DEFAULT 0 NOT NULL,
	"returns_cents" bigint DEFAULT 0 NOT NULL,
	"returned_pieces" integer DEFAULT 0 NOT NULL,
	"cancelled_count" integer DEFAULT 0 NOT NULL,
	"cancelled_cents" bigint DEFAULT 0 NOT NULL,
	"cash_cents" bigint DEFAULT 0 NOT NULL,
	"credit_card_cents" bigint DEFAULT 0 NOT NULL,
	"bancomat_cents" bigint DEFAULT 0 NOT NULL,
	"voucher_cents" bigint DEFAULT 0 NOT NULL,
	"other_cents" bigint DEFAULT 0 NOT NULL,
	"loyalty_customers" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_days_shop_id_business_date_pk" PRIMARY KEY("shop_id","business_date")
);
--> statement-breakpoint
CREATE TABLE "sales_rejections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"client_id" integer,
	"kind" varchar(12) NOT NULL,
	"reference" varchar(120) NOT NULL,
	"reason" varchar(24) NOT NULL,
	"message" text NOT NULL,
	"record" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_sources" (
	"shop_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"code" varchar(40) NOT NULL,
	"last_received_at" timestamp with time zone NOT NULL,
	"last_business_date" date NOT NULL,
	CONSTRAINT "sales_sources_shop_id_kind_code_pk" PRIMARY KEY("shop_id","kind","code")
);
--> statement-breakpoint
ALTER TABLE "fiscal_closes" ADD CONSTRAINT "fiscal_closes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_closes" ADD CONSTRAINT "fiscal_closes_client_id_sales_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."sales_clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_closes" ADD CONSTRAINT "fiscal_closes_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_lines" ADD CONSTRAINT "receipt_lines_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_payments" ADD CONSTRAINT "receipt_payments_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_employee_id_users_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_client_id_sales_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."sales_clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_clients" ADD CONSTRAINT "sales_clients_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_clients" ADD CONSTRAINT "sales_clients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_clients" ADD CONSTRAINT "sales_clients_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_days" ADD CONSTRAINT "sales_days_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_rejections" ADD CONSTRAINT "sales_rejections_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_rejections" ADD CONSTRAINT "sales_rejections_client_id_sales_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."sales_clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_sources" ADD CONSTRAINT "sales_sources_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_closes_identity_idx" ON "fiscal_closes" USING btree ("shop_id","device_serial","business_date");--> statement-breakpoint
CREATE INDEX "fiscal_closes_day_idx" ON "fiscal_closes" USING btree ("business_date");--> statement-breakpoint
CREATE INDEX "receipt_lines_product_idx" ON "receipt_lines" USING btree ("product_code");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_identity_idx" ON "receipts" USING btree ("shop_id","register_code","business_date","receipt_number");--> statement-breakpoint
CREATE INDEX "receipts_shop_day_idx" ON "receipts" USING btree ("shop_id","business_date","issued_at");--> statement-breakpoint
CREATE INDEX "receipts_loyalty_idx" ON "receipts" USING btree ("loyalty_card") WHERE "receipts"."loyalty_card" is not null;--> statement-breakpoint
CREATE INDEX "sales_clients_shop_idx" ON "sales_clients" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "sales_days_date_idx" ON "sales_days" USING btree ("business_date");--> statement-breakpoint
CREATE INDEX "sales_rejections_shop_idx" ON "sales_rejections" USING btree ("shop_id","received_at");