// Spec §7: the folder-creation requests of a dropped folder tree go out at most `concurrency` at
// once and at most `perSecond` started in any one second, so a large tree does not flood the server.

export type ThrottleLimits = { concurrency: number; perSecond: number };

const second = 1000;

/**
 * A gate for calls: `schedule` runs a call as soon as both limits allow, in the order given, and
 * answers its result. The limits hold across everything scheduled through the same gate.
 */
export function createThrottle(limits: ThrottleLimits) {
  const queue: (() => void)[] = [];
  const recentStarts: number[] = [];
  let running = 0;
  let retryPlanned = false;

  const pump = () => {
    while (running < limits.concurrency && queue.length > 0) {
      const now = Date.now();
      while (recentStarts.length > 0 && (recentStarts[0] as number) <= now - second) recentStarts.shift();
      if (recentStarts.length >= limits.perSecond) {
        // Try again when the oldest start of the last second leaves the window.
        if (!retryPlanned) {
          retryPlanned = true;
          setTimeout(
            () => {
              retryPlanned = false;
              pump();
            },
            (recentStarts[0] as number) + second - now,
          );
        }
        return;
      }
      recentStarts.push(now);
      running++;
      (queue.shift() as () => void)();
    }
  };

  return {
    schedule<T>(call: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push(() => {
          Promise.resolve()
            .then(call)
            .then(resolve, reject)
            .finally(() => {
              running--;
              pump();
            });
        });
        pump();
      });
    },
  };
}
