import { useDebouncedValue } from '@mantine/hooks';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { type DeleteConfirmation, useDeleteConfirmation } from './delete-confirmation';

/** How many rows a list screen asks the server for at a time. */
export const listPerPage = 20;

/** What ListPage reads and changes: the search box, the page and the row waiting to be deleted. */
export type ListState<Row extends { id: number }> = {
  search: string;
  setSearch: (value: string) => void;
  page: number;
  setPage: (page: number) => void;
  deletion: DeleteConfirmation<Row>;
};

/** What a person types in a list's search box, and the trimmed text the server is asked for once they pause. */
export function useListSearch(initial = '') {
  const [search, setSearch] = useState(initial);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 250);
  return { search, setSearch, debouncedSearch };
}

/**
 * The state of a list screen paginated on the server: the search, the page, which goes back to the
 * first one whenever the search or a filter changes, and the row waiting to be deleted.
 */
export function useListPage<Row extends { id: number }>(
  remove: UseMutationResult<unknown, Error, number>,
  name: (row: Row) => string,
) {
  const { search, setSearch, debouncedSearch } = useListSearch();
  const [page, setPage] = useState(1);
  /** Wraps a filter's setter so that changing the filter goes back to the first page. */
  const resettingPage =
    <Value>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      setPage(1);
    };
  const deletion = useDeleteConfirmation(remove, name);
  return { search, setSearch: resettingPage(setSearch), debouncedSearch, page, setPage, resettingPage, deletion };
}
