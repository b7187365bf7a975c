-- Trigram indexes for the customers' search (pg_trgm ships with PostgreSQL and with PGlite).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "club_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"levels" jsonb NOT NULL,
	"registration_suspended" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "customer_otps" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"channel" varchar(5) NOT NULL,
	"purpose" varchar(10) NOT NULL,
	"destination" varchar(254) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "customer_point_awards" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"points" integer NOT NULL,
	"awarded_on" date NOT NULL,
	"year" smallint,
	"friend_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_number" varchar(40) NOT NULL,
	"shop_id" integer,
	"first_seen_on" date,
	"last_purchase_on" date,
	"first_name" varchar(60),
	"last_name" varchar(60),
	"email" varchar(254),
	"password_hash" text,
	"country_code" varchar(5),
	"phone" varchar(40),
	"gender" varchar(12),
	"address" varchar(200),
	"city" varchar(100),
	"state" varchar(60),
	"zip" varchar(10),
	"birthday" date,
	"birthday_month_day" smallint GENERATED ALWAYS AS ((extract(month from birthday) * 100 + extract(day from birthday))::smallint) STORED,
	"language" varchar(2),
	"subscribed_at" timestamp with time zone,
	"email_confirmed_at" timestamp with time zone,
	"phone_confirmed_at" timestamp with time zone,
	"privacy_consent_at" timestamp with time zone,
	"marketing_consent_at" timestamp with time zone,
	"invite_code" varchar(20),
	"referred_by_id" integer,
	"registered_from" varchar(64),
	"erased_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower(card_number || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' || regexp_replace(coalesce(country_code, '') || coalesce(phone, ''), '[^0-9]', '', 'g'))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_card_number_unique" UNIQUE("card_number"),
	CONSTRAINT "customers_invite_code_unique" UNIQUE("invite_code")
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recipient" varchar(20) NOT NULL,
	"text" text NOT NULL,
	"template" varchar(40) NOT NULL,
	"lng" varchar(2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"provider_id" varchar(100),
	"sealed_secret" text
);
--> statement-breakpoint
DROP INDEX "receipts_loyalty_idx";--> statement-breakpoint
ALTER TABLE "club_settings" ADD CONSTRAINT "club_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_otps" ADD CONSTRAINT "customer_otps_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_point_awards" ADD CONSTRAINT "customer_point_awards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_point_awards" ADD CONSTRAINT "customer_point_awards_friend_id_customers_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_sessions" ADD CONSTRAINT "customer_sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_referred_by_id_customers_id_fk" FOREIGN KEY ("referred_by_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_otps_destination_idx" ON "customer_otps" USING btree ("destination","created_at");--> statement-breakpoint
CREATE INDEX "customer_otps_customer_idx" ON "customer_otps" USING btree ("customer_id","channel","purpose","created_at");--> statement-breakpoint
CREATE INDEX "customer_point_awards_customer_idx" ON "customer_point_awards" USING btree ("customer_id","awarded_on");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_point_awards_birthday_idx" ON "customer_point_awards" USING btree ("customer_id","year") WHERE "customer_point_awards"."kind" = 'birthday';--> statement-breakpoint
CREATE UNIQUE INDEX "customer_point_awards_referral_idx" ON "customer_point_awards" USING btree ("friend_id") WHERE "customer_point_awards"."kind" = 'referral';--> statement-breakpoint
CREATE INDEX "customer_sessions_customer_idx" ON "customer_sessions" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_idx" ON "customers" USING btree ("email") WHERE "customers"."email" is not null;--> statement-breakpoint
CREATE INDEX "customers_shop_idx" ON "customers" USING btree ("shop_id","id");--> statement-breakpoint
CREATE INDEX "customers_registered_idx" ON "customers" USING btree ("subscribed_at") WHERE "customers"."subscribed_at" is not null;--> statement-breakpoint
CREATE INDEX "customers_birthday_idx" ON "customers" USING btree ("birthday_month_day") WHERE "customers"."subscribed_at" is not null;--> statement-breakpoint
CREATE INDEX "customers_registered_from_idx" ON "customers" USING btree ("registered_from","subscribed_at") WHERE "customers"."registered_from" is not null;--> statement-breakpoint
CREATE INDEX "customers_referred_idx" ON "customers" USING btree ("referred_by_id") WHERE "customers"."referred_by_id" is not null;--> statement-breakpoint
CREATE INDEX "customers_search_idx" ON "customers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_city_idx" ON "customers" USING gin (lower("city") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sms_outbox_recipient_idx" ON "sms_outbox" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE INDEX "receipts_loyalty_idx" ON "receipts" USING btree ("loyalty_card","business_date") WHERE "receipts"."loyalty_card" is not null;--> statement-breakpoint
-- The cards already in the receipts are customers too (non-registered), of the shop that first scanned them.
INSERT INTO "customers" ("card_number", "shop_id", "first_seen_on", "last_purchase_on")
SELECT "loyalty_card", (array_agg("shop_id" ORDER BY "business_date", "id"))[1], min("business_date"), max("business_date")
FROM "receipts" WHERE "loyalty_card" IS NOT NULL AND "type" <> 'cancelled' GROUP BY "loyalty_card";
