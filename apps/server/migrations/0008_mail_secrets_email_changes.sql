CREATE TABLE "email_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"email" varchar(254) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "email_changes_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sealed_secret" text;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_changes_user_idx" ON "email_changes" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Mails written before secrets were sealed hold their link tokens in plain text: redact them (the links
-- stop mattering to anyone but their recipient, who may ask for a new one).
UPDATE "mail_outbox" SET "text" = regexp_replace("text", 'token=[A-Za-z0-9_-]+', 'token=[redacted]', 'g'), "html" = regexp_replace("html", 'token=[A-Za-z0-9_-]+', 'token=[redacted]', 'g') WHERE "text" ~ 'token=[A-Za-z0-9_-]' OR "html" ~ 'token=[A-Za-z0-9_-]';
