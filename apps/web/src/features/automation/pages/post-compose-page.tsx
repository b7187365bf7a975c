// Automation › posts/create (spec §2, issue 28), also where a draft, a scheduled or a cancelled post is changed
// (?edit={id}): the accounts it goes to, its text counted against each chosen network's limit as the network counts
// it, the pictures and videos from the library in their order, and when it goes — saved as a draft, scheduled at a
// date and time on Italian time, or published now. Each network's rules (the contract's, the server's) are checked as
// it is typed, and a preview shows it as each network would. Leaving with unsaved changes asks first.
import '@mantine/dates/styles.css';
import {
  type Account,
  maxPostAccounts,
  maxPostCharacters,
  type Post,
  postBodySchema,
  type SocialNetwork,
  socialNetworks,
} from '@bottega/contracts/automation';
import {
  Alert,
  Button,
  Card,
  Grid,
  Group,
  List,
  MultiSelect,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
  useDirection,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconArrowLeft,
  IconCalendarTime,
  IconDeviceFloppy,
  IconSend,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { calendarLocale } from '../../../lib/calendar-locale';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors, validateWith } from '../../../lib/form-validation';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { PageHeader } from '../../../ui/page-header';
import { StatusPage } from '../../../ui/status-page';
import { UnsavedChangesGuard } from '../../../ui/unsaved-changes-guard';
import { useAuthUser } from '../../auth/auth.api';
import { useAccounts } from '../accounts.api';
import { AccountNetworkIcon } from '../components/account-network-icon';
import { AccountStateBadge } from '../components/account-state-badge';
import { PostCharacterCount } from '../components/post-character-count';
import {
  type ComposeAccount,
  type ComposeAction,
  type ComposeValues,
  chosenNetworks,
  composeChanged,
  composeValuesOf,
  editablePostStates,
  emptyComposeValues,
  networkChecks,
  postBodyOf,
  problemField,
  problemMessage,
} from '../components/post-compose-form';
import { PostMediaField } from '../components/post-media-field';
import { PostPreview } from '../components/post-preview';
import { PostStateBadge } from '../components/post-state-badge';
import { dateTimeText, instantToRomeDateTime, pickerText, romeDateTimeToInstant } from '../components/post-time';
import { positiveId } from '../positive-id';
import { usePost, useSavePost } from '../posts.api';

const postsPath = '/app/automation/posts';

/** The accounts to choose from, and those the post already goes to that the list does not hold. */
function accountsToChoose(accounts: readonly Account[], post: Post | null): ComposeAccount[] {
  const known = new Set(accounts.map((account) => account.id));
  const missing = (post?.targets ?? []).map((target) => target.account).filter((account) => !known.has(account.id));
  return [...accounts, ...missing];
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="md">{children}</Stack>
    </Card>
  );
}

export default function PostComposePage() {
  const { t } = useTranslation(['automation', 'errors']);
  const [params] = useSearchParams();
  const editParam = params.get('edit');
  const editId = positiveId(editParam);
  const post = usePost(editId);
  // The post as it was when the screen opened: a save (which changes its state) must not swap the form for a notice.
  const [opened, setOpened] = useState<Post | null>(null);
  useEffect(() => {
    if (post.data && opened?.id !== post.data.id) setOpened(post.data);
  }, [post.data, opened?.id]);

  if (editParam !== null && (editId === null || (post.error instanceof ApiError && post.error.status === 404))) {
    return <StatusPage status={404} />;
  }
  if (post.error instanceof ApiError && post.error.status === 403) return <StatusPage status={403} />;
  if (editId !== null && opened?.id !== editId) {
    return post.isError ? (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {errorMessage(post.error, t)}
      </Alert>
    ) : (
      <Stack>
        <Skeleton h={48} w={320} />
        <Skeleton h={480} />
      </Stack>
    );
  }
  if (opened && !editablePostStates.includes(opened.state)) {
    return (
      <>
        <PageHeader title={t('compose.editTitle')} />
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="compose-not-editable">
          <Stack gap="sm" align="flex-start">
            <Group gap="xs">
              <Text>{t('compose.notEditable')}</Text>
              <PostStateBadge state={opened.state} />
            </Group>
            <Button component={Link} to={`${postsPath}/detail/${opened.id}`} variant="default">
              {t('compose.openPost')}
            </Button>
          </Stack>
        </Alert>
      </>
    );
  }
  return <ComposeForm key={opened?.id ?? 'new'} post={editId === null ? null : opened} />;
}

