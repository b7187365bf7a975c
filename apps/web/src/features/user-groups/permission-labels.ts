import type { TFunction } from 'i18next';

/**
 * The label of an ability's sub-area under its section, with its parents: `shops.ranking.competitors` reads
 * "Classifica › Concorrenti" (the permissions namespace's labels; `t` must read that namespace first).
 */
export function abilityGroupLabel(group: string, t: TFunction): string {
  const parts = group.split('.');
  return parts
    .slice(1)
    .map((_, index) => t(`${parts.slice(0, index + 2).join('.')}.label`))
    .join(' › ');
}
