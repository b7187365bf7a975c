CREATE TABLE "balances" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"computed_cents" bigint NOT NULL,
	"source" varchar(10) DEFAULT 'generated' NOT NULL,
	"reason" text,
	"generated_by" integer,
	"edited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balances_source" CHECK ("balances"."source" in ('generated', 'edited'))
);
--> statement-breakpoint
CREATE TABLE "bank_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"upload_id" integer NOT NULL,
	"account" varchar(34) NOT NULL,
	"statement_id" varchar(100) NOT NULL,
	"line" integer NOT NULL,
	"bank_reference" varchar(100),
	"booking_date" date NOT NULL,
	"value_date" date,
	"amount_cents" bigint NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"counterparty" varchar(200),
	"shop_id" integer,
	"fingerprint" varchar(64) NOT NULL,
	"problem" varchar(30),
	"unknown_card" varchar(19),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"size" integer NOT NULL,
	"storage_key" varchar(300) NOT NULL,
	"format" varchar(10),
	"state" varchar(12) DEFAULT 'processing' NOT NULL,
	"failure" jsonb,
	"statements" integer DEFAULT 0 NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"new_lines" integer DEFAULT 0 NOT NULL,
	"first_date" date,
	"last_date" date,
	"job_id" bigint,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_bank_lines" (
	"deposit_id" integer NOT NULL,
	"bank_line_id" integer NOT NULL,
	"linked_by" integer,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_bank_lines_deposit_id_bank_line_id_pk" PRIMARY KEY("deposit_id","bank_line_id")
);
--> statement-breakpoint
CREATE TABLE "pos_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"upload_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"date" date NOT NULL,
	"merchant_code" varchar(100) NOT NULL,
	"terminal" varchar(100) NOT NULL,
	"card_type" varchar(100) NOT NULL,
	"amount_cents" bigint NOT NULL,
	"state" varchar(10) NOT NULL,
	"authorisation_code" varchar(100) NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"size" integer NOT NULL,
	"storage_key" varchar(300) NOT NULL,
	"state" varchar(12) DEFAULT 'processing' NOT NULL,
	"failure" jsonb,
	"rows" integer DEFAULT 0 NOT NULL,
	"new_rows" integer DEFAULT 0 NOT NULL,
	"unknown_merchants" jsonb,
	"first_date" date,
	"last_date" date,
	"job_id" bigint,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_generated_by_users_id_fk" FOREIGN KEY ("generated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_upload_id_bank_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."bank_uploads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_uploads" ADD CONSTRAINT "bank_uploads_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_uploads" ADD CONSTRAINT "bank_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_bank_lines" ADD CONSTRAINT "deposit_bank_lines_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_bank_lines" ADD CONSTRAINT "deposit_bank_lines_bank_line_id_bank_lines_id_fk" FOREIGN KEY ("bank_line_id") REFERENCES "public"."bank_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_bank_lines" ADD CONSTRAINT "deposit_bank_lines_linked_by_users_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_entries" ADD CONSTRAINT "pos_entries_upload_id_pos_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."pos_uploads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_entries" ADD CONSTRAINT "pos_entries_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_uploads" ADD CONSTRAINT "pos_uploads_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_uploads" ADD CONSTRAINT "pos_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "balances_shop_date_idx" ON "balances" USING btree ("shop_id","date");--> statement-breakpoint
CREATE INDEX "balances_date_idx" ON "balances" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_lines_fingerprint_idx" ON "bank_lines" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "bank_lines_booking_idx" ON "bank_lines" USING btree ("booking_date","id");--> statement-breakpoint
CREATE INDEX "bank_lines_upload_idx" ON "bank_lines" USING btree ("upload_id","line");--> statement-breakpoint
CREATE INDEX "bank_lines_open_credits_idx" ON "bank_lines" USING btree ("booking_date") WHERE "bank_lines"."amount_cents" > 0;--> statement-breakpoint
CREATE INDEX "bank_uploads_created_idx" ON "bank_uploads" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deposit_bank_lines_line_idx" ON "deposit_bank_lines" USING btree ("bank_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_entries_fingerprint_idx" ON "pos_entries" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "pos_entries_shop_date_idx" ON "pos_entries" USING btree ("shop_id","date");--> statement-breakpoint
CREATE INDEX "pos_entries_date_idx" ON "pos_entries" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "pos_uploads_created_idx" ON "pos_uploads" USING btree ("created_at" DESC NULLS LAST);