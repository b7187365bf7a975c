// The dashboard (spec §2, empty path under /app): a work queue. The day's facts in one compact row, quick ways into
// the daily screens the person's abilities open, and "Da fare": what waits for them, as the server's to-do
// registry answers it (platform/todos.ts), one generic list whatever area an item comes from.
import type { Todo, TodoKey } from '@bottega/contracts/dashboard';
import { businessDate } from '@bottega/contracts/dates';
import {
  Badge,
  Button,
  Card,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
  useDirection,
} from '@mantine/core';
import {
  type Icon,
  IconArrowsExchange,
  IconBell,
  IconBuildingBank,
  IconBuildingStore,
  IconCalendar,
  IconCalendarCheck,
  IconCalendarEvent,
  IconCalendarQuestion,
  IconCalendarWeek,
  IconCashBanknote,
  IconCashRegister,
  IconCertificate,
  IconChecklist,
  IconChecks,
  IconChevronLeft,
  IconChevronRight,
  IconCircleCheck,
  IconClockPlay,
  IconDeviceCctv,
  IconFileCheck,
  IconFileInvoice,
  IconListCheck,
  IconMessages,
  IconPackageExport,
  IconPackageImport,
  IconPlugConnectedX,
  IconPrinter,
  IconReceipt,
  IconReceipt2,
  IconReceiptEuro,
  IconShieldCheck,
  IconSpeakerphone,
  IconTargetArrow,
  IconTruckDelivery,
  IconTruckReturn,
  IconUserCheck,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { useAuthUser } from '../../auth/auth.api';
import { BudgetProgressCard } from '../../budgets/components/budget-progress-card';
import { useOpenCashDay } from '../../cash-register/use-open-cash-day';
import { SignInPopups } from '../components/sign-in-popups';
import { useDashboard, useTodos } from '../dashboard.api';

/** Each area's to-do has its icon: a new key in the contract asks for one here. */
const todoIcons: Record<TodoKey, Icon> = {
  camerasOffline: IconDeviceCctv,
  postsFailed: IconSpeakerphone,
  socialAccountsToReconnect: IconPlugConnectedX,
  cashDaySecondConfirmation: IconUserCheck,
  cashDayToClose: IconCashRegister,
  weeklyCashToFill: IconCalendarWeek,
  fiscalClosesMissing: IconPrinter,
  cashDaysUnclosed: IconListCheck,
  invoiceRequests: IconFileInvoice,
  payslipsToConvalidate: IconFileCheck,
  newPayslips: IconReceipt2,
  newTaxCertificates: IconCertificate,
  shiftToStart: IconClockPlay,
  shiftWeeksToValidate: IconCalendarCheck,
  shiftNextWeekToPlan: IconCalendarEvent,
  shiftAvailabilityToChoose: IconCalendarQuestion,
  cashToDeposit: IconCashBanknote,
  bankCreditsToCheck: IconBuildingBank,
  monthsToConvalidate: IconCalendarCheck,
  costsToConvalidate: IconReceiptEuro,
  inFilesToProcess: IconPackageImport,
  pickingFilesToProcess: IconTruckDelivery,
  companyPickingFilesToProcess: IconArrowsExchange,
  outFilesToProcess: IconPackageExport,
  shopOutFilesToProcess: IconTruckReturn,
  budgetToConfirm: IconTargetArrow,
  ticketsToAnswer: IconMessages,
  deliveryNotesToConfirm: IconChecklist,
};

/** Someone is waiting, or the clock is running: these lead the list in orange. */
const urgentTodos: ReadonlySet<TodoKey> = new Set(['shiftToStart', 'cashDaySecondConfirmation']);

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
      <ThemeIcon variant="light" size="md" radius="md" aria-hidden>
        {icon}
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" lh={1.2}>
          {label}
        </Text>
        <Text size="sm" fw={600} lh={1.3}>
          {children}
        </Text>
      </div>
    </Group>
  );
}

