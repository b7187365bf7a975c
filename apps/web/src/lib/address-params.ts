import { useSearchParams } from 'react-router';

/**
 * The screen's choices kept in the address: the parameters, and a change that sets some (an empty or null value
 * removes it) without adding a history entry per click.
 */
export function useAddressParams(): [URLSearchParams, (next: Record<string, string | null>) => void] {
  const [params, setParams] = useSearchParams();
  const change = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null || value === '') merged.delete(key);
      else merged.set(key, value);
    }
    setParams(merged, { replace: true });
  };
  return [params, change];
}
