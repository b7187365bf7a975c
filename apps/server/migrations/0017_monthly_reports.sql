CREATE TABLE "monthly_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"month" varchar(7) NOT NULL,
	"state" varchar(12) NOT NULL,
	"convalidated_by" integer,
	"convalidated_at" timestamp with time zone NOT NULL,
	"transmitted_at" timestamp with time zone,
	"refusals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file_key" varchar(300),
	"job_id" bigint
);
--> statement-breakpoint
ALTER TABLE "monthly_reports" ADD CONSTRAINT "monthly_reports_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_reports" ADD CONSTRAINT "monthly_reports_convalidated_by_users_id_fk" FOREIGN KEY ("convalidated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_reports" ADD CONSTRAINT "monthly_reports_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "monthly_reports_shop_month_idx" ON "monthly_reports" USING btree ("shop_id","month");--> statement-breakpoint
CREATE INDEX "monthly_reports_month_idx" ON "monthly_reports" USING btree ("month");