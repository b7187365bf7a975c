// The club settings form: the loyalty levels as editable rows and the body they become, checked with the contracts'
// schema (first level from 0 points, thresholds rising, names unique, 1 to 10 levels), each refusal worded with its
// numbers as the server words it. Rows need no manual ordering: they are put in order of threshold before the check.
import { type ClubSettings, clubSettingsSchema, maxLoyaltyLevels } from '@bottega/contracts/customers';
import type { TFunction } from 'i18next';
import { issueMessage } from '../../lib/form-validation';

export type LevelRow = {
  /** Stable across edits, for React's keys. */
  key: string;
  name: string;
  /** A NumberInput's value: a number, or the text while it is typed (empty included). */
  minPoints: number | string;
  discountPercent: number | string;
};

export type ClubSettingsValues = { levels: LevelRow[]; registrationSuspended: boolean };

export function settingsValuesOf(settings: ClubSettings): ClubSettingsValues {
  return {
    levels: settings.levels.map((level, index) => ({ key: `level-${index}`, ...level })),
    registrationSuspended: settings.registrationSuspended,
  };
}

/** An empty field goes as null, so the check answers "required"; typed text that is no number as is ("invalid"). */
function numberOf(value: number | string): number {
  if (value === '' || value === null) return null as unknown as number;
  const number = Number(value);
  return Number.isNaN(number) ? (value as unknown as number) : number;
}

export function settingsBodyOf(values: ClubSettingsValues): ClubSettings {
  return {
    levels: values.levels.map((level) => ({
      name: level.name,
      minPoints: numberOf(level.minPoints),
      discountPercent: numberOf(level.discountPercent),
    })),
    registrationSuspended: values.registrationSuspended,
  };
}

/** A new row after the last: 100 points over it and its discount, so it starts out valid but for its name. */
export function newLevelRow(levels: readonly LevelRow[], key: string): LevelRow {
  const last = levels.at(-1);
  const lastPoints = typedNumber(last?.minPoints);
  return {
    key,
    name: '',
    minPoints: last ? (lastPoints === null ? '' : lastPoints + 100) : 0,
    discountPercent: typedNumber(last?.discountPercent) ?? 0,
  };
}

/** What a NumberInput holds as a number, null while it holds none. */
function typedNumber(value: number | string | undefined): number | null {
  if (value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

export function mayAddLevel(levels: readonly unknown[]): boolean {
  return levels.length < maxLoyaltyLevels;
}

/** The rows by threshold, lowest first (a row without a number yet stays last); equal thresholds keep their order. */
export function levelsInOrder(levels: readonly LevelRow[]): LevelRow[] {
  const points = (level: LevelRow) => typedNumber(level.minPoints) ?? Number.POSITIVE_INFINITY;
  return [...levels].sort((first, second) => points(first) - points(second));
}

/**
 * Field (`levels.1.minPoints`, `levels` for the list itself) → message; empty when the settings may be saved. The
 * levels' own checks carry their numbers (the least threshold allowed), which the message shows.
 */
export function settingsErrors(body: ClubSettings, t: TFunction): Record<string, string> {
  const result = clubSettingsSchema.safeParse(body, { reportInput: true });
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || '_';
    const params = issue.code === 'custom' ? (issue.params as Record<string, unknown> | undefined) : undefined;
    const { rule, ...values } = params ?? {};
    errors[field] ??= typeof rule === 'string' ? t(`validation:${rule}`, values) : issueMessage(issue, t);
  }
  return errors;
}
