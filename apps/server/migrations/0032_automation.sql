CREATE TABLE "automation_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"network" varchar(20) NOT NULL,
	"name" varchar(100) NOT NULL,
	"handle" varchar(100) DEFAULT '' NOT NULL,
	"shop_id" integer,
	"company_id" integer,
	"external_id" varchar(30) DEFAULT '' NOT NULL,
	"webhook_url" varchar(500) DEFAULT '' NOT NULL,
	"token_encrypted" text,
	"state" varchar(10) DEFAULT 'connected' NOT NULL,
	"state_message" varchar(500),
	"last_checked_at" timestamp with time zone,
	"published_posts" integer DEFAULT 0 NOT NULL,
	"likes" bigint DEFAULT 0 NOT NULL,
	"comments" bigint DEFAULT 0 NOT NULL,
	"shares" bigint DEFAULT 0 NOT NULL,
	"reach" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automation_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"title" varchar(120) NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"mime_type" varchar(20) NOT NULL,
	"size_bytes" integer NOT NULL,
	"duration_ms" integer,
	"width" integer,
	"height" integer,
	"storage_key" varchar(200) NOT NULL,
	"thumbnail_key" varchar(200),
	"thumbnail_mime_type" varchar(20),
	"source" varchar(10) DEFAULT 'upload' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automation_post_media" (
	"post_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "automation_post_media_post_id_position_pk" PRIMARY KEY("post_id","position")
);
--> statement-breakpoint
CREATE TABLE "automation_post_targets" (
	"post_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"state" varchar(10) DEFAULT 'pending' NOT NULL,
	"remote_id" varchar(200),
	"permalink" varchar(500),
	"failure" varchar(20),
	"error" varchar(1000),
	"attempts" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"likes" integer,
	"comments" integer,
	"shares" integer,
	"reach" integer,
	"figures_at" timestamp with time zone,
	CONSTRAINT "automation_post_targets_post_id_account_id_pk" PRIMARY KEY("post_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "automation_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"state" varchar(12) DEFAULT 'draft' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"revision" integer DEFAULT 0 NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"company_wide" boolean DEFAULT false NOT NULL,
	"shop_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"at" timestamp with time zone GENERATED ALWAYS AS (coalesce(published_at, scheduled_at, updated_at)) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automation_uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"size_bytes" integer NOT NULL,
	"received_bytes" integer DEFAULT 0 NOT NULL,
	"title" varchar(120) NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"duration_ms" integer,
	"width" integer,
	"height" integer,
	"source" varchar(10) NOT NULL,
	"media_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "automation_accounts" ADD CONSTRAINT "automation_accounts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_accounts" ADD CONSTRAINT "automation_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_media" ADD CONSTRAINT "automation_media_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_post_media" ADD CONSTRAINT "automation_post_media_post_id_automation_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."automation_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_post_media" ADD CONSTRAINT "automation_post_media_media_id_automation_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."automation_media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_post_targets" ADD CONSTRAINT "automation_post_targets_post_id_automation_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."automation_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_post_targets" ADD CONSTRAINT "automation_post_targets_account_id_automation_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."automation_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_posts" ADD CONSTRAINT "automation_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_uploads" ADD CONSTRAINT "automation_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_uploads" ADD CONSTRAINT "automation_uploads_media_id_automation_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."automation_media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_accounts_shop_idx" ON "automation_accounts" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "automation_media_created_idx" ON "automation_media" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "automation_media_tags_idx" ON "automation_media" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "automation_media_title_idx" ON "automation_media" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "automation_post_media_media_idx" ON "automation_post_media" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "automation_post_targets_account_idx" ON "automation_post_targets" USING btree ("account_id","post_id");--> statement-breakpoint
CREATE INDEX "automation_post_targets_published_idx" ON "automation_post_targets" USING btree ("published_at") WHERE "automation_post_targets"."state" = 'published';--> statement-breakpoint
CREATE INDEX "automation_posts_at_idx" ON "automation_posts" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "automation_posts_author_idx" ON "automation_posts" USING btree ("author_id","at");--> statement-breakpoint
CREATE INDEX "automation_posts_state_idx" ON "automation_posts" USING btree ("state","at");--> statement-breakpoint
CREATE INDEX "automation_posts_text_idx" ON "automation_posts" USING gin ("text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "automation_posts_shops_idx" ON "automation_posts" USING gin ("shop_ids");--> statement-breakpoint
CREATE INDEX "automation_uploads_expires_idx" ON "automation_uploads" USING btree ("expires_at");--> statement-breakpoint
-- A post that could not be published tells its author (automation.postFailed, a person's event): out of the box by
-- email and in the app, like every person's event, for the groups that may write posts (administrators hold all).
INSERT INTO "user_group_notifications" ("group_id", "event", "channels")
SELECT "id", 'automation.postFailed', '{email,web}'::text[] FROM "user_groups"
WHERE "id" = 1 OR "name" = 'BOSS' OR 'automation.posts' = ANY("permissions")
ON CONFLICT DO NOTHING;
