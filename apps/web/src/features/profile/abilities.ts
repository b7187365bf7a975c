import {
  type Ability,
  abilityGroup,
  type PermissionSection,
  permissionCatalog,
  permissionSections,
} from '@bottega/contracts/permissions';

/** The person's abilities by section, then by sub-area, in the catalog's order; sections they hold none of left out. */
export function abilitiesBySection(held: readonly string[]): [PermissionSection, [string, Ability[]][]][] {
  const holds = new Set(held);
  return permissionSections.flatMap((section) => {
    const groups = new Map<string, Ability[]>();
    for (const ability of permissionCatalog[section] as readonly Ability[]) {
      if (!holds.has(ability)) continue;
      const group = abilityGroup(ability);
      groups.set(group, [...(groups.get(group) ?? []), ability]);
    }
    return groups.size > 0 ? [[section, [...groups.entries()]] as [PermissionSection, [string, Ability[]][]]] : [];
  });
}
