CREATE TABLE "cash_report_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"storage_key" varchar(200) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cash_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"total_cents" bigint,
	"credit_card_cents" bigint,
	"bancomat_cents" bigint,
	"pos_subtotal_cents" bigint,
	"fiscal_pos_cents" bigint,
	"cancelled_cents" bigint,
	"returns_cents" bigint,
	"vouchers_cents" bigint,
	"daily_cash_cents" bigint,
	"cash_fund_cents" bigint,
	"returned_receipts_count" integer,
	"returned_pieces_count" integer,
	"receipts_count" integer,
	"pieces_count" integer,
	"loyalty_customers_count" integer,
	"comments" text DEFAULT '' NOT NULL,
	"cash_count" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"partial_by" integer,
	"partial_at" timestamp with time zone,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weekly_cash" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"week" varchar(8) NOT NULL,
	"total_cents" bigint NOT NULL,
	"pos_cents" bigint NOT NULL,
	"daily_cash_cents" bigint NOT NULL,
	"expenses_cents" bigint NOT NULL,
	"cash_fund_cents" bigint NOT NULL,
	"deposits_cents" bigint NOT NULL,
	"difference_cents" bigint NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"filled_by" integer,
	"filled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_authorisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"description" varchar(200) NOT NULL,
	"max_amount_cents" bigint NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"authorised_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"authorisation_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"date" date NOT NULL,
	"inserted_by" integer,
	"blocked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"receipt_id" bigint NOT NULL,
	"customer_type" varchar(10) NOT NULL,
	"name" varchar(200) NOT NULL,
	"surname" varchar(100) DEFAULT '' NOT NULL,
	"fiscal_code" varchar(16) DEFAULT '' NOT NULL,
	"vat_number" varchar(11) DEFAULT '' NOT NULL,
	"street" varchar(200) NOT NULL,
	"street_number" varchar(20) NOT NULL,
	"cap" varchar(5) NOT NULL,
	"city" varchar(100) NOT NULL,
	"province" varchar(2) NOT NULL,
	"state" varchar(2) DEFAULT 'IT' NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"telephone" varchar(40) DEFAULT '' NOT NULL,
	"sdi_code" varchar(7) DEFAULT '' NOT NULL,
	"pec" varchar(254) DEFAULT '' NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cash_report_attachments" ADD CONSTRAINT "cash_report_attachments_report_id_cash_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."cash_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_report_attachments" ADD CONSTRAINT "cash_report_attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_reports" ADD CONSTRAINT "cash_reports_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_reports" ADD CONSTRAINT "cash_reports_partial_by_users_id_fk" FOREIGN KEY ("partial_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_reports" ADD CONSTRAINT "cash_reports_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_reports" ADD CONSTRAINT "cash_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_reports" ADD CONSTRAINT "cash_reports_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_cash" ADD CONSTRAINT "weekly_cash_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_cash" ADD CONSTRAINT "weekly_cash_filled_by_users_id_fk" FOREIGN KEY ("filled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_authorisations" ADD CONSTRAINT "expense_authorisations_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_authorisations" ADD CONSTRAINT "expense_authorisations_authorised_by_users_id_fk" FOREIGN KEY ("authorised_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_report_id_cash_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."cash_reports"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_authorisation_id_expense_authorisations_id_fk" FOREIGN KEY ("authorisation_id") REFERENCES "public"."expense_authorisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_inserted_by_users_id_fk" FOREIGN KEY ("inserted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD CONSTRAINT "invoice_requests_report_id_cash_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."cash_reports"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD CONSTRAINT "invoice_requests_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD CONSTRAINT "invoice_requests_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD CONSTRAINT "invoice_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_report_attachments_report_idx" ON "cash_report_attachments" USING btree ("report_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_reports_shop_day_idx" ON "cash_reports" USING btree ("shop_id","business_date");--> statement-breakpoint
CREATE INDEX "cash_reports_status_day_idx" ON "cash_reports" USING btree ("status","business_date");--> statement-breakpoint
CREATE UNIQUE INDEX "weekly_cash_shop_week_idx" ON "weekly_cash" USING btree ("shop_id","week");--> statement-breakpoint
CREATE INDEX "weekly_cash_week_idx" ON "weekly_cash" USING btree ("week");--> statement-breakpoint
CREATE INDEX "expense_authorisations_shop_idx" ON "expense_authorisations" USING btree ("shop_id","valid_to");--> statement-breakpoint
CREATE INDEX "expenses_report_idx" ON "expenses" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "expenses_authorisation_idx" ON "expenses" USING btree ("authorisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_requests_receipt_idx" ON "invoice_requests" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "invoice_requests_report_idx" ON "invoice_requests" USING btree ("report_id");