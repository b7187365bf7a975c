CREATE TABLE "user_group_notifications" (
	"group_id" integer NOT NULL,
	"event" varchar(100) NOT NULL,
	"channels" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "user_group_notifications_group_id_event_pk" PRIMARY KEY("group_id","event")
);
--> statement-breakpoint
ALTER TABLE "user_group_notifications" ADD CONSTRAINT "user_group_notifications_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;