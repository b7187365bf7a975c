// One cell of the week grid, edited: a shift (start, stop, break in hours and minutes, notes) or a time-off with its
// reason (spec §3 Shift, §9). Opened from the grid with a click, a tap or Enter; Enter in a field saves.
import { clockTimeSchema, type ShiftCell, type TimeOffReason, timeOffReasons } from '@bottega/contracts/shifts';
import { Button, Group, Modal, NumberInput, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinutes } from '../../../lib/format-duration';
import { cellMinutes } from '../week-grid';

type Draft = {
  kind: 'shift' | 'timeOff';
  start: string;
  stop: string;
  breakHours: number;
  breakMinutes: number;
  reason: TimeOffReason;
  notes: string;
};

const emptyDraft: Draft = {
  kind: 'shift',
  start: '09:00',
  stop: '18:00',
  breakHours: 1,
  breakMinutes: 0,
  reason: 'holidays',
  notes: '',
};

function draftOf(cell: ShiftCell | undefined): Draft {
  if (!cell) return emptyDraft;
  if (cell.kind === 'timeOff') return { ...emptyDraft, kind: 'timeOff', reason: cell.reason, notes: cell.notes };
  return {
    ...emptyDraft,
    start: cell.start,
    stop: cell.stop,
    breakHours: Math.floor(cell.breakMinutes / 60),
    breakMinutes: cell.breakMinutes % 60,
    notes: cell.notes,
  };
}

/** The cell a draft makes, or null while a time is not a valid HH:MM. */
export function cellOfDraft(draft: Draft): ShiftCell | null {
  if (draft.kind === 'timeOff') return { kind: 'timeOff', reason: draft.reason, notes: draft.notes.trim() };
  if (!clockTimeSchema.safeParse(draft.start).success || !clockTimeSchema.safeParse(draft.stop).success) return null;
  return {
    kind: 'shift',
    start: draft.start,
    stop: draft.stop,
    breakMinutes: (draft.breakHours || 0) * 60 + (draft.breakMinutes || 0),
    notes: draft.notes.trim(),
  };
}

export function CellEditor(props: {
  opened: boolean;
  title: string;
  day: string;
  cell: ShiftCell | undefined;
  onSave: (cell: ShiftCell) => void;
  onClear: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('shifts');
  const [draft, setDraft] = useState<Draft>(() => draftOf(props.cell));
  useEffect(() => {
    if (props.opened) setDraft(draftOf(props.cell));
  }, [props.opened, props.cell]);
  const cell = cellOfDraft(draft);
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const save = () => {
    if (cell) props.onSave(cell);
  };

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack gap="sm">
          <SegmentedControl
            fullWidth
            value={draft.kind}
            onChange={(kind) => set({ kind: kind as Draft['kind'] })}
            data={[
              { value: 'shift', label: t('cell.shift') },
              { value: 'timeOff', label: t('cell.timeOff') },
            ]}
            data-testid="cell-kind"
          />
          {draft.kind === 'shift' ? (
            <>
              <Group grow>
                <TimeInput
                  label={t('cell.start')}
                  value={draft.start}
                  onChange={(event) => set({ start: event.currentTarget.value })}
                  error={clockTimeSchema.safeParse(draft.start).success ? undefined : t('cell.timeInvalid')}
                  data-testid="cell-start"
                  data-autofocus
                />
                <TimeInput
                  label={t('cell.stop')}
                  value={draft.stop}
                  onChange={(event) => set({ stop: event.currentTarget.value })}
                  error={clockTimeSchema.safeParse(draft.stop).success ? undefined : t('cell.timeInvalid')}
                  data-testid="cell-stop"
                />
              </Group>
              <Group grow>
                <NumberInput
                  label={t('cell.breakHours')}
                  min={0}
                  max={8}
                  clampBehavior="strict"
                  allowDecimal={false}
                  value={draft.breakHours}
                  onChange={(value) => set({ breakHours: Number(value) || 0 })}
                  data-testid="cell-break-hours"
                />
                <NumberInput
                  label={t('cell.breakMinutes')}
                  min={0}
                  max={59}
                  step={5}
                  clampBehavior="strict"
                  allowDecimal={false}
                  value={draft.breakMinutes}
                  onChange={(value) => set({ breakMinutes: Number(value) || 0 })}
                  data-testid="cell-break-minutes"
                />
              </Group>
              {cell && (
                <Text size="sm" c="dimmed" data-testid="cell-worked">
                  {t('cell.worked', { time: formatMinutes(cellMinutes(props.day, cell)) })}
                  {cell.kind === 'shift' && cell.stop <= cell.start ? ` · ${t('cell.overnight')}` : ''}
                </Text>
              )}
            </>
          ) : (
            <Select
              label={t('cell.reason')}
              value={draft.reason}
              onChange={(reason) => reason && set({ reason: reason as TimeOffReason })}
              data={timeOffReasons.map((reason) => ({ value: reason, label: t(`timeOff.${reason}`) }))}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-testid="cell-reason"
            />
          )}
          <Textarea
            label={t('cell.notes')}
            value={draft.notes}
            maxLength={500}
            autosize
            minRows={1}
            onChange={(event) => set({ notes: event.currentTarget.value })}
          />
          <Group justify="space-between" mt="xs">
            <Button variant="subtle" color="red" onClick={props.onClear} disabled={!props.cell}>
              {t('cell.clear')}
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={props.onClose}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" disabled={!cell} data-testid="cell-save">
                {t('cell.apply')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
