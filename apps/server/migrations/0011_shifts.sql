CREATE TABLE "shift_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"shift_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"punch_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shift_punches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shift_punches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"shift_id" integer,
	"step" varchar(12) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"confirmed_by" varchar(12) NOT NULL,
	"original_at" timestamp with time zone,
	"rectified_by" integer,
	"rectified_at" timestamp with time zone,
	"rectify_reason" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shift_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"weekly_minutes" integer NOT NULL,
	"days" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_templates_weekly_minutes" CHECK ("shift_templates"."weekly_minutes" BETWEEN 0 AND 6720)
);
--> statement-breakpoint
CREATE TABLE "shift_week_members" (
	"week_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"template_id" integer,
	"validated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shift_weeks" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"week" varchar(8) NOT NULL,
	"state" varchar(20) DEFAULT 'assigned' NOT NULL,
	"convalidated_by" integer,
	"convalidated_at" timestamp with time zone,
	"sent_by" integer,
	"sent_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"week_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" varchar(10) NOT NULL,
	"start_time" varchar(5),
	"stop_time" varchar(5),
	"break_minutes" smallint DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"planned_minutes" integer DEFAULT 0 NOT NULL,
	"reason" varchar(20),
	"notes" varchar(500) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shifts_kind" CHECK (("shifts"."kind" = 'shift' AND "shifts"."starts_at" IS NOT NULL AND "shifts"."ends_at" > "shifts"."starts_at")
        OR ("shifts"."kind" = 'timeOff' AND "shifts"."reason" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "shift_alerts" ADD CONSTRAINT "shift_alerts_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_alerts" ADD CONSTRAINT "shift_alerts_punch_id_shift_punches_id_fk" FOREIGN KEY ("punch_id") REFERENCES "public"."shift_punches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_punches" ADD CONSTRAINT "shift_punches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_punches" ADD CONSTRAINT "shift_punches_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_punches" ADD CONSTRAINT "shift_punches_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_punches" ADD CONSTRAINT "shift_punches_rectified_by_users_id_fk" FOREIGN KEY ("rectified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_templates" ADD CONSTRAINT "shift_templates_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_week_members" ADD CONSTRAINT "shift_week_members_week_id_shift_weeks_id_fk" FOREIGN KEY ("week_id") REFERENCES "public"."shift_weeks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_week_members" ADD CONSTRAINT "shift_week_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_week_members" ADD CONSTRAINT "shift_week_members_template_id_shift_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."shift_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_weeks" ADD CONSTRAINT "shift_weeks_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_weeks" ADD CONSTRAINT "shift_weeks_convalidated_by_users_id_fk" FOREIGN KEY ("convalidated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_weeks" ADD CONSTRAINT "shift_weeks_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_weeks" ADD CONSTRAINT "shift_weeks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_week_id_shift_weeks_id_fk" FOREIGN KEY ("week_id") REFERENCES "public"."shift_weeks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shift_alerts_once_idx" ON "shift_alerts" USING btree ("shift_id","kind",coalesce("punch_id", 0));--> statement-breakpoint
CREATE INDEX "shift_punches_user_at_idx" ON "shift_punches" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "shift_punches_shop_at_idx" ON "shift_punches" USING btree ("shop_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_templates_shop_name_idx" ON "shift_templates" USING btree ("shop_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "shift_week_members_week_user_idx" ON "shift_week_members" USING btree ("week_id","user_id");--> statement-breakpoint
CREATE INDEX "shift_week_members_user_idx" ON "shift_week_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_weeks_shop_week_idx" ON "shift_weeks" USING btree ("shop_id","week");--> statement-breakpoint
CREATE INDEX "shift_weeks_week_idx" ON "shift_weeks" USING btree ("week");--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_week_user_day_idx" ON "shifts" USING btree ("week_id","user_id","day");--> statement-breakpoint
CREATE INDEX "shifts_user_starts_idx" ON "shifts" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "shifts_starts_idx" ON "shifts" USING btree ("starts_at");