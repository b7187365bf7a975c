CREATE TABLE "employee_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(30) NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"ip" varchar(64),
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "shop_closure_days" (
	"shop_id" integer NOT NULL,
	"day" date NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	CONSTRAINT "shop_closure_days_shop_id_day_pk" PRIMARY KEY("shop_id","day")
);
--> statement-breakpoint
CREATE TABLE "shop_working_hours" (
	"shop_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"slot" smallint NOT NULL,
	"opens_at" time NOT NULL,
	"closes_at" time NOT NULL,
	CONSTRAINT "shop_working_hours_shop_id_weekday_slot_pk" PRIMARY KEY("shop_id","weekday","slot"),
	CONSTRAINT "shop_working_hours_weekday" CHECK ("shop_working_hours"."weekday" BETWEEN 1 AND 7),
	CONSTRAINT "shop_working_hours_order" CHECK ("shop_working_hours"."opens_at" < "shop_working_hours"."closes_at")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recipient" varchar(254) NOT NULL,
	"subject" varchar(300) NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"template" varchar(100) NOT NULL,
	"lng" varchar(2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "matricola" varchar(30);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "fiscal_code" varchar(16);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "engagement_date" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birthday" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_card_number" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "city" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cap" varchar(5) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "iban" varchar(34) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bic" varchar(11) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bank_name" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deposit_card_number" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "use_fingerprint" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "employee_type" varchar(2) DEFAULT 'OK' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "registered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "address" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "country" varchar(2) DEFAULT 'IT' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "province" varchar(2) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "cap" varchar(10) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "phone" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "email" varchar(254) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "fiscal_printer_ip" varchar(45);--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "router_ip" varchar(45);--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "router_username" varchar(100);--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "router_password_encrypted" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "account_number" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "merchant_code" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "closed_on" date;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "section" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "is_ranked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "has_ranking_portal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "ranking_portal" varchar(100);--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "employee_documents" ADD CONSTRAINT "employee_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_documents" ADD CONSTRAINT "employee_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_closure_days" ADD CONSTRAINT "shop_closure_days_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_working_hours" ADD CONSTRAINT "shop_working_hours_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employee_documents_user_idx" ON "employee_documents" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("sent_at","id");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "users_matricola_key" ON "users" USING btree ("matricola");--> statement-breakpoint
CREATE INDEX "users_surname_idx" ON "users" USING btree (lower("surname"),lower("name"));--> statement-breakpoint
CREATE INDEX "users_fiscal_code_idx" ON "users" USING btree ("fiscal_code");--> statement-breakpoint
CREATE INDEX "shops_section_idx" ON "shops" USING btree ("section");--> statement-breakpoint
CREATE INDEX "shops_name_idx" ON "shops" USING btree (lower("name"));