function ComposeForm({ post }: { post: Post | null }) {
  const { t } = useTranslation(['automation', 'errors', 'validation']);
  const navigate = useNavigate();
  const can = new Set(useAuthUser().data?.can ?? []);
  const canPublish = can.has('automation.publish');
  const accountList = useAccounts({ page: 1, perPage: 100 });
  const save = useSavePost(post?.id ?? null);
  const initial = useMemo(() => (post ? composeValuesOf(post) : emptyComposeValues), [post]);
  const form = useForm<ComposeValues>({ initialValues: initial });
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState(false);
  const flip = useDirection().dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined;

  const values = form.values;
  const accounts = accountsToChoose(accountList.data?.data ?? [], post);
  const accountById = new Map(accounts.map((account) => [String(account.id), account]));
  const chosen = values.accountIds.flatMap((id) => accountById.get(id) ?? []);
  const networks = chosenNetworks(accounts, values.accountIds);
  const checks = networkChecks(values.text, values.media, networks);
  const problems = checks.filter((check) => check.problem !== null);
  const notConnected = chosen.filter((account) => account.state !== undefined && account.state !== 'connected');
  const scheduledInstant = romeDateTimeToInstant(values.scheduledAt);
  const dirty = !saved && composeChanged(values, initial);
  const scheduled = post?.state === 'scheduled';

  /** The checks the server would make, on the fields; null when the post may be sent. */
  const errorsBefore = (action: ComposeAction): Record<string, string> => {
    const errors: Record<string, string> = {};
    if (action !== 'draft') {
      if (values.accountIds.length === 0) errors.accountIds = t('validation:postAccounts');
      for (const check of checks) {
        if (check.problem) errors[problemField(check.problem)] ??= problemMessage(check.network, check.problem, t);
      }
    }
    if (action === 'schedule') {
      if (!scheduledInstant) errors.scheduledAt = t('validation:required');
      else if (Date.parse(scheduledInstant) <= Date.now()) errors.scheduledAt = t('errors:scheduledInPast');
    }
    for (const [field, message] of Object.entries(validateWith(postBodySchema, postBodyOf(values, action), t))) {
      errors[field] ??= message;
    }
    return errors;
  };

  const send = (action: ComposeAction) => {
    save.mutate(postBodyOf(values, action), {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: t(`compose.done.${action}`) });
        setConfirming(false);
        setSaved(true);
        // After the guard has seen the form saved.
        setTimeout(() => navigate(`${postsPath}/detail/${answer.id}`));
      },
      onError: (error) => {
        setConfirming(false);
        if (error instanceof ApiError) form.setErrors(firstFieldErrors(error.fieldErrors));
      },
    });
  };

  const submit = (action: ComposeAction) => {
    save.reset();
    const errors = errorsBefore(action);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    if (action === 'publishNow') setConfirming(true);
    else send(action);
  };

  const accountData = socialNetworks
    .map((network) => ({
      group: t(`networks.${network}`),
      items: accounts
        .filter((account) => account.network === network)
        .map((account) => ({
          value: String(account.id),
          label: account.handle ? `${account.name} (${account.handle})` : account.name,
        })),
    }))
    .filter((group) => group.items.length > 0);

  const refusal = save.error instanceof ApiError && save.error.code === 'validation' ? null : save.error;
  const publishBlocked = canPublish ? null : t('compose.needsPublish');
  const publishButton = (
    action: 'schedule' | 'publishNow',
    label: string,
    icon: ReactNode,
    variant: 'filled' | 'light',
  ) => (
    <Tooltip label={publishBlocked} disabled={publishBlocked === null} multiline maw={280}>
      <span style={{ display: 'inline-block' }}>
        <Button
          variant={variant}
          leftSection={icon}
          disabled={publishBlocked !== null}
          loading={save.isPending && save.variables?.action === action}
          onClick={() => submit(action)}
          data-testid={`compose-${action}`}
        >
          {label}
        </Button>
      </span>
    </Tooltip>
  );

  return (
    <>
      <UnsavedChangesGuard dirty={dirty} />
      <PageHeader
        title={post ? t('compose.editTitle') : t('compose.createTitle')}
        description={t('compose.description')}
        actions={
          <Button
            variant="default"
            component={Link}
            to={post ? `${postsPath}/detail/${post.id}` : postsPath}
            leftSection={<IconArrowLeft size={16} style={flip} />}
          >
            {post ? t('compose.backToPost') : t('compose.backToPosts')}
          </Button>
        }
      />
      {refusal && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" mb="md" data-testid="compose-error">
          {errorMessage(refusal, t)}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Section title={t('compose.sections.content')}>
              <MultiSelect
                label={t('compose.fields.accounts')}
                description={t('compose.accountsHint', { max: maxPostAccounts })}
                placeholder={values.accountIds.length === 0 ? t('compose.accountsPlaceholder') : undefined}
                data={accountData}
                searchable
                clearable
                maxValues={maxPostAccounts}
                nothingFoundMessage={accountList.isPending ? t('compose.loadingAccounts') : t('compose.noAccounts')}
                renderOption={({ option }) => {
                  const account = accountById.get(option.value);
                  return (
                    <Group gap="sm" wrap="nowrap" w="100%">
                      {account && <AccountNetworkIcon network={account.network} size={22} withLabel={false} />}
                      <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate>
                        {option.label}
                      </Text>
                      {account?.state && account.state !== 'connected' && <AccountStateBadge state={account.state} />}
                    </Group>
                  );
                }}
                value={values.accountIds}
                onChange={(ids) => form.setFieldValue('accountIds', ids)}
                error={form.errors.accountIds}
                data-testid="compose-accounts"
              />
              {accountList.isError && (
                <Text c="red" size="sm" role="alert">
                  {errorMessage(accountList.error, t)}
                </Text>
              )}
              {notConnected.length > 0 && (
                <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="compose-not-connected">
                  {t('compose.notConnected', { names: notConnected.map((account) => account.name).join(', ') })}
                </Alert>
              )}
              <div>
                <Textarea
                  label={t('compose.fields.text')}
                  placeholder={t('compose.textPlaceholder')}
                  autosize
                  minRows={6}
                  maxRows={20}
                  maxLength={maxPostCharacters}
                  dir="auto"
                  {...form.getInputProps('text')}
                  data-testid="compose-text"
                />
                <Stack gap={4} mt={6}>
                  <PostCharacterCount checks={checks} />
                </Stack>
              </div>
              <PostMediaField
                value={values.media}
                onChange={(media) => form.setFieldValue('media', media)}
                error={form.errors.mediaIds as string | undefined}
              />
              {problems.length > 0 && (
                <Alert
                  color="orange"
                  icon={<IconAlertTriangle size={18} />}
                  title={t('compose.problemsTitle')}
                  data-testid="compose-problems"
                >
                  <List size="sm" spacing={2}>
                    {problems.map((check) => (
                      <List.Item key={check.network} data-network={check.network}>
                        {problemMessage(check.network, check.problem as NonNullable<typeof check.problem>, t)}
                      </List.Item>
                    ))}
                  </List>
                </Alert>
              )}
            </Section>
            <Section title={t('compose.sections.when')}>
              <DateTimePicker
                label={t('compose.fields.scheduledAt')}
                description={t('compose.scheduledAtHint')}
                valueFormat={pickerText}
                locale={calendarLocale()}
                firstDayOfWeek={1}
                minDate={instantToRomeDateTime(new Date().toISOString()) ?? undefined}
                clearable
                clearButtonProps={{ 'aria-label': t('common:controls.clear') }}
                timePickerProps={{ hoursInputLabel: t('compose.hours'), minutesInputLabel: t('compose.minutes') }}
                submitButtonProps={{ 'aria-label': t('compose.confirmTime') }}
                dropdownType="popover"
                value={values.scheduledAt}
                onChange={(value) => form.setFieldValue('scheduledAt', value)}
                error={form.errors.scheduledAt}
                leftSection={<IconCalendarTime size={16} />}
                w={{ base: '100%', sm: 300 }}
                data-testid="compose-scheduledAt"
              />
              {scheduledInstant && (
                <Text size="sm" c="dimmed" data-testid="compose-scheduled-summary">
                  {t('compose.scheduledSummary', { time: dateTimeText(scheduledInstant) })}
                </Text>
              )}
              <Group gap="sm">
                {!scheduled && (
                  <Button
                    variant="default"
                    leftSection={<IconDeviceFloppy size={16} />}
                    loading={save.isPending && save.variables?.action === 'draft'}
                    onClick={() => submit('draft')}
                    data-testid="compose-draft"
                  >
                    {t('compose.actions.draft')}
                  </Button>
                )}
                {publishButton(
                  'schedule',
                  scheduled ? t('compose.actions.reschedule') : t('compose.actions.schedule'),
                  <IconCalendarTime size={16} />,
                  'light',
                )}
                {publishButton('publishNow', t('compose.actions.publishNow'), <IconSend size={16} />, 'filled')}
              </Group>
              {publishBlocked && (
                <Text size="sm" c="dimmed" data-testid="compose-needs-publish">
                  {publishBlocked}
                </Text>
              )}
              {scheduled && (
                <Text size="sm" c="dimmed">
                  {t('compose.scheduledHint')}
                </Text>
              )}
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Section title={t('compose.sections.preview')}>
            <PostPreview
              text={values.text}
              media={values.media}
              accounts={chosen}
              networks={networks as SocialNetwork[]}
              scheduledAt={scheduledInstant}
            />
          </Section>
        </Grid.Col>
      </Grid>
      <ConfirmModal
        opened={confirming}
        title={t('compose.confirmPublish.title')}
        message={t('compose.confirmPublish.message', { count: chosen.length })}
        confirmLabel={t('compose.actions.publishNow')}
        loading={save.isPending}
        error={null}
        onClose={() => setConfirming(false)}
        onConfirm={() => send('publishNow')}
      />
    </>
  );
}
