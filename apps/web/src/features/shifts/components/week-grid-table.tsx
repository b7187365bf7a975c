// The week grid: people down, Monday to Sunday across, one button per cell. Arrow keys (Home/End) move between cells,
// Enter or a tap opens the cell, Delete empties it, Ctrl+C / Ctrl+V copy a cell to another. A cell's warnings sit
// on it (an icon with their text), a person's week warnings beside the name; closed days are marked in the header.
import type { ShiftCell, ShiftTemplate, ShiftWarning, ShiftWeek } from '@bottega/contracts/shifts';
import {
  Badge,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
  useDirection,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPlus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { formatMinutes } from '../../../lib/format-duration';
import { cellKey, cellMinutes, type Grid, moveInGrid } from '../week-grid';
import classes from './week-grid-table.module.css';

export function warningText(t: TFunction, warning: ShiftWarning): string {
  return t(`shifts:warnings.${warning.code}`, { time: formatMinutes(warning.minutes) });
}

function weekdayName(day: string, lng: string): string {
  return new Intl.DateTimeFormat(lng, { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

function CellContent({ cell, day, t }: { cell: ShiftCell | undefined; day: string; t: TFunction }) {
  if (!cell) return <IconPlus size={16} className={classes.empty} aria-hidden />;
  if (cell.kind === 'timeOff') {
    return (
      <Badge variant="light" color={cell.reason === 'shopClosed' ? 'gray' : 'grape'} size="sm" maw="100%">
        {t(`timeOff.${cell.reason}`)}
      </Badge>
    );
  }
  return (
    <Stack gap={0} align="center">
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} dir="ltr">
        {cell.start}–{cell.stop}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {formatMinutes(cellMinutes(day, cell))}
        {cell.breakMinutes > 0 ? ` · ${t('grid.break', { time: formatMinutes(cell.breakMinutes) })}` : ''}
      </Text>
    </Stack>
  );
}

export function WeekGridTable(props: {
  week: ShiftWeek;
  grid: Grid;
  templates: ShiftTemplate[];
  warnings: ShiftWarning[];
  editable: boolean;
  onOpenCell: (userId: number, day: string) => void;
  onClearCell: (userId: number, day: string) => void;
  onPasteCell: (userId: number, day: string) => void;
  onCopyCell: (userId: number, day: string) => void;
  onTemplate: (userId: number, templateId: number | null) => void;
}) {
  const { t, i18n } = useTranslation('shifts');
  const { dir } = useDirection();
  const { week, grid } = props;
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const closed = new Map(week.closedDays.map((closure) => [closure.day, closure.reason]));
  const availability = new Map(week.availability.map((said) => [cellKey(said.userId, said.day), said]));
  const validated = new Map(week.members.map((member) => [member.userId, member.validatedAt]));
  const templateOptions = props.templates.map((template) => ({ value: String(template.id), label: template.name }));

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, row: number, column: number) => {
    const member = grid.members[row];
    const day = week.days[column];
    if (!member || !day) return;
    const next = moveInGrid(
      { row, column },
      event.key,
      { rows: grid.members.length, columns: week.days.length },
      dir === 'rtl',
    );
    if (next) {
      event.preventDefault();
      const target = grid.members[next.row];
      buttons.current.get(cellKey(target?.userId ?? 0, week.days[next.column] ?? ''))?.focus();
      return;
    }
    if (!props.editable) return;
    const modifier = event.ctrlKey || event.metaKey;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      props.onClearCell(member.userId, day);
    } else if (modifier && event.key.toLowerCase() === 'c') {
      event.preventDefault();
      props.onCopyCell(member.userId, day);
    } else if (modifier && event.key.toLowerCase() === 'v') {
      event.preventDefault();
      props.onPasteCell(member.userId, day);
    }
  };

  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table withColumnBorders withTableBorder className={classes.grid} data-testid="week-grid">
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.sticky}>{t('grid.person')}</Table.Th>
            {week.days.map((day) => (
              <Table.Th key={day} ta="center" data-testid={`day-${day}`}>
                <Text size="sm" fw={600} tt="capitalize">
                  {weekdayName(day, i18n.language)}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDate(day).slice(0, 5)}
                </Text>
                {closed.has(day) && (
                  <Tooltip label={closed.get(day) || t('grid.noOpeningHours')} withArrow>
                    <Badge size="xs" color="gray" variant="outline" data-testid="day-closed">
                      {t('grid.closed')}
                    </Badge>
                  </Tooltip>
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {grid.members.map((member, row) => {
            const rowWarnings = props.warnings.filter((w) => w.employeeId === member.userId && w.date === null);
            const planned = week.days.reduce(
              (total, day) => total + cellMinutes(day, grid.cells.get(cellKey(member.userId, day))),
              0,
            );
            const template = props.templates.find((entry) => entry.id === member.templateId);
            return (
              <Table.Tr key={member.userId} data-testid={`grid-row-${member.userId}`}>
                <Table.Td className={classes.sticky}>
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm" fw={600} lineClamp={1}>
                      {member.name}
                    </Text>
                    {validated.get(member.userId) && (
                      <Tooltip label={t('grid.validated', { date: formatDate(validated.get(member.userId)) })}>
                        <IconCircleCheck
                          size={16}
                          color="var(--mantine-color-green-6)"
                          aria-label={t('grid.validatedShort')}
                        />
                      </Tooltip>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed" data-testid="row-total">
                    {template
                      ? t('grid.totalOfTemplate', {
                          time: formatMinutes(planned),
                          template: formatMinutes(template.weeklyMinutes),
                        })
                      : t('grid.total', { time: formatMinutes(planned) })}
                  </Text>
                  <Select
                    size="xs"
                    mt={4}
                    placeholder={t('grid.noTemplate')}
                    data={templateOptions}
                    value={member.templateId === null ? null : String(member.templateId)}
                    onChange={(value) => props.onTemplate(member.userId, value ? Number(value) : null)}
                    disabled={!props.editable}
                    clearable
                    aria-label={t('grid.templateOf', { name: member.name })}
                    comboboxProps={{ withinPortal: true }}
                    data-testid="row-template"
                  />
                  {rowWarnings.map((warning) => (
                    <Text key={warning.code} size="xs" c="orange.7" mt={4} data-testid="row-warning">
                      <IconAlertTriangle size={12} aria-hidden /> {warningText(t, warning)}
                    </Text>
                  ))}
                </Table.Td>
                {week.days.map((day, column) => {
                  const key = cellKey(member.userId, day);
                  const cell = grid.cells.get(key);
                  const cellWarnings = props.warnings.filter(
                    (warning) => warning.employeeId === member.userId && warning.date === day,
                  );
                  // The visible text is the cell's name; who and when, and the warnings, are read before and after it.
                  const said = availability.get(key);
                  const saidText = said
                    ? `${t(`grid.availability.${said.choice}`)}${said.notes ? ` (${said.notes})` : ''}`
                    : '';
                  const context = `${member.name}, ${formatDate(day)}${saidText ? `, ${saidText}` : ''}: ${cell ? '' : t('grid.emptyCell')}`;
                  const warningsText = cellWarnings.map((warning) => warningText(t, warning)).join(' · ');
                  return (
                    <Table.Td
                      key={day}
                      p={2}
                      className={closed.has(day) ? classes.closedDay : undefined}
                      data-warning={cellWarnings.length > 0 || undefined}
                    >
                      <UnstyledButton
                        ref={(element) => {
                          if (element) buttons.current.set(key, element);
                          else buttons.current.delete(key);
                        }}
                        className={classes.cell}
                        data-testid={`cell-${member.userId}-${day}`}
                        disabled={!props.editable && !cell}
                        onClick={() => props.editable && props.onOpenCell(member.userId, day)}
                        onKeyDown={(event) => onKeyDown(event, row, column)}
                      >
                        <VisuallyHidden>{context}</VisuallyHidden>
                        <CellContent cell={cell} day={day} t={t} />
                        {warningsText && <VisuallyHidden>{`. ${warningsText}`}</VisuallyHidden>}
                        {cellWarnings.length > 0 && (
                          <Tooltip label={warningsText} multiline w={240} withArrow>
                            <IconAlertTriangle
                              size={14}
                              className={classes.warning}
                              data-testid="cell-warning"
                              aria-hidden
                            />
                          </Tooltip>
                        )}
                        {said && (
                          <Tooltip label={saidText} disabled={!said.notes} withArrow>
                            <Badge
                              size="xs"
                              variant="dot"
                              color={said.choice === 'off' ? 'red' : 'cyan'}
                              mt={2}
                              aria-hidden
                              data-testid="cell-availability"
                            >
                              {t(`grid.availability.${said.choice}`)}
                            </Badge>
                          </Tooltip>
                        )}
                        {cell?.notes ? (
                          <Text size="xs" c="dimmed" lineClamp={1} maw="100%">
                            {cell.notes}
                          </Text>
                        ) : null}
                      </UnstyledButton>
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
