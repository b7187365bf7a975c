// A file's lines as a table that is quick with a keyboard and on a tablet: the product code looked up in the catalogue
// as it is typed (its description filled in when picked), quantity, price and lot; Enter on a row's last cell adds a
// row below and goes to its code; rows pasted from a spreadsheet into a code cell become lines at once, and the rows
// that are not lines are reported, never dropped silently. Long files are shown a page of rows at a time.

import type { LogisticsImportRowError } from '@bottega/contracts/logistics';
import {
  ActionIcon,
  Alert,
  Autocomplete,
  Button,
  Group,
  Pagination,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type ClipboardEvent, type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { emptyLine, type LineDraft, parsePastedRows } from '../file-lines';
import { useLogisticsProducts } from '../logistics.api';
import classes from './lines-editor.module.css';
import { RowErrors } from './row-errors';

const rowsPerPage = 100;

function ProductCodeInput(props: {
  line: LineDraft;
  label: string;
  error?: string;
  onChange: (code: string, description?: string) => void;
  onPaste: (event: ClipboardEvent<HTMLInputElement>) => void;
  inputRef: (element: HTMLInputElement | null) => void;
  testId: string;
}) {
  const [search] = useDebouncedValue(props.line.productCode.trim(), 200);
  const products = useLogisticsProducts(search);
  const found = products.data ?? [];
  return (
    <Autocomplete
      className={classes.cell}
      aria-label={props.label}
      value={props.line.productCode}
      onChange={(value) => props.onChange(value)}
      onOptionSubmit={(code) =>
        props.onChange(code, found.find((product) => product.code === code)?.description ?? undefined)
      }
      // Codes as the options' values (a picked option's value is what the cell keeps), each shown with its text.
      data={found.map((product) => product.code)}
      renderOption={({ option }) =>
        `${option.value} · ${found.find((product) => product.code === option.value)?.description ?? ''}`
      }
      filter={({ options }) => options}
      onPaste={props.onPaste}
      ref={props.inputRef}
      error={props.error}
      maxLength={40}
      dir="ltr"
      autoComplete="off"
      data-testid={props.testId}
    />
  );
}

export function LinesEditor(props: {
  lines: LineDraft[];
  /** The lines, or how to change the latest ones (two changes in one event, a picked code and its text, both hold). */
  onChange: (lines: LineDraft[] | ((current: LineDraft[]) => LineDraft[])) => void;
  /** `lines.<index>.<field>` → the message to show under that cell. */
  errors: Record<string, string>;
}) {
  const { t } = useTranslation(['logistics', 'validation']);
  const { lines, onChange } = props;
  const [page, setPage] = useState(1);
  const [pasteErrors, setPasteErrors] = useState<LogisticsImportRowError[]>([]);
  const codeInputs = useRef(new Map<string, HTMLInputElement>());
  const pages = Math.max(1, Math.ceil(lines.length / rowsPerPage));
  const shownPage = Math.min(page, pages);
  const first = (shownPage - 1) * rowsPerPage;

  const focusCode = (key: string) => setTimeout(() => codeInputs.current.get(key)?.focus());
  const update = (index: number, change: Partial<LineDraft>) =>
    onChange((current) => current.map((line, at) => (at === index ? { ...line, ...change } : line)));
  const addAfter = (index: number) => {
    const line = emptyLine();
    onChange([...lines.slice(0, index + 1), line, ...lines.slice(index + 1)]);
    if (index + 1 >= first + rowsPerPage) setPage(Math.floor((index + 1) / rowsPerPage) + 1);
    focusCode(line.key);
  };
  const remove = (index: number) => onChange(lines.filter((_, at) => at !== index));

  /** Several cells or rows pasted into a code cell: lines in place of that row, the bad rows reported. */
  const paste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text/plain');
    if (!/[\t\n]/.test(text.trim())) return;
    event.preventDefault();
    const parsed = parsePastedRows(text);
    setPasteErrors(parsed.errors);
    const replaced = lines[index] && lines[index].productCode.trim() === '' ? 1 : 0;
    onChange([...lines.slice(0, index + 1 - replaced), ...parsed.lines, ...lines.slice(index + 1)]);
  };
  const enterAddsRow = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addAfter(index);
  };
  const cellError = (index: number, field: string) => {
    const rule = props.errors[`lines.${index}.${field}`];
    if (!rule) return undefined;
    // The form's own check gives a rule; the server's answer a message already in the person's language.
    return rule.includes(' ') ? rule : t(`validation:${rule}`, { min: 1, max: 1_000_000 });
  };

  return (
    <div>
      {pasteErrors.length > 0 && (
        <Alert color="red" mb="sm" withCloseButton onClose={() => setPasteErrors([])} data-testid="paste-errors">
          <Text size="sm" mb="xs">
            {t('lines.pasteErrors', { count: pasteErrors.length })}
          </Text>
          <RowErrors errors={pasteErrors} />
        </Alert>
      )}
      <ResponsiveTable verticalSpacing={4} horizontalSpacing="xs" data-testid="lines-editor">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>#</Table.Th>
            <Table.Th>{t('fields.productCode')}</Table.Th>
            <Table.Th>{t('fields.description')}</Table.Th>
            <Table.Th w={110}>{t('fields.quantity')}</Table.Th>
            <Table.Th w={120}>{t('fields.unitPrice')}</Table.Th>
            <Table.Th w={120}>{t('fields.lot')}</Table.Th>
            <Table.Th w={44} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.slice(first, first + rowsPerPage).map((line, offset) => {
            const index = first + offset;
            const row = index + 1;
            return (
              <Table.Tr key={line.key} data-testid={`line-${row}`}>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {row}
                  </Text>
                </Table.Td>
                <Table.Td data-label={t('fields.productCode')}>
                  <ProductCodeInput
                    line={line}
                    label={t('lines.cell', { field: t('fields.productCode'), row })}
                    error={cellError(index, 'productCode')}
                    onChange={(productCode, description) =>
                      update(index, {
                        productCode,
                        ...(description !== undefined && line.description === '' ? { description } : {}),
                      })
                    }
                    onPaste={paste(index)}
                    inputRef={(element) => {
                      if (element) codeInputs.current.set(line.key, element);
                      else codeInputs.current.delete(line.key);
                    }}
                    testId={`line-${row}-code`}
                  />
                </Table.Td>
                <Table.Td data-label={t('fields.description')}>
                  <TextInput
                    className={classes.cell}
                    aria-label={t('lines.cell', { field: t('fields.description'), row })}
                    value={line.description}
                    onChange={(event) => update(index, { description: event.currentTarget.value })}
                    maxLength={200}
                    data-testid={`line-${row}-description`}
                  />
                </Table.Td>
                <Table.Td data-label={t('fields.quantity')}>
                  <TextInput
                    className={classes.cell}
                    aria-label={t('lines.cell', { field: t('fields.quantity'), row })}
                    value={line.quantity}
                    onChange={(event) => update(index, { quantity: event.currentTarget.value })}
                    inputMode="numeric"
                    dir="ltr"
                    error={cellError(index, 'quantity')}
                    data-testid={`line-${row}-quantity`}
                  />
                </Table.Td>
                <Table.Td data-label={t('fields.unitPrice')}>
                  <TextInput
                    className={classes.cell}
                    aria-label={t('lines.cell', { field: t('fields.unitPrice'), row })}
                    value={line.price}
                    onChange={(event) => update(index, { price: event.currentTarget.value })}
                    inputMode="decimal"
                    leftSection="€"
                    dir="ltr"
                    error={cellError(index, 'unitPriceCents')}
                    data-testid={`line-${row}-price`}
                  />
                </Table.Td>
                <Table.Td data-label={t('fields.lot')}>
                  <TextInput
                    className={classes.cell}
                    aria-label={t('lines.cell', { field: t('fields.lot'), row })}
                    value={line.lot}
                    onChange={(event) => update(index, { lot: event.currentTarget.value })}
                    onKeyDown={enterAddsRow(index)}
                    maxLength={40}
                    data-testid={`line-${row}-lot`}
                  />
                </Table.Td>
                <Table.Td data-actions>
                  <Tooltip label={t('lines.remove', { row })}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('lines.remove', { row })}
                      onClick={() => remove(index)}
                      data-testid={`line-${row}-remove`}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </ResponsiveTable>
      <Group justify="space-between" mt="sm">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => addAfter(lines.length - 1)}
          data-testid="line-add"
        >
          {t('lines.add')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('lines.keyboardHint')}
        </Text>
        {pages > 1 && <Pagination value={shownPage} onChange={setPage} total={pages} size="sm" />}
      </Group>
    </div>
  );
}
