CREATE TABLE "competitors" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"priority" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rank_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"period" varchar(7) NOT NULL,
	"competitor_id" integer,
	"subject_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"score" bigint,
	"source" varchar(10) NOT NULL,
	"entered_by" integer,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rank_positions_position_range" CHECK ("rank_positions"."position" between 1 and 999)
);
--> statement-breakpoint
ALTER TABLE "competitors" ADD CONSTRAINT "competitors_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_positions" ADD CONSTRAINT "rank_positions_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_positions" ADD CONSTRAINT "rank_positions_competitor_id_competitors_id_fk" FOREIGN KEY ("competitor_id") REFERENCES "public"."competitors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_positions" ADD CONSTRAINT "rank_positions_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competitors_shop_idx" ON "competitors" USING btree ("shop_id","priority");--> statement-breakpoint
CREATE UNIQUE INDEX "competitors_shop_name_idx" ON "competitors" USING btree ("shop_id",lower("name")) WHERE "competitors"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "rank_positions_shop_period_subject_idx" ON "rank_positions" USING btree ("shop_id","period","subject_id");--> statement-breakpoint
CREATE INDEX "rank_positions_competitor_idx" ON "rank_positions" USING btree ("competitor_id");