CREATE TABLE "camera_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "camera_viewings" (
	"id" serial PRIMARY KEY NOT NULL,
	"camera_id" integer,
	"camera_name" varchar(100) NOT NULL,
	"shop_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"mode" varchar(10) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cameras" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"shop_id" integer NOT NULL,
	"type" varchar(20) NOT NULL,
	"link" varchar(500) NOT NULL,
	"username" varchar(100) DEFAULT '' NOT NULL,
	"password_encrypted" varchar(400),
	"channel" smallint,
	"category_id" integer,
	"state" varchar(10) DEFAULT 'unknown' NOT NULL,
	"last_outcome" varchar(20),
	"last_checked_at" timestamp with time zone,
	"offline_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "camera_viewings" ADD CONSTRAINT "camera_viewings_camera_id_cameras_id_fk" FOREIGN KEY ("camera_id") REFERENCES "public"."cameras"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_viewings" ADD CONSTRAINT "camera_viewings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_viewings" ADD CONSTRAINT "camera_viewings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cameras" ADD CONSTRAINT "cameras_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cameras" ADD CONSTRAINT "cameras_category_id_camera_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."camera_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "camera_categories_name_idx" ON "camera_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "camera_viewings_started_idx" ON "camera_viewings" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "camera_viewings_camera_idx" ON "camera_viewings" USING btree ("camera_id","started_at");--> statement-breakpoint
CREATE INDEX "camera_viewings_user_idx" ON "camera_viewings" USING btree ("user_id","camera_id","ended_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cameras_shop_name_idx" ON "cameras" USING btree ("shop_id",lower("name"));--> statement-breakpoint
CREATE INDEX "cameras_category_idx" ON "cameras" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "cameras_offline_idx" ON "cameras" USING btree ("shop_id") WHERE "cameras"."state" = 'offline';