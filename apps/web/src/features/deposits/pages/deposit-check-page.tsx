// Accountancy › Controllo versamenti (deposit/check): the bank's open credits against the shops' entered deposits.
// Matches are proposed (by card, by shop, several days at once, a deposit split in credits), each with the §8 problems
// that stop it; an ambiguous credit lists its candidates to choose from; a credit naming a card nobody has says so;
// what is left on either side can be paired by hand. Convalidating, after a confirmation, fixes the deposits and
// links them to their credits.
import type { BankLine, BankMatch } from '@bottega/contracts/bank';
import type { Deposit } from '@bottega/contracts/deposits';
import { Alert, Badge, Button, Card, Checkbox, Group, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconChecks, IconCircleCheck, IconUpload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { Money, moneyInText } from '../../../ui/money';
import { PageHeader } from '../../../ui/page-header';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { useBankMatching, useConvalidateWithBank } from '../bank.api';

/** Credits and the deposits they settle, convalidated together. */
type Pairing = { creditIds: number[]; depositIds: number[] };

const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);

function CreditLine({ credit }: { credit: BankLine }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <div style={{ minWidth: 0 }}>
        <Text size="sm">{formatDate(credit.bookingDate)}</Text>
        <Text size="xs" c="dimmed" dir="ltr" style={{ unicodeBidi: 'isolate', overflowWrap: 'anywhere' }}>
          {credit.description}
        </Text>
      </div>
      <Text size="sm" fw={600}>
        <Money cents={credit.amountCents} />
      </Text>
    </Group>
  );
}

function DepositLine({ deposit }: { deposit: Deposit }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <div style={{ minWidth: 0 }}>
        <Text size="sm">
          {formatDate(deposit.date)} · <bdi>{deposit.shopCode}</bdi>
        </Text>
        <Text size="xs" c="dimmed">
          {deposit.carriedBy?.name ?? '—'}
          {deposit.cardNumber && (
            <>
              {' · '}
              <span dir="ltr" style={{ unicodeBidi: 'isolate' }}>
                {deposit.cardNumber}
              </span>
            </>
          )}
        </Text>
      </div>
      <Text size="sm" fw={600}>
        <Money cents={deposit.amountCents} />
      </Text>
    </Group>
  );
}

/** The two sides of a match: the bank's credits and the shops' deposits. */
function Sides(props: { credits: BankLine[]; deposits: Deposit[] }) {
  const { t } = useTranslation('deposits');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Stack gap={6}>
        <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
          {t('check.bankSide')}
        </Text>
        {props.credits.map((credit) => (
          <CreditLine key={credit.id} credit={credit} />
        ))}
      </Stack>
      <Stack gap={6}>
        <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
          {t('check.depositSide')}
        </Text>
        {props.deposits.map((deposit) => (
          <DepositLine key={deposit.id} deposit={deposit} />
        ))}
      </Stack>
    </SimpleGrid>
  );
}

function Problems({ match }: { match: BankMatch }) {
  const { t } = useTranslation('deposits');
  if (match.problems.length === 0) return null;
  return (
    <Stack gap={4}>
      {match.problems.map((problem) => (
        <Alert key={problem} color="orange" icon={<IconAlertTriangle size={16} />} p="xs" data-testid="check-problem">
          <Text size="sm">{t(`check.problems.${problem}`)}</Text>
        </Alert>
      ))}
    </Stack>
  );
}

function Section(props: { title: string; count: number; testId: string; children: ReactNode }) {
  return (
    <section aria-label={props.title} data-testid={props.testId}>
      <Group gap="xs" mb="sm">
        <Title order={2} size="h4">
          {props.title}
        </Title>
        <Badge variant="light">{props.count}</Badge>
      </Group>
      <Stack gap="sm">{props.children}</Stack>
    </section>
  );
}

