// The ticket category tree as the server sends it (depth first, each parent followed by its categories in order):
// where a dragged category may land, the tree once one parent's categories are reordered, and the parents a
// category may be moved under.
import type { TicketCategory } from '@bottega/contracts/tickets';

/** The categories directly under `parentId` (null: the top), in their order. */
export function childrenOf(categories: readonly TicketCategory[], parentId: number | null): TicketCategory[] {
  return categories.filter((category) => category.parentId === parentId);
}

/** The category `id` and every category below it. */
export function subtreeIds(categories: readonly TicketCategory[], id: number): Set<number> {
  const found = new Set([id]);
  // Depth first: a category's descendants follow it until the next category as shallow as it, or shallower.
  const start = categories.findIndex((category) => category.id === id);
  if (start < 0) return found;
  const depth = categories[start]?.depth ?? 0;
  for (const category of categories.slice(start + 1)) {
    if (category.depth <= depth) break;
    found.add(category.id);
  }
  return found;
}

/**
 * The new order of the dragged category's parent's categories once it is dropped on `overId`, one of its siblings:
 * null when nothing changes or `overId` is not a sibling (categories move only among their parent's).
 */
export function siblingOrderAfterDrop(
  categories: readonly TicketCategory[],
  activeId: number,
  overId: number,
): { parentId: number | null; ids: number[] } | null {
  const active = categories.find((category) => category.id === activeId);
  const over = categories.find((category) => category.id === overId);
  if (!active || !over || activeId === overId || active.parentId !== over.parentId) return null;
  const ids = childrenOf(categories, active.parentId).map((category) => category.id);
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  ids.splice(from, 1);
  ids.splice(to, 0, activeId);
  return { parentId: active.parentId, ids };
}

/** The tree with `parentId`'s categories in the order `ids`, their subtrees moving with them, positions renumbered. */
export function withSiblingOrder(
  categories: readonly TicketCategory[],
  parentId: number | null,
  ids: readonly number[],
): TicketCategory[] {
  const rank = new Map(ids.map((id, index) => [id, index]));
  const ordered: TicketCategory[] = [];
  const visit = (parent: number | null) => {
    const children = childrenOf(categories, parent);
    if (parent === parentId) children.sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
    children.forEach((child, index) => {
      ordered.push(parent === parentId ? { ...child, position: index + 1 } : child);
      visit(child.id);
    });
  };
  visit(null);
  return ordered;
}

/** The parents category `id` may sit under (null: a new category): parent categories but itself and those below it. */
export function allowedParents(categories: readonly TicketCategory[], id: number | null): TicketCategory[] {
  const excluded = id === null ? new Set<number>() : subtreeIds(categories, id);
  return categories.filter((category) => category.isParent && !excluded.has(category.id));
}

/** How a category is named where the whole tree is in view: its path from the top, "IT › Cassa". */
export const categoryPath = (category: Pick<TicketCategory, 'path'>) => category.path.join(' › ');

/**
 * The nearest category above `category` with people assigned, whose people handle its tickets (assigning a parent
 * covers the categories below it); null when it has its own, or nobody above has any.
 */
export function inheritedAssignment(
  categories: readonly TicketCategory[],
  category: TicketCategory,
): TicketCategory | null {
  if (category.assignees.length > 0) return null;
  const byId = new Map(categories.map((one) => [one.id, one]));
  for (let parent = byId.get(category.parentId ?? -1); parent; parent = byId.get(parent.parentId ?? -1)) {
    if (parent.assignees.length > 0) return parent;
  }
  return null;
}
