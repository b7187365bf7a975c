// The customer's inputs of an invoice (spec §3 Invoice), shared by the cash report's request modal and
// accounting's edit page: a private customer (name, surname, fiscal code) or a business (name, VAT number, SDI
// code or PEC), the address and the contacts. An address outside Italy needs no province nor fiscal code.
import { Divider, Grid, SegmentedControl, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { type InvoiceFieldName, type InvoiceFormValues, invoiceFieldShown } from './invoice-form';

const codeInput = { dir: 'ltr', styles: { input: { textTransform: 'uppercase' as const } } };
/** Names and addresses are mostly Italian: each follows the direction of what is typed, also in Arabic. */
const freeText = { dir: 'auto' };

export function InvoiceCustomerFields(props: { form: UseFormReturnType<InvoiceFormValues>; readOnly: boolean }) {
  const { t } = useTranslation('invoices');
  const { form } = props;
  const customerType = form.values.customerType;
  const italian = form.values.state.trim().toUpperCase() === 'IT';
  const field = (name: InvoiceFieldName, extra: Record<string, unknown> = {}) =>
    invoiceFieldShown(customerType, name) ? (
      <TextInput
        label={t(`fields.${name}${name === 'name' ? `.${customerType}` : ''}`)}
        readOnly={props.readOnly}
        {...extra}
        {...form.getInputProps(name)}
        data-testid={`invoice-field-${name}`}
      />
    ) : null;
  const required = { required: !props.readOnly };

  return (
    <>
      <SegmentedControl
        data={[
          { value: 'person', label: t('customerTypes.person') },
          { value: 'company', label: t('customerTypes.company') },
        ]}
        disabled={props.readOnly}
        value={customerType}
        onChange={(value) => {
          // What was wrong for the other kind of customer is no longer what is asked.
          form.clearErrors();
          form.setFieldValue('customerType', value as InvoiceFormValues['customerType']);
        }}
        aria-label={t('fields.customerType')}
        data-testid="invoice-field-customerType"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {field('name', { ...required, ...freeText, maxLength: 200 })}
        {field('surname', { ...required, ...freeText, maxLength: 100 })}
        {field('vatNumber', {
          required: !props.readOnly && italian,
          ...codeInput,
          maxLength: 13,
          inputMode: 'numeric',
        })}
        {field('fiscalCode', {
          ...codeInput,
          required: !props.readOnly && customerType === 'person' && italian,
          description: customerType === 'company' ? t('hints.companyFiscalCode') : undefined,
          maxLength: 16,
        })}
      </SimpleGrid>
      <Divider label={t('form.address')} labelPosition="left" />
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 9 }}>{field('street', { ...required, ...freeText, maxLength: 200 })}</Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          {field('streetNumber', { ...required, ...freeText, maxLength: 20 })}
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          {field('cap', { ...required, dir: 'ltr', inputMode: 'numeric', maxLength: 5 })}
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 5 }}>{field('city', { ...required, ...freeText, maxLength: 100 })}</Grid.Col>
        <Grid.Col span={{ base: 6, sm: 2 }}>
          {field('province', { required: !props.readOnly && italian, ...codeInput, maxLength: 2 })}
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 2 }}>{field('state', { ...required, ...codeInput, maxLength: 2 })}</Grid.Col>
      </Grid>
      <Divider label={t('form.delivery')} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {field('sdiCode', {
          ...codeInput,
          required: !props.readOnly && italian && customerType === 'company' && form.values.pec.trim() === '',
          description: t('hints.sdiCode'),
          maxLength: 7,
        })}
        {field('pec', { dir: 'ltr', type: 'email', description: t('hints.pec'), maxLength: 254 })}
        {field('email', { dir: 'ltr', type: 'email', maxLength: 254 })}
        {field('telephone', { dir: 'ltr', type: 'tel', maxLength: 30 })}
      </SimpleGrid>
    </>
  );
}
