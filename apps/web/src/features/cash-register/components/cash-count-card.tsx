import { type CashDenomination, cashDenominations, smallestNote } from '@bottega/contracts/cash-register';
import { formatMoney } from '@bottega/contracts/money';
import { Badge, Card, Group, Table, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCheck } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { type CashReportFormValues, parseCount, signedAmount } from '../cash-report-form';
import { moveDownOnEnter } from './cash-figures-card';

const groups: { key: 'notes' | 'coins'; denominations: CashDenomination[] }[] = [
  { key: 'notes', denominations: cashDenominations.filter((denomination) => denomination >= smallestNote) },
  { key: 'coins', denominations: cashDenominations.filter((denomination) => denomination < smallestNote) },
];

/**
 * The notes and coins in the till, one row per denomination: how many, their value, the running total and
 * whether it equals the day's cash plus the cash fund (§5: the count must match the cash).
 */
export function CashCountCard(props: {
  form: UseFormReturnType<CashReportFormValues>;
  totalCents: number;
  /** The day's cash plus the fund as typed; null while either is missing. */
  expectedCents: number | null;
  matches: boolean;
  readOnly: boolean;
}) {
  const { t } = useTranslation('cash-register');
  const { form, readOnly } = props;
  const difference = props.expectedCents === null ? null : props.totalCents - props.expectedCents;

  return (
    <Card withBorder padding={0} data-cash-column="count">
      <div style={{ padding: 'var(--mantine-spacing-md)', paddingBottom: 'var(--mantine-spacing-xs)' }}>
        <Title order={2} size="h4">
          {t('count.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('count.description')}
        </Text>
      </div>
      <Table verticalSpacing={4} data-testid="cash-count">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('count.columns.denomination')}</Table.Th>
            <Table.Th w={100}>{t('count.columns.quantity')}</Table.Th>
            <Table.Th ta="end">{t('count.columns.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((group) => (
            <Fragment key={group.key}>
              <Table.Tr>
                <Table.Td colSpan={3} bg="var(--mantine-color-default-hover)" py={4}>
                  <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                    {t(`count.${group.key}`)}
                  </Text>
                </Table.Td>
              </Table.Tr>
              {group.denominations.map((denomination) => {
                const key = String(denomination);
                const path = `cashCount.${key}`;
                const text = form.values.cashCount[key] ?? '';
                const quantity = parseCount(text);
                const line = quantity !== null && Number.isInteger(quantity) ? quantity * denomination : null;
                const name = formatMoney(denomination);
                return (
                  <Table.Tr key={key}>
                    <Table.Td>
                      <Text component="label" htmlFor={`cash-count-${key}`} size="sm" fw={500}>
                        <bdi dir="ltr">{name}</bdi>
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        id={`cash-count-${key}`}
                        size="xs"
                        value={text}
                        onChange={(event) => form.setFieldValue(path, event.currentTarget.value)}
                        onBlur={() => {
                          if (form.errors[path]) form.validateField(path);
                        }}
                        onKeyDown={moveDownOnEnter}
                        error={form.errors[path]}
                        readOnly={readOnly}
                        variant={readOnly ? 'filled' : 'default'}
                        inputMode="numeric"
                        placeholder="0"
                        autoComplete="off"
                        dir="ltr"
                        styles={{ input: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' } }}
                        aria-label={t('count.quantityOf', { denomination: name })}
                        data-cash-input
                        data-testid={`cash-count-${key}`}
                      />
                    </Table.Td>
                    <Table.Td ta="end" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                      <Text span size="sm" c={line ? undefined : 'dimmed'} dir="ltr">
                        {formatMoney(line ?? 0)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Fragment>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>{t('count.total')}</Table.Th>
            <Table.Th colSpan={2} ta="end">
              <Text span fw={700} size="lg" dir="ltr" data-testid="cash-count-total" data-matches={props.matches}>
                {formatMoney(props.totalCents)}
              </Text>
            </Table.Th>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>
              <Text size="sm">{t('count.expected')}</Text>
            </Table.Td>
            <Table.Td colSpan={2} ta="end">
              <Text span size="sm" dir="ltr" c={props.expectedCents === null ? 'dimmed' : undefined}>
                {props.expectedCents === null ? '—' : formatMoney(props.expectedCents)}
              </Text>
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      <Group p="md" pt="xs" justify="flex-end" data-testid="cash-count-result" data-matches={props.matches}>
        {props.expectedCents === null ? (
          <Text size="sm" c="dimmed">
            {t('count.waiting')}
          </Text>
        ) : props.matches ? (
          <Badge color="teal" variant="light" size="lg" tt="none" leftSection={<IconCheck size={14} />}>
            {t('count.matches')}
          </Badge>
        ) : (
          <Badge color="red" variant="filled" size="lg" tt="none">
            {t('count.differs')} <bdi dir="ltr">{signedAmount(difference ?? 0)}</bdi>
          </Badge>
        )}
      </Group>
    </Card>
  );
}
