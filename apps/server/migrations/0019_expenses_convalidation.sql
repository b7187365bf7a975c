ALTER TABLE "expenses" ADD COLUMN "convalidated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "convalidated_by" integer;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_convalidated_by_users_id_fk" FOREIGN KEY ("convalidated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expenses_shop_date_idx" ON "expenses" USING btree ("shop_id","date");