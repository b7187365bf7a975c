CREATE TABLE "file_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"root" varchar(40) NOT NULL,
	"path" text NOT NULL,
	"parent" text NOT NULL,
	"name" text NOT NULL,
	"kind" varchar(20) NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"mime_type" varchar(100),
	"storage_key" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_entries" ADD CONSTRAINT "file_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "file_entries_root_path_idx" ON "file_entries" USING btree ("root",lower("path"));--> statement-breakpoint
CREATE INDEX "file_entries_root_parent_idx" ON "file_entries" USING btree ("root","parent");