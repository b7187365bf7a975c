import { Alert, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/error-message';

/**
 * One section of the sales feed: its title and explanation, its actions, then placeholder lines
 * while its data loads, the server's refusal, or its content.
 */
export function FeedCard(props: {
  title: string;
  description: string;
  icon: ReactNode;
  actions?: ReactNode;
  query: { isPending: boolean; error: unknown };
  t: TFunction;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" h="100%" data-testid={props.testId}>
      <Group justify="space-between" align="flex-start" mb="md" wrap="nowrap">
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <Text c="dimmed" mt={2} lh={0}>
            {props.icon}
          </Text>
          <div>
            <Title order={2} size="h4">
              {props.title}
            </Title>
            <Text size="sm" c="dimmed">
              {props.description}
            </Text>
          </div>
        </Group>
        {props.actions}
      </Group>
      {props.query.error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorMessage(props.query.error, props.t)}
        </Alert>
      ) : props.query.isPending ? (
        <Stack gap="sm" data-testid={`${props.testId}-loading`}>
          <Skeleton h={18} />
          <Skeleton h={18} w="80%" />
          <Skeleton h={18} w="60%" />
        </Stack>
      ) : (
        props.children
      )}
    </Card>
  );
}
