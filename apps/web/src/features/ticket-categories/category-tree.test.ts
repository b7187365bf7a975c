import type { TicketCategory } from '@bottega/contracts/tickets';
import { describe, expect, it } from 'vitest';
import {
  allowedParents,
  categoryPath,
  inheritedAssignment,
  siblingOrderAfterDrop,
  subtreeIds,
  withSiblingOrder,
} from './category-tree';

// The demo's tree, depth first: IT › (Cassa, Rete › Wi-Fi), Logistica › Consegne, Varie.
const category = (id: number, name: string, parentId: number | null, path: string[], isParent = false) =>
  ({ id, name, parentId, isParent, position: 0, depth: path.length - 1, path, assignees: [] }) as TicketCategory;
const tree: TicketCategory[] = [
  category(1, 'IT', null, ['IT'], true),
  category(2, 'Cassa', 1, ['IT', 'Cassa']),
  category(3, 'Rete', 1, ['IT', 'Rete'], true),
  category(4, 'Wi-Fi', 3, ['IT', 'Rete', 'Wi-Fi']),
  category(5, 'Logistica', null, ['Logistica'], true),
  category(6, 'Consegne', 5, ['Logistica', 'Consegne']),
  category(7, 'Varie', null, ['Varie']),
];
const ids = (categories: TicketCategory[]) => categories.map((item) => item.id);

describe('the ticket category tree', () => {
  it('finds a category with everything below it', () => {
    expect([...subtreeIds(tree, 1)]).toEqual([1, 2, 3, 4]);
    expect([...subtreeIds(tree, 3)]).toEqual([3, 4]);
    expect([...subtreeIds(tree, 7)]).toEqual([7]);
  });

  it('moves a category only among its parent’s categories', () => {
    expect(siblingOrderAfterDrop(tree, 7, 1)).toEqual({ parentId: null, ids: [7, 1, 5] });
    expect(siblingOrderAfterDrop(tree, 1, 5)).toEqual({ parentId: null, ids: [5, 1, 7] });
    expect(siblingOrderAfterDrop(tree, 2, 3)).toEqual({ parentId: 1, ids: [3, 2] });
    expect(siblingOrderAfterDrop(tree, 2, 6)).toBeNull();
    expect(siblingOrderAfterDrop(tree, 2, 2)).toBeNull();
  });

  it('reorders one parent’s categories with their subtrees and renumbers them', () => {
    const moved = withSiblingOrder(tree, null, [5, 7, 1]);
    expect(ids(moved)).toEqual([5, 6, 7, 1, 2, 3, 4]);
    expect(moved.filter((item) => item.parentId === null).map((item) => item.position)).toEqual([1, 2, 3]);
    expect(ids(withSiblingOrder(tree, 1, [3, 2]))).toEqual([1, 3, 4, 2, 5, 6, 7]);
  });

  it('offers as parents the parent categories but the category itself and those below it', () => {
    expect(ids(allowedParents(tree, null))).toEqual([1, 3, 5]);
    expect(ids(allowedParents(tree, 1))).toEqual([5]);
    expect(ids(allowedParents(tree, 4))).toEqual([1, 3, 5]);
    expect(categoryPath(tree[3] as TicketCategory)).toBe('IT › Rete › Wi-Fi');
  });
});

describe('inheritedAssignment', () => {
  const sara = { id: 9, name: 'Sara Conti' };
  const assigned = tree.map((one) => (one.id === 1 || one.id === 2 ? { ...one, assignees: [sara] } : one));
  const of = (id: number) => inheritedAssignment(assigned, assigned.find((one) => one.id === id) as TicketCategory);
  it('names the nearest category above with people, whose people handle the tickets below', () => {
    expect(of(3)?.name).toBe('IT');
    expect(of(4)?.name).toBe('IT');
  });
  it('is null for a category with its own people, or with nobody above', () => {
    expect(of(2)).toBeNull();
    expect(of(1)).toBeNull();
    expect(of(6)).toBeNull();
  });
});