export default function DepositCheckPage() {
  const { t } = useTranslation(['deposits', 'errors']);
  const matching = useBankMatching();
  const convalidate = useConvalidateWithBank();
  const [asked, setAsked] = useState<Pairing[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const [pickedCredits, setPickedCredits] = useState<number[]>([]);
  const [pickedDeposits, setPickedDeposits] = useState<number[]>([]);

  const data = matching.data;
  const creditById = new Map((data?.credits ?? []).map((credit) => [credit.id, credit]));
  const depositById = new Map((data?.deposits ?? []).map((deposit) => [deposit.id, deposit]));
  const creditsOf = (ids: number[]) => ids.flatMap((id) => creditById.get(id) ?? []);
  const depositsOf = (ids: number[]) => ids.flatMap((id) => depositById.get(id) ?? []);
  const total = (ids: number[], of: (ids: number[]) => { amountCents: number }[]) =>
    sum(of(ids).map((row) => row.amountCents));

  /** Convalidates the pairings asked for one after another; stops at the first refusal, which the dialog shows. */
  const confirm = async () => {
    if (!asked) return;
    const amount = moneyInText(
      total(
        asked.flatMap((pairing) => pairing.depositIds),
        depositsOf,
      ),
    );
    setFailure(null);
    setBusy(true);
    let count = 0;
    try {
      for (const pairing of asked) {
        await convalidate.mutateAsync(pairing);
        count += pairing.depositIds.length;
      }
      notifications.show({ color: 'teal', message: t('check.done', { count, amount }) });
      setAsked(null);
      setPickedCredits([]);
      setPickedDeposits([]);
    } catch (error) {
      setFailure(error);
      if (count > 0) notifications.show({ color: 'teal', message: t('check.partlyDone', { count }) });
    } finally {
      setBusy(false);
    }
  };
  const ask = (pairings: Pairing[]) => {
    setFailure(null);
    setAsked(pairings);
  };
  const askedDeposits = asked?.flatMap((pairing) => pairing.depositIds) ?? [];
  const clean = (data?.matched ?? []).filter((match) => match.problems.length === 0);

  const convalidateButton = (match: BankMatch, testId: string) => (
    <Group justify="flex-end">
      <Button
        leftSection={<IconCircleCheck size={16} />}
        disabled={match.problems.length > 0}
        onClick={() => ask([match])}
        data-testid={testId}
      >
        {t('check.convalidate')}
      </Button>
    </Group>
  );

  const pickedCreditsCents = total(pickedCredits, creditsOf);
  const pickedDepositsCents = total(pickedDeposits, depositsOf);
  const toggle = (list: number[], id: number) =>
    list.includes(id) ? list.filter((each) => each !== id) : [...list, id];

  return (
    <>
      <PageHeader
        title={t('check.title')}
        description={t('check.description')}
        actions={
          <Button
            variant="default"
            component={Link}
            to="/app/deposit/upload/bank"
            leftSection={<IconUpload size={16} />}
          >
            {t('check.upload')}
          </Button>
        }
      />
      {!data ? (
        <QueryPlaceholder query={matching} />
      ) : data.credits.length === 0 && data.deposits.length === 0 ? (
        <Text c="dimmed" data-testid="check-empty">
          {t('check.empty')}
        </Text>
      ) : (
        <Stack gap="xl">
          <Section title={t('check.matched')} count={data.matched.length} testId="check-matched">
            {data.matched.length === 0 && <Text c="dimmed">{t('check.noneMatched')}</Text>}
            {clean.length > 1 && (
              <Group justify="flex-end">
                <Button
                  variant="light"
                  leftSection={<IconChecks size={16} />}
                  onClick={() => ask(clean)}
                  data-testid="check-convalidate-all"
                >
                  {t('check.convalidateAll', { count: clean.length })}
                </Button>
              </Group>
            )}
            {data.matched.map((match) => (
              <Card key={match.creditIds.join('-')} withBorder radius="md" data-testid="check-match">
                <Stack gap="sm">
                  <Sides credits={creditsOf(match.creditIds)} deposits={depositsOf(match.depositIds)} />
                  <Problems match={match} />
                  {convalidateButton(match, 'check-convalidate')}
                </Stack>
              </Card>
            ))}
          </Section>

          {data.ambiguous.length > 0 && (
            <Section title={t('check.ambiguous')} count={data.ambiguous.length} testId="check-ambiguous">
              {data.ambiguous.map((entry) => {
                const choice = chosen[entry.creditId];
                const candidate = entry.candidates.find((each) => each.depositIds.join('-') === choice);
                const credit = creditById.get(entry.creditId);
                return (
                  <Card key={entry.creditId} withBorder radius="md" data-testid="check-ambiguous-credit">
                    <Stack gap="sm">
                      {credit && <CreditLine credit={credit} />}
                      <Radio.Group
                        label={t('check.chooseDeposit')}
                        value={choice ?? null}
                        onChange={(value) => setChosen((current) => ({ ...current, [entry.creditId]: value }))}
                      >
                        <Stack gap="xs" mt="xs">
                          {entry.candidates.map((each) => (
                            <Radio
                              key={each.depositIds.join('-')}
                              value={each.depositIds.join('-')}
                              label={
                                <Stack gap={2}>
                                  {depositsOf(each.depositIds).map((deposit) => (
                                    <DepositLine key={deposit.id} deposit={deposit} />
                                  ))}
                                </Stack>
                              }
                              styles={{ labelWrapper: { flex: 1 } }}
                            />
                          ))}
                        </Stack>
                      </Radio.Group>
                      {candidate && <Problems match={candidate} />}
                      <Group justify="flex-end">
                        <Button
                          leftSection={<IconCircleCheck size={16} />}
                          disabled={!candidate || candidate.problems.length > 0}
                          onClick={() => candidate && ask([candidate])}
                          data-testid="check-convalidate-choice"
                        >
                          {t('check.convalidateChoice')}
                        </Button>
                      </Group>
                    </Stack>
                  </Card>
                );
              })}
            </Section>
          )}

          {data.unknownCards.length > 0 && (
            <Section title={t('check.unknownCards')} count={data.unknownCards.length} testId="check-unknown-cards">
              {data.unknownCards.map((entry) => {
                const credit = creditById.get(entry.creditId);
                return (
                  <Card key={entry.creditId} withBorder radius="md">
                    <Stack gap="xs">
                      {credit && <CreditLine credit={credit} />}
                      <Alert color="red" icon={<IconAlertTriangle size={16} />} p="xs">
                        <Text size="sm">{t('check.unknownCard', { card: `\u2066${entry.cardNumber}\u2069` })}</Text>
                      </Alert>
                    </Stack>
                  </Card>
                );
              })}
            </Section>
          )}

          <Section
            title={t('check.unmatched')}
            count={data.unmatchedCredits.length + data.unmatchedDeposits.length}
            testId="check-unmatched"
          >
            <Text size="sm" c="dimmed">
              {t('check.byHandHint')}
            </Text>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <Card withBorder radius="md">
                <Text size="xs" tt="uppercase" c="dimmed" fw={700} mb="xs">
                  {t('check.bankSide')}
                </Text>
                <Stack gap="xs">
                  {data.unmatchedCredits.length === 0 && <Text c="dimmed">{t('check.noCredits')}</Text>}
                  {creditsOf(data.unmatchedCredits).map((credit) => (
                    <Checkbox
                      key={credit.id}
                      checked={pickedCredits.includes(credit.id)}
                      onChange={() => setPickedCredits((list) => toggle(list, credit.id))}
                      label={<CreditLine credit={credit} />}
                      styles={{ labelWrapper: { flex: 1 }, body: { alignItems: 'flex-start' } }}
                      data-testid={`check-credit-${credit.id}`}
                    />
                  ))}
                </Stack>
              </Card>
              <Card withBorder radius="md">
                <Text size="xs" tt="uppercase" c="dimmed" fw={700} mb="xs">
                  {t('check.depositSide')}
                </Text>
                <Stack gap="xs">
                  {data.unmatchedDeposits.length === 0 && <Text c="dimmed">{t('check.noDeposits')}</Text>}
                  {depositsOf(data.unmatchedDeposits).map((deposit) => (
                    <Checkbox
                      key={deposit.id}
                      checked={pickedDeposits.includes(deposit.id)}
                      onChange={() => setPickedDeposits((list) => toggle(list, deposit.id))}
                      label={<DepositLine deposit={deposit} />}
                      styles={{ labelWrapper: { flex: 1 }, body: { alignItems: 'flex-start' } }}
                      data-testid={`check-deposit-${deposit.id}`}
                    />
                  ))}
                </Stack>
              </Card>
            </SimpleGrid>
            {(pickedCredits.length > 0 || pickedDeposits.length > 0) && (
              <Group justify="space-between" gap="sm">
                <Text size="sm" c={pickedCreditsCents === pickedDepositsCents ? undefined : 'red'}>
                  {t('check.pickedSums', {
                    credits: moneyInText(pickedCreditsCents),
                    deposits: moneyInText(pickedDepositsCents),
                  })}
                </Text>
                <Button
                  leftSection={<IconCircleCheck size={16} />}
                  disabled={
                    pickedCredits.length === 0 ||
                    pickedDeposits.length === 0 ||
                    pickedCreditsCents !== pickedDepositsCents
                  }
                  onClick={() => ask([{ creditIds: pickedCredits, depositIds: pickedDeposits }])}
                  data-testid="check-convalidate-picked"
                >
                  {t('check.convalidatePicked')}
                </Button>
              </Group>
            )}
          </Section>
        </Stack>
      )}
      <ConfirmModal
        opened={asked !== null}
        title={t('check.confirmTitle')}
        message={
          asked
            ? t('check.confirmMessage', {
                count: askedDeposits.length,
                amount: moneyInText(total(askedDeposits, depositsOf)),
                lines: asked.flatMap((pairing) => pairing.creditIds).length,
              })
            : ''
        }
        confirmLabel={t('check.convalidate')}
        loading={busy}
        error={failure ? errorMessage(failure, t) : null}
        onConfirm={() => void confirm()}
        onClose={() => setAsked(null)}
      />
    </>
  );
}
