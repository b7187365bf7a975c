// How a folder's items are ordered, named in the grid and selected: pure, so they are tested alone.
import { type FileItem, gridNameLength } from '@bottega/contracts/files';

export type SortColumn = 'name' | 'size' | 'date';
export type Sort = { column: SortColumn; direction: 'asc' | 'desc' };

/** Spec §4: a click on the sorted column turns its order round; another column starts ascending. */
export function nextSort(current: Sort, column: SortColumn): Sort {
  if (current.column !== column) return { column, direction: 'asc' };
  return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

const names = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Folders first, then by the column; equal sizes or dates fall back on the name. */
export function sortItems(items: readonly FileItem[], sort: Sort): FileItem[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const byColumn = (a: FileItem, b: FileItem) => {
    if (sort.column === 'size') return a.size - b.size;
    if (sort.column === 'date') return a.timestamp - b.timestamp;
    return 0;
  };
  return [...items].sort((a, b) => {
    const folders = Number(b.type === 'folder') - Number(a.type === 'folder');
    if (folders !== 0) return folders;
    return sign * (byColumn(a, b) || names.compare(a.basename, b.basename));
  });
}

/**
 * Spec §9: a long name is shortened in the middle to about `length` characters in grid view, keeping a short
 * extension so the kind stays readable (`relaz…-2026.pdf`; the full name is in its tooltip). Counted in
 * characters, not UTF-16 units.
 */
export function shortenName(name: string, length = gridNameLength): string {
  const characters = Array.from(name);
  if (characters.length <= length) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(name.slice(dot)) : [];
  const kept = extension.length > 0 && extension.length <= 6 ? extension : [];
  const stem = characters.slice(0, characters.length - kept.length);
  // The start and the end of the name stay (a date, a number at the end tells files apart), the middle goes.
  const room = length - kept.length - 1;
  const head = Math.ceil(room / 2);
  return `${stem.slice(0, head).join('')}…${stem.slice(stem.length - (room - head)).join('')}${kept.join('')}`;
}

export type SelectMode = 'single' | 'toggle' | 'range';
export type Selection = { paths: ReadonlySet<string>; anchor: string | null };
export const noSelection: Selection = { paths: new Set(), anchor: null };

/**
 * A click on an item: alone it selects only that item; with Ctrl/Cmd it adds or removes it; with
 * Shift it selects every item from the last one clicked (the anchor) to it, in the order shown.
 */
export function selectItem(selection: Selection, order: readonly string[], path: string, mode: SelectMode): Selection {
  if (mode === 'toggle') {
    const paths = new Set(selection.paths);
    if (paths.has(path)) paths.delete(path);
    else paths.add(path);
    return { paths, anchor: path };
  }
  if (mode === 'range' && selection.anchor !== null && order.includes(selection.anchor)) {
    const from = order.indexOf(selection.anchor);
    const to = order.indexOf(path);
    const [start, end] = from <= to ? [from, to] : [to, from];
    return { paths: new Set(order.slice(start, end + 1)), anchor: selection.anchor };
  }
  return { paths: new Set([path]), anchor: path };
}

/** The select-all checkbox: everything, or nothing when everything was selected. */
export function toggleAll(selection: Selection, order: readonly string[]): Selection {
  const all = order.length > 0 && order.every((path) => selection.paths.has(path));
  return all ? noSelection : { paths: new Set(order), anchor: selection.anchor };
}
