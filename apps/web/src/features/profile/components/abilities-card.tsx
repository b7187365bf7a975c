// What the person's groups let them do (moved here from the dashboard, issue 17): their abilities by the sections
// of spec §6, each section's sub-areas under their own heading, so a label such as "Creare file" reads once per
// place it applies to, never as a loose repeated chip.
import { Accordion, Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { abilityGroupLabel } from '../../user-groups/permission-labels';
import { abilitiesBySection } from '../abilities';

export function AbilitiesCard({ abilities }: { abilities: readonly string[] }) {
  const { t } = useTranslation(['permissions', 'profile']);
  const sections = abilitiesBySection(abilities);
  return (
    <Card withBorder padding="lg" data-testid="profile-abilities">
      <Title order={2} size="h4" mb={4}>
        {t('profile:abilities.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {sections.length === 0 ? t('profile:abilities.none') : t('profile:abilities.description')}
      </Text>
      {sections.length > 0 && (
        // Closed sections stay in the page (display: none rather than React's deferred Activity), so the browser's
        // find-in-page reaches every ability and the list is whole as soon as it shows.
        <Accordion multiple variant="contained" chevronPosition="left" keepMountedMode="display-none">
          {sections.map(([section, groups]) => (
            <Accordion.Item key={section} value={section} data-testid={`profile-abilities-${section}`}>
              <Accordion.Control>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={600}>{t(`${section}.label`)}</Text>
                  <Badge variant="light" style={{ flexShrink: 0 }}>
                    {groups.reduce((total, [, members]) => total + members.length, 0)}
                  </Badge>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  {groups.map(([group, members]) => (
                    <div key={group}>
                      {group !== section && (
                        <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={2}>
                          {abilityGroupLabel(group, t)}
                        </Text>
                      )}
                      <List size="sm" spacing={2}>
                        {members.map((ability) => (
                          <List.Item key={ability} title={t(`${ability}.description`)} data-ability={ability}>
                            {t(`${ability}.label`)}
                          </List.Item>
                        ))}
                      </List>
                    </div>
                  ))}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Card>
  );
}
