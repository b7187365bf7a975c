CREATE TABLE "invoice_counters" (
	"company_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_company_id_year_pk" PRIMARY KEY("company_id","year")
);
--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD COLUMN "invoice_company_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD COLUMN "invoice_year" smallint;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD COLUMN "invoice_number" integer;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD COLUMN "invoice_date" date;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD COLUMN "xml" text;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD COLUMN "confirmed_by" integer;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD CONSTRAINT "invoice_requests_invoice_company_id_companies_id_fk" FOREIGN KEY ("invoice_company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD CONSTRAINT "invoice_requests_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_requests_number_idx" ON "invoice_requests" USING btree ("invoice_company_id","invoice_year","invoice_number");