import { describe, expect, it } from 'vitest';
import { folderInside, makeFolders, readDroppedEntries, treeOfPickedFiles } from './dropped-tree';

/** Stand-ins for the browser's FileSystemEntry objects of a drop; readers answer in batches of two. */
function fileEntry(file: File): FileSystemEntry {
  return {
    isFile: true,
    isDirectory: false,
    name: file.name,
    file: (done: (file: File) => void) => done(file),
  } as never;
}

function folderEntry(name: string, children: FileSystemEntry[]): FileSystemEntry {
  return {
    isFile: false,
    isDirectory: true,
    name,
    createReader: () => {
      let offset = 0;
      return {
        readEntries: (done: (entries: FileSystemEntry[]) => void) => {
          done(children.slice(offset, offset + 2));
          offset += 2;
        },
      };
    },
  } as never;
}

const file = (name: string) => new File([name], name, { type: 'text/plain' });

describe('readDroppedEntries', () => {
  it('reads the whole tree, empty folders and all batches included', async () => {
    const tree = await readDroppedEntries([
      folderEntry('Contratti', [
        fileEntry(file('a.txt')),
        fileEntry(file('b.txt')),
        fileEntry(file('c.txt')),
        folderEntry('2026', [fileEntry(file('d.txt'))]),
        folderEntry('Vuota', []),
      ]),
      fileEntry(file('nota.txt')),
    ]);
    expect(tree.folders).toEqual(['Contratti', 'Contratti/2026', 'Contratti/Vuota']);
    expect(tree.files.map((entry) => `${entry.folder}|${entry.file.name}`)).toEqual([
      'Contratti|a.txt',
      'Contratti|b.txt',
      'Contratti|c.txt',
      'Contratti/2026|d.txt',
      '|nota.txt',
    ]);
  });
});

describe('treeOfPickedFiles', () => {
  it('finds the folders in the relative paths', () => {
    const picked = [file('a.txt'), file('d.txt')];
    Object.defineProperty(picked[0], 'webkitRelativePath', { value: 'Contratti/a.txt' });
    Object.defineProperty(picked[1], 'webkitRelativePath', { value: 'Contratti/2026/Q1/d.txt' });
    const tree = treeOfPickedFiles(picked);
    expect(tree.folders).toEqual(['Contratti', 'Contratti/2026', 'Contratti/2026/Q1']);
    expect(tree.files.map((entry) => entry.folder)).toEqual(['Contratti', 'Contratti/2026/Q1']);
  });
});

describe('folderInside', () => {
  it('places a relative folder inside the folder dropped into', () => {
    expect(folderInside('/', '')).toBe('/');
    expect(folderInside('/', 'Contratti/2026')).toBe('/Contratti/2026');
    expect(folderInside('/Archivio', 'Contratti')).toBe('/Archivio/Contratti');
  });
});

describe('makeFolders', () => {
  it('makes parents before children, each folder once, and skips what lies under a failure', async () => {
    const made: string[] = [];
    const make = async (folder: string) => {
      await new Promise((resolve) => setTimeout(resolve, folder.length));
      if (folder === 'B') throw new Error('refused');
      made.push(folder);
    };
    const results = await makeFolders(['A/B/C', 'A', 'A/B', 'B', 'B/D', 'A/B2', 'A'], make);
    expect(made.indexOf('A')).toBeLessThan(made.indexOf('A/B'));
    expect(made.indexOf('A/B')).toBeLessThan(made.indexOf('A/B/C'));
    expect([...made].sort()).toEqual(['A', 'A/B', 'A/B/C', 'A/B2']);
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(2);
  });
});
