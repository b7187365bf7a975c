// Marketing › discounted-sales (spec §2): the receipt lines sold with a discount in a period (this month to start
// with, at most 366 days), by shop, product and customer, with their totals, a page at a time, and the same lines as
// CSV. What is chosen lives in the address; a period too long is said on the field and not asked for.
import '@mantine/dates/styles.css';
import { businessDate } from '@bottega/contracts/dates';
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCalendar, IconPackage, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddressParams } from '../../../lib/address-params';
import { DateRangeInput } from '../../../ui/date-range-input';
import { DownloadButton } from '../../../ui/download-button';
import { Money } from '../../../ui/money';
import { PageHeader } from '../../../ui/page-header';
import { ShopFilter } from '../../../ui/shop-filter';
import { listPerPage } from '../../../ui/use-list-page';
import { useCustomerShops } from '../components/customer-list-screen';
import { SaleLinesTable } from '../components/sale-lines-table';
import { currentMonthPeriod, idParam, pageParam, periodError, periodFromParams } from '../customer-query';
import { type DiscountedSalesFilters, downloadDiscountedSales, useDiscountedSales } from '../customers.api';

type Range = [string | null, string | null];

/** A text filter typed freely, sent to the address once typing pauses, and following the address otherwise. */
function useAddressText(name: string, params: URLSearchParams, change: (next: Record<string, string | null>) => void) {
  const inAddress = params.get(name) ?? '';
  const [value, setValue] = useState(inAddress);
  const [debounced] = useDebouncedValue(value.trim(), 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address follows the box once typing pauses
  useEffect(() => {
    if (debounced !== inAddress) change({ [name]: debounced, page: null });
  }, [debounced]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: and the box the address when it changes otherwise
  useEffect(() => {
    if (inAddress !== debounced) setValue(inAddress);
  }, [inAddress]);
  return { value, setValue, sent: inAddress };
}

function Total({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz="lg" fw={700} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Text>
    </Card>
  );
}

export default function DiscountedSalesPage() {
  const periodId = useId();
  const { t } = useTranslation(['customers', 'errors', 'validation']);
  const [params, change] = useAddressParams();
  const month = currentMonthPeriod(businessDate());
  // A period the address holds that the server would refuse (typed by hand) falls back to the month.
  const asked = periodFromParams(params);
  const period = asked && periodError(asked, t) === null ? asked : month;
  const [range, setRange] = useState<Range>([period.from, period.to]);
  const shopId = idParam(params.get('shop'));
  const page = pageParam(params.get('page'));
  const product = useAddressText('product', params, change);
  const customer = useAddressText('customer', params, change);
  const { shops, show: showShops } = useCustomerShops();
  const rangeError = range[0] && range[1] ? periodError({ from: range[0], to: range[1] }, t) : null;

  const filters: DiscountedSalesFilters = {
    shopId: shopId ?? undefined,
    from: period.from,
    to: period.to,
    product: product.sent || undefined,
    customer: customer.sent || undefined,
  };
  const sales = useDiscountedSales({ ...filters, page, perPage: listPerPage });
  const totals = sales.data?.totals;
  const filtered = shopId !== null || product.sent !== '' || customer.sent !== '';
  const fileName = `${t('discounted.fileName')}-${period.from}-${period.to}.csv`;

  const choosePeriod = (value: Range) => {
    setRange(value);
    const [from, to] = value;
    if (from && to && periodError({ from, to }, t) === null) {
      const isMonth = from === month.from && to === month.to;
      change({ from: isMonth ? null : from, to: isMonth ? null : to, page: null });
    }
  };

  return (
    <>
      <PageHeader
        title={t('discounted.title')}
        description={t('discounted.description')}
        actions={
          <DownloadButton
            download={() => downloadDiscountedSales(filters, fileName)}
            label={t('discounted.export')}
            fileName={fileName}
          >
            {t('discounted.export')}
          </DownloadButton>
        }
      />
      <Stack gap="lg">
        <Card withBorder padding="md">
          <Group gap="sm" align="flex-start">
            {/* Named by its label and the dates it shows, so a voice command can say what is read on it. */}
            <VisuallyHidden id={`${periodId}-label`}>{t('discounted.period')}</VisuallyHidden>
            <DateRangeInput
              id={periodId}
              aria-labelledby={`${periodId}-label ${periodId}`}
              leftSection={<IconCalendar size={16} />}
              value={range}
              onChange={(value) => choosePeriod(value as Range)}
              allowSingleDateInRange
              error={rangeError}
              w={{ base: '100%', xs: 250 }}
              data-testid="discounted-period"
            />
            {showShops && (
              <ShopFilter
                shops={shops}
                value={shopId ?? undefined}
                onChange={(value) => change({ shop: value, page: null })}
                testId="discounted-shop"
              />
            )}
            <TextInput
              placeholder={t('discounted.product')}
              aria-label={t('discounted.product')}
              leftSection={<IconPackage size={16} />}
              value={product.value}
              onChange={(event) => product.setValue(event.currentTarget.value)}
              maxLength={100}
              w={{ base: '100%', xs: 220 }}
              data-testid="discounted-product"
            />
            <TextInput
              placeholder={t('discounted.customer')}
              aria-label={t('discounted.customer')}
              leftSection={<IconSearch size={16} />}
              value={customer.value}
              onChange={(event) => customer.setValue(event.currentTarget.value)}
              maxLength={100}
              w={{ base: '100%', xs: 220 }}
              data-testid="discounted-customer"
            />
            {filtered && (
              <Button
                variant="subtle"
                onClick={() => {
                  product.setValue('');
                  customer.setValue('');
                  change({ shop: null, product: null, customer: null, page: null });
                }}
              >
                {t('filters.clear')}
              </Button>
            )}
          </Group>
        </Card>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" aria-live="polite">
          <Total label={t('discounted.totals.lines')} testId="discounted-total-lines">
            {totals?.lines ?? '–'}
          </Total>
          <Total label={t('discounted.totals.pieces')} testId="discounted-total-pieces">
            {totals?.pieces ?? '–'}
          </Total>
          <Total label={t('discounted.totals.amount')} testId="discounted-total-amount">
            <Money cents={totals?.amountCents} />
          </Total>
          <Total label={t('discounted.totals.discount')} testId="discounted-total-discount">
            <Money cents={totals?.discountCents} />
          </Total>
          <Total label={t('discounted.totals.subtotal')} testId="discounted-total-subtotal">
            <Money cents={totals?.subtotalCents} />
          </Total>
        </SimpleGrid>
        <Card withBorder padding={0}>
          <SaleLinesTable
            query={sales}
            withCard
            filtered={filtered}
            page={page}
            onPage={(next) => change({ page: next === 1 ? null : String(next) })}
            testIdPrefix="discounted"
          />
        </Card>
      </Stack>
    </>
  );
}
