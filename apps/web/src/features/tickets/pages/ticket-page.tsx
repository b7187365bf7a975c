// Tickets › ticket/{ticketID}: the whole conversation, oldest first, with its files; what the person may do through
// the widest reach that holds the ticket — reply (hidden once closed, §5), close (asked first), reopen, move to
// another category, remind the assignees (at most once an hour) — and print it as a clean page. Another's reply or
// a change of state shows at once.
import {
  type Ticket,
  type TicketMessage,
  type TicketReach,
  ticketReaches,
  ticketRemindIntervalMs,
} from '@bottega/contracts/tickets';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
  Typography,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowsExchange, IconBellRinging, IconLock, IconLockOpen, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format-date';
import { ConfirmModal } from '../../../ui/confirm-modal';
import classes from '../../../ui/print.module.css';
import { StatusPage } from '../../../ui/status-page';
import { categoryLabel } from '../components/category-select';
import { MessageAttachments } from '../components/message-attachments';
import { MoveTicketModal } from '../components/move-ticket-modal';
import { TicketReply } from '../components/ticket-reply';
import {
  useTicket,
  useTicketAbilities,
  useTicketCategories,
  useTicketsLive,
  useTicketTransition,
} from '../tickets.api';

const initials = (name: string) =>
  name
    .split(' ')
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

function Message({ message, reach, ticket }: { message: TicketMessage; reach: TicketReach; ticket: Ticket }) {
  const { t } = useTranslation('tickets');
  const name = message.author?.name ?? t('list.formerUser');
  const fromAuthor = message.author !== null && message.author.id === ticket.author?.id;
  return (
    <Card withBorder padding="md" data-testid="ticket-message" style={{ breakInside: 'avoid' }}>
      <Group gap="sm" mb="xs" wrap="nowrap">
        <Avatar radius="xl" size="md" color={fromAuthor ? 'blue' : 'teal'} aria-hidden>
          {initials(name)}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(message.createdAt)}
          </Text>
        </div>
      </Group>
      {/* The server keeps only safe markup (ticket-message.ts sanitises every message). */}
      <Typography>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server with an allowlist */}
        <div dir="auto" style={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: message.body }} />
      </Typography>
      <MessageAttachments where={{ reach, ticketId: ticket.id }} attachments={message.attachments} />
    </Card>
  );
}

