CREATE TABLE "budget_days" (
	"budget_id" integer NOT NULL,
	"date" date NOT NULL,
	"cents" bigint NOT NULL,
	CONSTRAINT "budget_days_budget_id_date_pk" PRIMARY KEY("budget_id","date")
);
--> statement-breakpoint
CREATE TABLE "budgets" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"month" varchar(7) NOT NULL,
	"sales_cents" bigint NOT NULL,
	"average_receipt_cents" integer NOT NULL,
	"pieces_per_receipt" integer NOT NULL,
	"notes" varchar(500) DEFAULT '' NOT NULL,
	"state" varchar(10) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"edited_by" integer,
	"edited_at" timestamp with time zone,
	"sent_by" integer,
	"sent_at" timestamp with time zone,
	"confirmed_by" integer,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "budget_days" ADD CONSTRAINT "budget_days_budget_id_budgets_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."budgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "budgets_shop_month_idx" ON "budgets" USING btree ("shop_id","month");--> statement-breakpoint
CREATE INDEX "budgets_month_idx" ON "budgets" USING btree ("month");