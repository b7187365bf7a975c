// The permission set of a group as a tree: sections of spec §6, each with a select-all checkbox and
// its abilities grouped under their sub-area, plus a search over labels, descriptions and keys.
// Abilities the person may not grant (they do not hold them) are disabled, with a tooltip saying why.
import {
  type Ability,
  abilityGroup,
  type PermissionSection,
  permissionCatalog,
  permissionSections,
} from '@bottega/contracts/permissions';
import { Accordion, Badge, Checkbox, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { abilityGroupLabel } from '../permission-labels';

/** Case- and accent-insensitive, so "liberta" finds "libertà". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

type Props = {
  value: readonly Ability[];
  onChange: (value: Ability[]) => void;
  disabled?: boolean;
  /** Whether the person may grant the ability (the server refuses the others). */
  canGrant: (ability: Ability) => boolean;
};

export function PermissionTree({ value, onChange, disabled, canGrant }: Props) {
  const { t } = useTranslation(['permissions', 'user-groups']);
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState<string[]>([]);
  const selected = useMemo(() => new Set(value), [value]);

  const visible = useMemo(() => {
    const query = fold(search.trim());
    const result = new Map<PermissionSection, Ability[]>();
    for (const section of permissionSections) {
      const abilities = (permissionCatalog[section] as readonly Ability[]).filter(
        (ability) =>
          !query ||
          fold(`${ability} ${t(`${ability}.label`)} ${t(`${ability}.description`)} ${t(`${section}.label`)}`).includes(
            query,
          ),
      );
      if (abilities.length > 0) result.set(section, abilities);
    }
    return result;
  }, [search, t]);

  const setMany = (abilities: readonly Ability[], on: boolean) => {
    const next = new Set(selected);
    for (const ability of abilities.filter(canGrant)) {
      if (on) next.add(ability);
      else next.delete(ability);
    }
    onChange([...next]);
  };

  const searching = search.trim() !== '';
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <TextInput
          placeholder={t('user-groups:searchPermissions')}
          aria-label={t('user-groups:searchPermissions')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
          data-testid="permission-search"
        />
        <Text size="sm" c="dimmed" data-testid="permission-count">
          {t('user-groups:selectedCount', { count: value.length })}
        </Text>
      </Group>
      {visible.size === 0 && (
        <Text c="dimmed" size="sm">
          {t('user-groups:noPermissionFound')}
        </Text>
      )}
      <Accordion
        multiple
        variant="separated"
        value={searching ? [...visible.keys()] : opened}
        onChange={setOpened}
        chevronPosition="left"
      >
        {[...visible.entries()].map(([section, abilities]) => {
          const all = permissionCatalog[section] as readonly Ability[];
          const held = all.filter((ability) => selected.has(ability)).length;
          const visibleHeld = abilities.filter((ability) => selected.has(ability)).length;
          const groups = new Map<string, Ability[]>();
          for (const ability of abilities)
            groups.set(abilityGroup(ability), [...(groups.get(abilityGroup(ability)) ?? []), ability]);
          return (
            <Accordion.Item key={section} value={section} data-testid={`section-${section}`}>
              <Group wrap="nowrap" gap={0} pe="md">
                <Accordion.Control>
                  <Text fw={600}>{t(`${section}.label`)}</Text>
                </Accordion.Control>
                <Badge variant="light" mx="sm" style={{ flexShrink: 0 }}>
                  {held} / {all.length}
                </Badge>
                <Checkbox
                  aria-label={t('user-groups:selectAllIn', { section: t(`${section}.label`) })}
                  checked={visibleHeld === abilities.length}
                  indeterminate={visibleHeld > 0 && visibleHeld < abilities.length}
                  onChange={(event) => setMany(abilities, event.currentTarget.checked)}
                  disabled={disabled || !abilities.some(canGrant)}
                  data-testid={`select-all-${section}`}
                />
              </Group>
              <Accordion.Panel>
                <Stack gap="md">
                  {[...groups.entries()].map(([group, members]) => (
                    <Stack key={group} gap={6}>
                      {group !== section && (
                        <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                          {abilityGroupLabel(group, t)}
                        </Text>
                      )}
                      {members.map((ability) => {
                        const checkbox = (
                          <Checkbox
                            key={ability}
                            label={t(`${ability}.label`)}
                            description={t(`${ability}.description`)}
                            checked={selected.has(ability)}
                            onChange={(event) => setMany([ability], event.currentTarget.checked)}
                            disabled={disabled || !canGrant(ability)}
                            data-ability={ability}
                          />
                        );
                        if (disabled || canGrant(ability)) return checkbox;
                        // A disabled input fires no pointer events: the tooltip hangs on a wrapper.
                        return (
                          <Tooltip key={ability} label={t('user-groups:notHeldTooltip')} multiline w={280}>
                            <div data-testid={`not-held-${ability}`}>{checkbox}</div>
                          </Tooltip>
                        );
                      })}
                    </Stack>
                  ))}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Stack>
  );
}