function TodoRow({ todo }: { todo: Todo }) {
  const { t } = useTranslation('dashboard');
  const TodoIcon = todoIcons[todo.key];
  // The row leads on in the reading direction.
  const Forward = useDirection().dir === 'rtl' ? IconChevronLeft : IconChevronRight;
  const first = urgentTodos.has(todo.key);
  return (
    <UnstyledButton
      component={Link}
      to={todo.link}
      data-testid={`todo-${todo.key}`}
      p="sm"
      style={{
        display: 'block',
        borderRadius: 'var(--mantine-radius-md)',
        border: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" color={first ? 'orange' : undefined} size="lg" radius="md" aria-hidden>
          <TodoIcon size={20} />
        </ThemeIcon>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600}>{t(`todos.${todo.key}`, { count: todo.count })}</Text>
          {todo.oldest && (
            <Text size="sm" c="dimmed">
              {t('todos.oldest', { count: todo.count, date: formatDate(todo.oldest) })}
            </Text>
          )}
        </div>
        <Badge variant="filled" color={first ? 'orange' : undefined} size="lg" circle={todo.count < 10}>
          {todo.count}
        </Badge>
        <Forward size={18} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

function TodoList({ todos }: { todos: Todo[] | undefined }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="todo-title">
      <Title order={2} size="h4" id="todo-title">
        {t('todos.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('todos.description')}
      </Text>
      {todos === undefined ? (
        <Stack gap="xs">
          <Skeleton h={56} />
          <Skeleton h={56} />
        </Stack>
      ) : todos.length === 0 ? (
        <Group gap="sm" wrap="nowrap" data-testid="todo-empty" py="xs">
          <ThemeIcon variant="light" color="green" size="xl" radius="xl" aria-hidden>
            <IconCircleCheck size={24} />
          </ThemeIcon>
          <div>
            <Text fw={600}>{t('todos.empty')}</Text>
            <Text size="sm" c="dimmed">
              {t('todos.emptyHint')}
            </Text>
          </div>
        </Group>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="todo-list">
          {todos.map((todo) => (
            <li key={todo.key}>
              <TodoRow todo={todo} />
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** The shop staff's daily screens, one click away: only those the person's abilities open. */
function QuickActions({ can, shopId, today }: { can: Set<string>; shopId: number; today: string }) {
  const { t } = useTranslation('dashboard');
  const openDay = useOpenCashDay();
  const day = { shopId, businessDate: today, reportId: null };
  const opening = openDay.pending !== null;
  const actions: ReactNode[] = [];
  if (can.has('shops.cashRegister.dailyClose')) {
    actions.push(
      <Button
        key="cashToday"
        leftSection={<IconCashRegister size={18} />}
        onClick={() => openDay.open(day)}
        loading={opening}
        data-testid="quick-cash-today"
      >
        {t('quick.cashToday')}
      </Button>,
    );
  } else if (can.has('shops.cashRegister.view')) {
    actions.push(
      <Button
        key="cashMonth"
        component={Link}
        to="/app/shop/cashRegister"
        leftSection={<IconCashRegister size={18} />}
        data-testid="quick-cash-month"
      >
        {t('quick.cashMonth')}
      </Button>,
    );
  }
  if (can.has('shops.cashRegister.weekly')) {
    actions.push(
      <Button
        key="weekly"
        component={Link}
        to="/app/shops/weekly-cash"
        variant="light"
        leftSection={<IconCalendarWeek size={18} />}
        data-testid="quick-weekly-cash"
      >
        {t('quick.weeklyCash')}
      </Button>,
    );
  }
  if (can.has('shops.cashRegister.dailyClose')) {
    // Invoices are requested from the day's receipts.
    actions.push(
      <Button
        key="invoices"
        variant="light"
        leftSection={<IconReceipt size={18} />}
        onClick={() => openDay.open(day, 'receipts')}
        disabled={opening}
        data-testid="quick-invoices"
      >
        {t('quick.invoices')}
      </Button>,
    );
  }
  if (can.has('shops.cashRegister.viewUnclosed')) {
    actions.push(
      <Button
        key="unclosed"
        component={Link}
        to="/app/shop/cashRegister/unclosed"
        variant="light"
        leftSection={<IconChecks size={18} />}
        data-testid="quick-unclosed"
      >
        {t('quick.unclosed')}
      </Button>,
    );
  }
  if (actions.length === 0) return null;
  return (
    <nav aria-label={t('quick.title')} data-testid="quick-actions">
      <Group gap="xs">{actions}</Group>
    </nav>
  );
}

export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const user = useAuthUser().data;
  const canSeeShopFacts = Boolean(user?.shop && user.can.includes('employees.dashboard'));
  const dashboard = useDashboard(canSeeShopFacts);
  // Without a shop or the dashboard ability (a former employee), the person's own to-dos still show.
  const ownTodos = useTodos(Boolean(user) && !canSeeShopFacts);
  if (!user) return null;

  const today = dashboard.data?.today ?? businessDate();
  const weekday = new Intl.DateTimeFormat(currentLanguage(), { weekday: 'long', timeZone: 'Europe/Rome' }).format(
    new Date(`${today}T12:00:00Z`),
  );
  const firstName = user.name.split(' ')[0] ?? user.name;
  const can = new Set(user.can);
  const loading = <Skeleton h={16} w={60} component="span" display="inline-block" />;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('greeting', { name: firstName })}
        </Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </div>
      <SignInPopups todos={canSeeShopFacts ? dashboard.data?.todos : ownTodos.data} can={can} />
      <Paper withBorder p="sm" radius="md" data-testid="dashboard-facts">
        <Group gap="lg">
          <Fact icon={<IconCalendar size={16} />} label={t('today')}>
            <span style={{ textTransform: 'capitalize' }}>{weekday}</span>{' '}
            <span data-testid="today">{formatDate(today)}</span>
          </Fact>
          <Fact icon={<IconBuildingStore size={16} />} label={t('shop')}>
            {user.shop ? (
              <span data-testid="dashboard-shop">
                <bdi>{user.shop.name}</bdi>
              </span>
            ) : (
              t('noShop')
            )}
          </Fact>
          <Fact icon={<IconShieldCheck size={16} />} label={t('group')}>
            <span data-testid="dashboard-group">
              <bdi>{user.userGroup[0]?.name ?? t('noGroup')}</bdi>
            </span>
          </Fact>
          {canSeeShopFacts && (
            <Fact icon={<IconUsers size={16} />} label={t('colleagues')}>
              {dashboard.data ? t('colleaguesCount', { count: dashboard.data.colleagues }) : loading}
            </Fact>
          )}
          {canSeeShopFacts && (
            <Fact icon={<IconBell size={16} />} label={t('notifications')}>
              {dashboard.data ? (
                <span data-testid="dashboard-unread">{t('unread', { count: dashboard.data.unreadNotifications })}</span>
              ) : (
                loading
              )}
            </Fact>
          )}
        </Group>
      </Paper>
      {user.shop && <QuickActions can={can} shopId={user.shop.id} today={today} />}
      {user.shop && (can.has('employees.popups.budgetConvalidate') || can.has('shops.budget.manage')) && (
        <BudgetProgressCard shopId={user.shop.id} asStaff={can.has('employees.popups.budgetConvalidate')} />
      )}
      {canSeeShopFacts ? (
        <TodoList todos={dashboard.data?.todos} />
      ) : (
        (ownTodos.data?.length ?? 0) > 0 && <TodoList todos={ownTodos.data} />
      )}
    </Stack>
  );
}
