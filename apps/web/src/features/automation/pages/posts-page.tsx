// Automation › posts (spec §2, issue 28): the posts written for the company's accounts, as a calendar (a month of six
// weeks or one week, on Rome's clock, each post in its state's colour) or as a list a page at a time, filtered by
// account, state and author. The view, the period and the filters live in the address, so coming back from a post
// finds the screen as it was.

import type { PostSummary } from '@bottega/contracts/automation';
import { businessDate } from '@bottega/contracts/dates';
import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Card,
  Group,
  SegmentedControl,
  Table,
  Text,
  TextInput,
  Title,
  useDirection,
} from '@mantine/core';
import {
  IconCalendarEvent,
  IconCalendarMonth,
  IconCalendarWeek,
  IconChevronLeft,
  IconChevronRight,
  IconListDetails,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAddressParams } from '../../../lib/address-params';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { PageHeader } from '../../../ui/page-header';
import { QueryTable } from '../../../ui/query-table';
import { listPerPage } from '../../../ui/use-list-page';
import { PostCalendar } from '../components/post-calendar';
import {
  type CalendarView,
  calendarRange,
  isCalendarDate,
  monthTitle,
  moveAnchor,
} from '../components/post-calendar-grid';
import { isPostState, PostFilters, type PostFilterValues } from '../components/post-filters';
import { PostStateBadge } from '../components/post-state-badge';
import { PostTargetsInline } from '../components/post-targets';
import { PostThumbnail } from '../components/post-thumbnail';
import { dateTimeText } from '../components/post-time';
import { positiveId } from '../positive-id';
import { usePostCalendar, usePosts } from '../posts.api';

/** The calendar's two views and the list, with their icons. */
const viewChoices = [
  { value: 'month', icon: IconCalendarMonth },
  { value: 'week', icon: IconCalendarWeek },
  { value: 'list', icon: IconListDetails },
] as const;

type View = CalendarView | 'list';

function viewOf(value: string | null): View {
  return value === 'week' || value === 'list' ? value : 'month';
}

/** What a post's time means: when it goes out, when it went out, or when it was last changed. */
function atKey(post: PostSummary): string {
  if (post.state === 'scheduled' || post.state === 'publishing') return 'posts.at.scheduled';
  if (post.state === 'published' || post.state === 'failed') return 'posts.at.published';
  return 'posts.at.changed';
}

function CalendarPanel(props: {
  view: CalendarView;
  anchor: string;
  filters: PostFilterValues;
  onAnchor: (date: string, view?: View) => void;
}) {
  const { t } = useTranslation(['automation', 'errors']);
  const lng = currentLanguage();
  const flip = useDirection().dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined;
  const today = businessDate();
  const range = calendarRange(props.view, props.anchor);
  const calendar = usePostCalendar({
    ...range,
    accountId: props.filters.accountId ?? undefined,
    state: props.filters.state ?? undefined,
    authorId: props.filters.authorId ?? undefined,
  });
  const title =
    props.view === 'month'
      ? monthTitle(props.anchor.slice(0, 7), lng)
      : t('common:week.range', {
          from: `\u2066${formatDate(range.from)}\u2069`,
          to: `\u2066${formatDate(range.to)}\u2069`,
        });
  const posts = calendar.data ?? [];
  return (
    <>
      <Group justify="space-between" px="md" pb="sm" gap="sm">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => props.onAnchor(moveAnchor(props.view, props.anchor, -1))}
            aria-label={t(`posts.calendar.previous.${props.view}`)}
            data-testid="calendar-previous"
          >
            <IconChevronLeft size={18} style={flip} />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => props.onAnchor(moveAnchor(props.view, props.anchor, 1))}
            aria-label={t(`posts.calendar.next.${props.view}`)}
            data-testid="calendar-next"
          >
            <IconChevronRight size={18} style={flip} />
          </ActionIcon>
          <Button variant="default" onClick={() => props.onAnchor(today)} data-testid="calendar-today">
            {t('posts.calendar.today')}
          </Button>
        </Group>
        <Title
          order={2}
          size="h4"
          style={{ textTransform: 'capitalize' }}
          aria-live="polite"
          data-testid="calendar-title"
        >
          {title}
        </Title>
      </Group>
      {calendar.isError && (
        <Text c="red" px="md" pb="sm" role="alert">
          {errorMessage(calendar.error, t)}
        </Text>
      )}
      {calendar.isSuccess && posts.length === 0 && (
        <Text c="dimmed" px="md" pb="sm" data-testid="calendar-empty">
          {t(props.view === 'month' ? 'posts.calendar.emptyMonth' : 'posts.calendar.emptyWeek')}
        </Text>
      )}
      <Box
        px={{ base: 0, sm: 'md' }}
        pb="md"
        style={{ opacity: calendar.isFetching && !calendar.isPending ? 0.7 : 1 }}
        aria-busy={calendar.isFetching}
      >
        <PostCalendar
          view={props.view}
          anchor={props.anchor}
          posts={posts}
          today={today}
          onShowWeek={(date) => props.onAnchor(date, 'week')}
        />
      </Box>
    </>
  );
}

