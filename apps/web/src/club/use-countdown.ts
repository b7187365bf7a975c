import { useEffect, useState } from 'react';
import { secondsUntil } from './club-format';

/** Whole seconds until `at` (an ISO instant or epoch ms), ticking every second until it reaches zero. */
export function useSecondsUntil(at: string | number | null | undefined): number {
  const [now, setNow] = useState(Date.now);
  const seconds = secondsUntil(at, now);
  useEffect(() => {
    if (secondsUntil(at, Date.now()) === 0) return;
    setNow(Date.now());
    const timer = window.setInterval(() => {
      setNow(Date.now());
      if (secondsUntil(at, Date.now()) === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [at]);
  return seconds;
}
