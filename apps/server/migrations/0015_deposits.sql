CREATE TABLE "deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"carried_by" integer,
	"card_number" varchar(50) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"registered_by" integer,
	"state" varchar(12) DEFAULT 'entered' NOT NULL,
	"convalidated_by" integer,
	"convalidated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_amount_positive" CHECK ("deposits"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_carried_by_users_id_fk" FOREIGN KEY ("carried_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_registered_by_users_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_convalidated_by_users_id_fk" FOREIGN KEY ("convalidated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposits_shop_date_idx" ON "deposits" USING btree ("shop_id","date");--> statement-breakpoint
CREATE INDEX "deposits_date_idx" ON "deposits" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "deposits_state_date_idx" ON "deposits" USING btree ("state","date");