function ListPanel({ filters }: { filters: PostFilterValues }) {
  const { t } = useTranslation(['automation', 'errors']);
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setDebounced(search.trim());
      setPage(1);
    }, 250);
    return () => window.clearTimeout(timer);
  }, [search]);
  // A filter's change goes back to the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the trigger
  useEffect(() => setPage(1), [filters.accountId, filters.state, filters.authorId]);
  const posts = usePosts({
    page,
    perPage: listPerPage,
    search: debounced || undefined,
    accountId: filters.accountId ?? undefined,
    state: filters.state ?? undefined,
    authorId: filters.authorId ?? undefined,
  });
  const filtered =
    debounced !== '' || filters.accountId !== null || filters.state !== null || filters.authorId !== null;
  return (
    <>
      <Group px="md" pb="sm">
        <TextInput
          placeholder={t('posts.searchPlaceholder')}
          aria-label={t('posts.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
          data-testid="posts-search"
        />
      </Group>
      <QueryTable<PostSummary>
        query={posts}
        empty={{
          icon: <IconCalendarEvent size={32} />,
          title: filtered ? t('posts.noMatch') : t('posts.empty'),
          description: filtered ? undefined : t('posts.emptyDescription'),
        }}
        columns={[
          { label: t('posts.columns.post') },
          { label: t('posts.columns.at') },
          { label: t('posts.columns.accounts') },
          { label: t('posts.columns.state') },
          { label: t('posts.columns.author') },
        ]}
        row={(post) => (
          <Table.Tr key={post.id} data-testid={`post-row-${post.id}`}>
            <Table.Td>
              <Group gap="sm" wrap="nowrap" align="flex-start">
                {post.thumbnailMediaId !== null && <PostThumbnail mediaId={post.thumbnailMediaId} />}
                <div style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={`/app/automation/posts/detail/${post.id}`} lineClamp={2} dir="auto">
                    {post.excerpt || t('posts.noText')}
                  </Anchor>
                  {post.mediaCount > 0 && (
                    <Text size="xs" c="dimmed">
                      {t('posts.mediaCount', { count: post.mediaCount })}
                    </Text>
                  )}
                </div>
              </Group>
            </Table.Td>
            <Table.Td data-label={t('posts.columns.at')}>
              <Text size="sm">{dateTimeText(post.at)}</Text>
              <Text size="xs" c="dimmed">
                {t(atKey(post))}
              </Text>
            </Table.Td>
            <Table.Td data-label={t('posts.columns.accounts')}>
              <PostTargetsInline targets={post.targets} />
            </Table.Td>
            <Table.Td data-label={t('posts.columns.state')}>
              <PostStateBadge state={post.state} />
            </Table.Td>
            <Table.Td data-label={t('posts.columns.author')}>
              <bdi>{post.author?.name ?? '—'}</bdi>
            </Table.Td>
          </Table.Tr>
        )}
        total={(count) => t('posts.total', { count })}
        page={page}
        onPage={setPage}
        testIdPrefix="posts"
      />
    </>
  );
}

export default function PostsPage() {
  const { t } = useTranslation(['automation', 'errors']);
  const [params, change] = useAddressParams();
  const view = viewOf(params.get('view'));
  const asked = params.get('date');
  const anchor = isCalendarDate(asked) ? asked : businessDate();
  const state = params.get('state');
  const filters: PostFilterValues = {
    accountId: positiveId(params.get('accountId')),
    state: isPostState(state) ? state : null,
    authorId: positiveId(params.get('authorId')),
  };
  const filtered = filters.accountId !== null || filters.state !== null || filters.authorId !== null;

  return (
    <>
      <PageHeader
        title={t('posts.title')}
        description={t('posts.description')}
        actions={
          <Button
            component={Link}
            to="/app/automation/posts/create"
            leftSection={<IconPlus size={16} />}
            data-testid="post-create"
          >
            {t('posts.create')}
          </Button>
        }
      />
      <Card withBorder padding={0}>
        <Group p="md" gap="sm" align="flex-end">
          <SegmentedControl
            aria-label={t('posts.views.label')}
            value={view}
            onChange={(value) => change({ view: value === 'month' ? null : value })}
            data={viewChoices.map(({ value, icon: Icon }) => ({
              value,
              label: (
                <Group gap={6} wrap="nowrap" justify="center">
                  <Icon size={16} aria-hidden />
                  <span>{t(`posts.views.${value}`)}</span>
                </Group>
              ),
            }))}
            w={{ base: '100%', sm: 'auto' }}
            data-testid="posts-view"
          />
          <PostFilters
            value={filters}
            onChange={(next) =>
              change(
                Object.fromEntries(
                  Object.entries(next).map(([key, value]) => [key, value === null ? null : String(value)]),
                ),
              )
            }
          />
          {filtered && (
            <Button variant="subtle" onClick={() => change({ accountId: null, state: null, authorId: null })}>
              {t('posts.filters.clear')}
            </Button>
          )}
        </Group>
        {view === 'list' ? (
          <ListPanel filters={filters} />
        ) : (
          <CalendarPanel
            view={view}
            anchor={anchor}
            filters={filters}
            onAnchor={(date, next) =>
              change({
                date: date === businessDate() ? null : date,
                ...(next ? { view: next === 'month' ? null : next } : {}),
              })
            }
          />
        )}
      </Card>
    </>
  );
}