export default function TicketPage() {
  const { t } = useTranslation(['tickets', 'errors']);
  useTicketsLive();
  const params = useParams();
  const id = Number(params.ticketId);
  const abilities = useTicketAbilities();
  const reaches = ticketReaches.filter((one) => abilities.holds(one, 'view'));
  const valid = Number.isInteger(id) && id > 0;
  const query = useTicket(valid ? id : 0, valid ? reaches : []);
  const reach = query.data?.reach ?? 'general';
  const transition = useTicketTransition(reach, id);
  const movable = query.data && abilities.holds(reach, 'move');
  const categories = useTicketCategories(movable ? reach : undefined);
  const [asking, setAsking] = useState<'close' | 'move' | null>(null);

  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) return <StatusPage status={404} />;
  if (!query.data) {
    return query.isError ? (
      <Alert color="red" role="alert">
        {errorMessage(query.error, t)}
      </Alert>
    ) : (
      <Skeleton h={400} />
    );
  }
  const { ticket } = query.data;
  const open = ticket.state === 'open';
  const may = (action: 'reply' | 'close' | 'reopen' | 'move' | 'remind') => abilities.holds(reach, action);
  const act = (variables: Parameters<typeof transition.mutate>[0], done: string) =>
    transition.mutate(variables, {
      onSuccess: () => {
        setAsking(null);
        notifications.show({ color: 'green', message: done });
      },
      onError: (error) => {
        if (asking === null) notifications.show({ color: 'red', message: errorMessage(error, t) });
      },
    });
  const remindedRecently =
    ticket.remindedAt !== null && Date.now() - new Date(ticket.remindedAt).getTime() < ticketRemindIntervalMs;

  return (
    <div className={classes.sheet}>
      <Group justify="space-between" align="flex-start" mb="lg" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs" mb={4}>
            <Badge color={open ? 'green' : 'gray'} variant="light" data-testid="ticket-state">
              {t(`states.${ticket.state}`)}
            </Badge>
            <Text size="sm" c="dimmed">
              #{ticket.id}
            </Text>
          </Group>
          <Title order={1} size="h2" dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {ticket.subject}
          </Title>
          <Text c="dimmed" size="sm" data-testid="ticket-facts">
            {t('facts', {
              shop: `${ticket.shop.code} · ${ticket.shop.name}`,
              category: categoryLabel(ticket.category.path),
              author: ticket.author?.name ?? t('list.formerUser'),
              date: formatDateTime(ticket.openedAt),
            })}
          </Text>
          {ticket.reopenedAt && open && (
            <Text c="dimmed" size="sm">
              {t('reopenedAt', { date: formatDateTime(ticket.reopenedAt) })}
            </Text>
          )}
        </div>
        <Group gap="xs" className={classes.noPrint}>
          <Button variant="default" component={Link} to={open ? '/app/ticket/list' : '/app/ticket/archive'}>
            {t('backToList')}
          </Button>
          <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
            {t('actions.print')}
          </Button>
          {movable && (
            <Button
              variant="default"
              leftSection={<IconArrowsExchange size={16} />}
              onClick={() => {
                transition.reset();
                setAsking('move');
              }}
              data-testid="ticket-move"
            >
              {t('actions.move')}
            </Button>
          )}
          {open && may('remind') && (
            <Tooltip label={t('remind.recently')} disabled={!remindedRecently}>
              <Button
                variant="default"
                leftSection={<IconBellRinging size={16} />}
                disabled={remindedRecently}
                loading={transition.isPending && transition.variables?.action === 'remind'}
                onClick={() => act({ action: 'remind' }, t('remind.done'))}
                data-testid="ticket-remind"
              >
                {t('actions.remind')}
              </Button>
            </Tooltip>
          )}
          {open && may('close') && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconLock size={16} />}
              onClick={() => {
                transition.reset();
                setAsking('close');
              }}
              data-testid="ticket-close"
            >
              {t('actions.close')}
            </Button>
          )}
          {!open && may('reopen') && (
            <Button
              leftSection={<IconLockOpen size={16} />}
              loading={transition.isPending && transition.variables?.action === 'reopen'}
              onClick={() => act({ action: 'reopen' }, t('reopen.done'))}
              data-testid="ticket-reopen"
            >
              {t('actions.reopen')}
            </Button>
          )}
        </Group>
      </Group>

      <Stack gap="sm" maw={900}>
        {ticket.messages.map((message) => (
          <Message key={message.id} message={message} reach={reach} ticket={ticket} />
        ))}
        {open ? (
          may('reply') && (
            <div className={classes.noPrint}>
              <TicketReply reach={reach} ticketId={ticket.id} />
            </div>
          )
        ) : (
          <Alert color="gray" icon={<IconLock size={18} />} data-testid="ticket-closed">
            {t('closedNotice', {
              name: ticket.closedBy?.name ?? t('list.formerUser'),
              date: formatDateTime(ticket.closedAt),
            })}
          </Alert>
        )}
      </Stack>

      <ConfirmModal
        opened={asking === 'close'}
        title={t('close.title')}
        message={t('close.message')}
        confirmLabel={t('actions.close')}
        loading={transition.isPending}
        error={asking === 'close' ? errorMessage(transition.error, t) : null}
        onConfirm={() => act({ action: 'close' }, t('close.done'))}
        onClose={() => setAsking(null)}
      />
      {movable && (
        <MoveTicketModal
          opened={asking === 'move'}
          categories={categories.data ?? []}
          currentId={ticket.category.id}
          loading={transition.isPending}
          error={asking === 'move' ? errorMessage(transition.error, t) : null}
          onMove={(categoryId) => act({ action: 'move', categoryId }, t('move.done'))}
          onClose={() => setAsking(null)}
        />
      )}
    </div>
  );
}
