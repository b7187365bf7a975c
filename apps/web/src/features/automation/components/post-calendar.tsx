// The posts calendar: a month as six weeks Monday first, or one week, each day with its posts in time order on Rome's
// clock — time, the start of the text and the state's colour — each opening the post. A month's day shows a few and
// leads to its week for the rest. On a phone the days stack into an agenda of the days that have posts.
import type { PostSummary } from '@bottega/contracts/automation';
import { UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import classes from './post-calendar.module.css';
import { type CalendarView, calendarDays, dayTitle, postsByDay, weekdayNames } from './post-calendar-grid';
import { postStateColors } from './post-state-badge';
import { romeClockOf } from './post-time';

/** How many posts a month's day shows before "N more". */
const monthDayPosts = 3;

function chipStyle(post: PostSummary): CSSProperties {
  const color = postStateColors[post.state];
  return {
    '--chip-accent': `var(--mantine-color-${color}-filled)`,
    '--chip-background': `var(--mantine-color-${color}-light)`,
    '--chip-color': `var(--mantine-color-${color}-light-color)`,
  } as CSSProperties;
}

function PostChip({ post, view }: { post: PostSummary; view: CalendarView }) {
  const { t } = useTranslation('automation');
  const networks = [...new Set(post.targets.map((target) => t(`networks.${target.network}`)))].join(', ');
  return (
    <Link
      to={`/app/automation/posts/detail/${post.id}`}
      className={classes.chip}
      style={chipStyle(post)}
      data-testid={`calendar-post-${post.id}`}
      data-state={post.state}
    >
      {/* The line takes the direction of the post's text, so the cut falls at the text's own end. */}
      <span className={classes.chipLine} dir={view === 'month' ? 'auto' : undefined}>
        <span className={classes.time}>{romeClockOf(post.at)}</span>
        {view === 'month' && (post.excerpt || t('posts.noText'))}
        {view === 'week' && t(`postStates.${post.state}`)}
      </span>
      {view === 'week' && (
        <span className={classes.chipLine} data-excerpt dir="auto">
          {post.excerpt || t('posts.noText')}
        </span>
      )}
      <VisuallyHidden>
        {view === 'month' && `, ${t(`postStates.${post.state}`)}`}
        {networks && `, ${networks}`}
      </VisuallyHidden>
    </Link>
  );
}

export function PostCalendar(props: {
  view: CalendarView;
  /** Any day of the month or week shown. */
  anchor: string;
  posts: readonly PostSummary[];
  /** Today in Rome, YYYY-MM-DD. */
  today: string;
  /** A month's day with more posts than it shows: its week. */
  onShowWeek: (date: string) => void;
}) {
  const { t } = useTranslation('automation');
  const lng = currentLanguage();
  const days = calendarDays(props.view, props.anchor);
  const byDay = postsByDay(props.posts);
  const month = props.anchor.slice(0, 7);
  const names = weekdayNames(lng);

  return (
    <div className={classes.container}>
      <div
        className={`${classes.grid} ${props.view === 'week' ? classes.week : ''}`}
        data-testid={`post-calendar-${props.view}`}
      >
        {names.map((name) => (
          <div key={name} className={classes.weekday} aria-hidden>
            {name}
          </div>
        ))}
        {days.map((day) => {
          const posts = byDay.get(day) ?? [];
          const outside = props.view === 'month' && day.slice(0, 7) !== month;
          const shown = props.view === 'month' ? posts.slice(0, monthDayPosts) : posts;
          const title = dayTitle(day, lng);
          return (
            <section
              key={day}
              className={classes.day}
              aria-label={title}
              data-outside={outside || undefined}
              data-today={day === props.today || undefined}
              data-empty={posts.length === 0 || undefined}
              data-testid={`calendar-day-${day}`}
            >
              <span className={classes.dayNumber} aria-hidden>
                {Number(day.slice(8))}
              </span>
              <div className={classes.dayTitle} aria-hidden>
                {title}
              </div>
              {shown.map((post) => (
                <PostChip key={post.id} post={post} view={props.view} />
              ))}
              {posts.length > shown.length && (
                <UnstyledButton
                  onClick={() => props.onShowWeek(day)}
                  fz="xs"
                  c="dimmed"
                  ta="start"
                  px={6}
                  data-testid={`calendar-more-${day}`}
                >
                  {t('posts.calendar.more', { count: posts.length - shown.length })}
                </UnstyledButton>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}
