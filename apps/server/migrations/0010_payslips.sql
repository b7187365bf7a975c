CREATE TABLE "payslip_blacklist" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_on" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payslip_upload_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"upload_id" integer NOT NULL,
	"outcome" varchar(20) NOT NULL,
	"reason" varchar(30),
	"fiscal_code" varchar(16),
	"user_id" integer,
	"pages" jsonb NOT NULL,
	"vat_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payslip_id" integer
);
--> statement-breakpoint
CREATE TABLE "payslip_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(20) NOT NULL,
	"company_id" integer NOT NULL,
	"month" smallint,
	"year" smallint NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"size" integer NOT NULL,
	"storage_key" varchar(300) NOT NULL,
	"pages" integer,
	"state" varchar(20) DEFAULT 'processing' NOT NULL,
	"failure" varchar(20),
	"job_id" bigint,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payslips" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(20) NOT NULL,
	"upload_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"month" smallint,
	"year" smallint NOT NULL,
	"status" varchar(20) DEFAULT 'uploaded' NOT NULL,
	"held" varchar(20),
	"storage_key" varchar(300) NOT NULL,
	"pages" integer NOT NULL,
	"convalidated_at" timestamp with time zone,
	"convalidated_by" integer,
	"notified_at" timestamp with time zone,
	"first_downloaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payslip_blacklist" ADD CONSTRAINT "payslip_blacklist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslip_blacklist" ADD CONSTRAINT "payslip_blacklist_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslip_upload_items" ADD CONSTRAINT "payslip_upload_items_upload_id_payslip_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."payslip_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslip_upload_items" ADD CONSTRAINT "payslip_upload_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslip_uploads" ADD CONSTRAINT "payslip_uploads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslip_uploads" ADD CONSTRAINT "payslip_uploads_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslip_uploads" ADD CONSTRAINT "payslip_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_upload_id_payslip_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."payslip_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_convalidated_by_users_id_fk" FOREIGN KEY ("convalidated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payslip_blacklist_user_key" ON "payslip_blacklist" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payslip_upload_items_upload_idx" ON "payslip_upload_items" USING btree ("upload_id","id");--> statement-breakpoint
CREATE INDEX "payslip_uploads_kind_created_idx" ON "payslip_uploads" USING btree ("kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payslips_period_key" ON "payslips" USING btree ("kind","user_id","company_id","year",coalesce("month", 0));--> statement-breakpoint
CREATE INDEX "payslips_upload_idx" ON "payslips" USING btree ("upload_id","status");--> statement-breakpoint
CREATE INDEX "payslips_user_idx" ON "payslips" USING btree ("user_id","kind","year");--> statement-breakpoint
CREATE INDEX "payslips_archive_idx" ON "payslips" USING btree ("kind","status","year","month");