CREATE TABLE "shift_days" (
	"user_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"day" date NOT NULL,
	"plan_kind" varchar(10),
	"plan_reason" varchar(20),
	"planned_minutes" integer DEFAULT 0 NOT NULL,
	"plan_starts_at" timestamp with time zone,
	"punch_signed_ms" bigint DEFAULT 0 NOT NULL,
	"open_shifts" smallint DEFAULT 0 NOT NULL,
	"open_breaks" smallint DEFAULT 0 NOT NULL,
	"first_start" timestamp with time zone,
	"last_at_ms" bigint,
	CONSTRAINT "shift_days_user_id_shop_id_day_pk" PRIMARY KEY("user_id","shop_id","day")
);
--> statement-breakpoint
ALTER TABLE "shift_days" ADD CONSTRAINT "shift_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_days" ADD CONSTRAINT "shift_days_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shift_days_day_idx" ON "shift_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "shift_days_shop_day_idx" ON "shift_days" USING btree ("shop_id","day");--> statement-breakpoint
-- The analytics' day table is kept by the database: every change to a punch, a cell or a week's state refreshes the
-- (person, shop, Rome day) rows it touches; shift_days_rebuild() fills it whole (here, and after a bulk load).
CREATE FUNCTION shift_days_refresh(p_user integer, p_shop integer, p_day date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM shift_days WHERE user_id = p_user AND shop_id = p_shop AND day = p_day;
  INSERT INTO shift_days (user_id, shop_id, day, plan_kind, plan_reason, planned_minutes, plan_starts_at,
                          punch_signed_ms, open_shifts, open_breaks, first_start, last_at_ms)
  SELECT p_user, p_shop, p_day, plan.kind, plan.reason, coalesce(plan.planned_minutes, 0), plan.starts_at,
    coalesce(punch.signed, 0), coalesce(punch.open_shifts, 0), coalesce(punch.open_breaks, 0), punch.first_start,
    punch.last_at
  FROM (SELECT 1) AS one
  LEFT JOIN LATERAL (
    SELECT s.kind, s.reason, s.planned_minutes, s.starts_at
    FROM shifts s JOIN shift_weeks w ON w.id = s.week_id
    WHERE w.state = 'sent' AND s.user_id = p_user AND w.shop_id = p_shop AND s.day = p_day
    LIMIT 1
  ) AS plan ON true
  CROSS JOIN LATERAL (
    SELECT count(*) AS punches,
      sum(CASE WHEN p.step IN ('stopShift', 'startBreak') THEN 1 ELSE -1 END * floor(extract(epoch FROM p.at) * 1000)::bigint) AS signed,
      count(*) FILTER (WHERE p.step = 'startShift') - count(*) FILTER (WHERE p.step = 'stopShift') AS open_shifts,
      count(*) FILTER (WHERE p.step = 'startBreak') - count(*) FILTER (WHERE p.step = 'stopBreak') AS open_breaks,
      min(p.at) FILTER (WHERE p.step = 'startShift') AS first_start,
      max(floor(extract(epoch FROM p.at) * 1000)::bigint) AS last_at
    FROM shift_punches p
    WHERE p.user_id = p_user AND p.shop_id = p_shop
      AND p.at >= (p_day::timestamp AT TIME ZONE 'Europe/Rome')
      AND p.at < ((p_day + 1)::timestamp AT TIME ZONE 'Europe/Rome')
  ) AS punch
  WHERE plan.kind IS NOT NULL OR punch.punches > 0;
END $$;
--> statement-breakpoint
CREATE FUNCTION shift_days_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM shift_days;
  INSERT INTO shift_days (user_id, shop_id, day, plan_kind, plan_reason, planned_minutes, plan_starts_at,
                          punch_signed_ms, open_shifts, open_breaks, first_start, last_at_ms)
  SELECT coalesce(plan.user_id, punch.user_id), coalesce(plan.shop_id, punch.shop_id), coalesce(plan.day, punch.day),
    plan.kind, plan.reason, coalesce(plan.planned_minutes, 0), plan.starts_at,
    coalesce(punch.signed, 0), coalesce(punch.open_shifts, 0), coalesce(punch.open_breaks, 0), punch.first_start,
    punch.last_at
  FROM (
    SELECT s.user_id, w.shop_id, s.day, s.kind, s.reason, s.planned_minutes, s.starts_at
    FROM shifts s JOIN shift_weeks w ON w.id = s.week_id
    WHERE w.state = 'sent'
  ) AS plan
  FULL JOIN (
    SELECT p.user_id, p.shop_id, (p.at AT TIME ZONE 'Europe/Rome')::date AS day,
      sum(CASE WHEN p.step IN ('stopShift', 'startBreak') THEN 1 ELSE -1 END * floor(extract(epoch FROM p.at) * 1000)::bigint) AS signed,
      count(*) FILTER (WHERE p.step = 'startShift') - count(*) FILTER (WHERE p.step = 'stopShift') AS open_shifts,
      count(*) FILTER (WHERE p.step = 'startBreak') - count(*) FILTER (WHERE p.step = 'stopBreak') AS open_breaks,
      min(p.at) FILTER (WHERE p.step = 'startShift') AS first_start,
      max(floor(extract(epoch FROM p.at) * 1000)::bigint) AS last_at
    FROM shift_punches p
    GROUP BY 1, 2, 3
  ) AS punch ON punch.user_id = plan.user_id AND punch.shop_id = plan.shop_id AND punch.day = plan.day;
END $$;
--> statement-breakpoint
CREATE FUNCTION shift_days_on_punch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM shift_days_refresh(OLD.user_id, OLD.shop_id, (OLD.at AT TIME ZONE 'Europe/Rome')::date);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM shift_days_refresh(NEW.user_id, NEW.shop_id, (NEW.at AT TIME ZONE 'Europe/Rome')::date);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER shift_punches_days AFTER INSERT OR DELETE OR UPDATE OF at, user_id, shop_id, step ON shift_punches
  FOR EACH ROW EXECUTE FUNCTION shift_days_on_punch();
--> statement-breakpoint
-- A cell counts once its week is sent: cells of other weeks change nothing (their week's move to sent does).
CREATE FUNCTION shift_days_on_shift() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  week_shop integer;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT shop_id INTO week_shop FROM shift_weeks WHERE id = OLD.week_id AND state = 'sent';
    IF week_shop IS NOT NULL THEN PERFORM shift_days_refresh(OLD.user_id, week_shop, OLD.day); END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    week_shop := NULL;
    SELECT shop_id INTO week_shop FROM shift_weeks WHERE id = NEW.week_id AND state = 'sent';
    IF week_shop IS NOT NULL THEN PERFORM shift_days_refresh(NEW.user_id, week_shop, NEW.day); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER shifts_days AFTER INSERT OR UPDATE OR DELETE ON shifts
  FOR EACH ROW EXECUTE FUNCTION shift_days_on_shift();
--> statement-breakpoint
-- A week moving into or out of "sent" brings its cells in or takes them out; a sent week deleted takes its plan out
-- before its cells go (their own trigger no longer finds the week).
CREATE FUNCTION shift_days_on_week() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cell record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.state = 'sent' THEN
      UPDATE shift_days d SET plan_kind = NULL, plan_reason = NULL, planned_minutes = 0, plan_starts_at = NULL
      FROM shifts s WHERE s.week_id = OLD.id AND d.user_id = s.user_id AND d.shop_id = OLD.shop_id AND d.day = s.day;
      DELETE FROM shift_days d USING shifts s
      WHERE s.week_id = OLD.id AND d.user_id = s.user_id AND d.shop_id = OLD.shop_id AND d.day = s.day
        AND d.last_at_ms IS NULL;
    END IF;
    RETURN OLD;
  END IF;
  IF (OLD.state = 'sent') IS DISTINCT FROM (NEW.state = 'sent') OR OLD.shop_id IS DISTINCT FROM NEW.shop_id THEN
    FOR cell IN SELECT user_id, day FROM shifts WHERE week_id = NEW.id LOOP
      PERFORM shift_days_refresh(cell.user_id, OLD.shop_id, cell.day);
      PERFORM shift_days_refresh(cell.user_id, NEW.shop_id, cell.day);
    END LOOP;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER shift_weeks_days_state AFTER UPDATE OF state, shop_id ON shift_weeks
  FOR EACH ROW EXECUTE FUNCTION shift_days_on_week();
--> statement-breakpoint
CREATE TRIGGER shift_weeks_days_delete BEFORE DELETE ON shift_weeks
  FOR EACH ROW EXECUTE FUNCTION shift_days_on_week();
--> statement-breakpoint
SELECT shift_days_rebuild();
