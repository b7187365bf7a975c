// The library's search box, tag and kind filters: the library page and the media picker ask the server the same way.
import { type MediaKind, mediaKinds } from '@bottega/contracts/automation';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMediaTags } from '../media.api';

export type MediaFilterValues = { search: string; tag: string | null; kind: MediaKind | null };

function isKind(value: string | null): value is MediaKind {
  return (mediaKinds as readonly (string | null)[]).includes(value);
}

export function MediaFilters(props: {
  values: MediaFilterValues;
  onSearch: (value: string) => void;
  onTag: (value: string | null) => void;
  onKind: (value: MediaKind | null) => void;
  onClear: () => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation('automation');
  const tags = useMediaTags();
  const { values } = props;
  const filtered = values.search !== '' || values.tag !== null || values.kind !== null;
  const tagOptions = (tags.data ?? []).map((one) => ({
    value: one.tag,
    label: t('media.filters.tagOption', { tag: one.tag, count: one.count }),
  }));
  // A tag asked for by a link or left from before stays choosable while the list of tags loads.
  if (values.tag !== null && !tagOptions.some((one) => one.value === values.tag)) {
    tagOptions.unshift({ value: values.tag, label: values.tag });
  }
  return (
    <Group gap="sm" align="flex-end">
      <TextInput
        placeholder={t('media.filters.search')}
        aria-label={t('media.filters.search')}
        leftSection={<IconSearch size={16} />}
        value={values.search}
        onChange={(event) => props.onSearch(event.currentTarget.value)}
        w={{ base: '100%', sm: 260 }}
        data-testid={`${props.testIdPrefix}-search`}
      />
      <Select
        aria-label={t('media.filters.tag')}
        placeholder={t('media.filters.allTags')}
        data={tagOptions}
        value={values.tag}
        onChange={props.onTag}
        searchable
        clearable
        nothingFoundMessage={t('media.filters.noTags')}
        w={{ base: '100%', xs: 200 }}
        data-testid={`${props.testIdPrefix}-tag`}
      />
      <Select
        aria-label={t('media.filters.kind')}
        data={[
          { value: '', label: t('media.filters.allKinds') },
          ...mediaKinds.map((one) => ({ value: one, label: t(`media.kinds.${one}`) })),
        ]}
        value={values.kind ?? ''}
        allowDeselect={false}
        onChange={(value) => props.onKind(isKind(value) ? value : null)}
        w={{ base: '100%', xs: 160 }}
        data-testid={`${props.testIdPrefix}-kind`}
      />
      {filtered && (
        <Button variant="subtle" onClick={props.onClear}>
          {t('media.filters.clear')}
        </Button>
      )}
    </Group>
  );
}
