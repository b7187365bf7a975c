import type { FileItem } from '@bottega/contracts/files';
import { describe, expect, it } from 'vitest';
import { nextSort, noSelection, selectItem, shortenName, sortItems, toggleAll } from './file-listing';

function item(basename: string, type: FileItem['type'], size: number, timestamp: number): FileItem {
  return { path: `/${basename}`, dirname: '/', basename, type, size, timestamp, fileUrl: '' };
}

const items = [
  item('b.txt', 'text', 300, 30),
  item('Contratti', 'folder', 0, 10),
  item('a.pdf', 'pdf', 100, 20),
  item('file10.png', 'image', 200, 20),
  item('Archivio', 'folder', 0, 40),
  item('file2.png', 'image', 200, 50),
];
const names = (sorted: FileItem[]) => sorted.map((entry) => entry.basename);

describe('nextSort', () => {
  it('starts ascending and turns round on the same column', () => {
    const byName = { column: 'name', direction: 'asc' } as const;
    expect(nextSort(byName, 'size')).toEqual({ column: 'size', direction: 'asc' });
    expect(nextSort(byName, 'name')).toEqual({ column: 'name', direction: 'desc' });
    expect(nextSort(nextSort(byName, 'name'), 'name')).toEqual(byName);
  });
});

describe('sortItems', () => {
  it('keeps folders first in both directions', () => {
    expect(names(sortItems(items, { column: 'name', direction: 'asc' }))).toEqual([
      'Archivio',
      'Contratti',
      'a.pdf',
      'b.txt',
      'file2.png',
      'file10.png',
    ]);
    expect(names(sortItems(items, { column: 'name', direction: 'desc' }))).toEqual([
      'Contratti',
      'Archivio',
      'file10.png',
      'file2.png',
      'b.txt',
      'a.pdf',
    ]);
  });

  it('sorts by size and by date, equal values by name', () => {
    expect(names(sortItems(items, { column: 'size', direction: 'asc' })).slice(2)).toEqual([
      'a.pdf',
      'file2.png',
      'file10.png',
      'b.txt',
    ]);
    expect(names(sortItems(items, { column: 'date', direction: 'desc' }))).toEqual([
      'Archivio',
      'Contratti',
      'file2.png',
      'b.txt',
      'file10.png',
      'a.pdf',
    ]);
  });

  it('leaves the given list alone', () => {
    const copy = [...items];
    sortItems(items, { column: 'size', direction: 'desc' });
    expect(items).toEqual(copy);
  });
});

describe('shortenName', () => {
  it('keeps short names', () => {
    expect(shortenName('contratto.pdf')).toBe('contratto.pdf');
    expect(shortenName('123456789012345')).toBe('123456789012345');
  });

  it('shortens to 15 characters in the middle, keeping the start, the end and a short extension', () => {
    expect(shortenName('relazione-trimestrale-2026.pdf')).toBe('relaz…-2026.pdf');
    expect(Array.from(shortenName('relazione-trimestrale-2026.pdf'))).toHaveLength(15);
    expect(shortenName('una-cartella-dal-nome-lungo')).toBe('una-car…e-lungo');
    expect(shortenName('archivio.completo-di-tutto')).toBe('archivi…i-tutto');
    // Two long names that differ only at the end stay apart.
    expect(shortenName('verbale-assemblea-soci-gennaio.pdf')).not.toBe(
      shortenName('verbale-assemblea-soci-febbraio.pdf'),
    );
  });

  it('counts characters, not code units', () => {
    const shortened = shortenName('📁📁📁📁📁📁📁📁📁📁📁📁📁📁📁📁📁📁');
    expect(Array.from(shortened)).toHaveLength(15);
    expect(shortened).toBe('📁📁📁📁📁📁📁…📁📁📁📁📁📁📁');
  });
});

describe('selectItem', () => {
  const order = ['/a', '/b', '/c', '/d', '/e'];
  const paths = (selection: { paths: ReadonlySet<string> }) => [...selection.paths].sort();

  it('selects one item on a plain click', () => {
    const first = selectItem(noSelection, order, '/b', 'single');
    expect(paths(selectItem(first, order, '/d', 'single'))).toEqual(['/d']);
  });

  it('adds and removes with Ctrl or Cmd', () => {
    const one = selectItem(noSelection, order, '/b', 'single');
    const two = selectItem(one, order, '/d', 'toggle');
    expect(paths(two)).toEqual(['/b', '/d']);
    expect(paths(selectItem(two, order, '/b', 'toggle'))).toEqual(['/d']);
  });

  it('selects a range from the anchor with Shift, either way', () => {
    const anchored = selectItem(noSelection, order, '/b', 'single');
    expect(paths(selectItem(anchored, order, '/d', 'range'))).toEqual(['/b', '/c', '/d']);
    const back = selectItem(selectItem(anchored, order, '/d', 'range'), order, '/a', 'range');
    expect(paths(back)).toEqual(['/a', '/b']);
    expect(back.anchor).toBe('/b');
  });

  it('treats Shift without an anchor as a plain click', () => {
    expect(paths(selectItem(noSelection, order, '/c', 'range'))).toEqual(['/c']);
  });

  it('selects all, then nothing', () => {
    const all = toggleAll(noSelection, order);
    expect(paths(all)).toEqual(order);
    expect(paths(toggleAll(all, order))).toEqual([]);
  });
});
