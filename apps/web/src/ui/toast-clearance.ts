// The heights of what stays fixed at the bottom of the screen (the footer, a page's sticky action bar), summed in
// the --toast-clearance variable the toasts rise above (app/toasts.tsx).
const heights = new Map<Element, number>();

function publish() {
  let sum = 0;
  for (const height of heights.values()) sum += height;
  document.documentElement.style.setProperty('--toast-clearance', `${sum}px`);
}

/** The ref of an element fixed or sticky at the bottom of the screen: toasts stay above it while it is shown. */
export function keepToastsAbove(element: HTMLElement | null) {
  if (!element) return;
  const observer = new ResizeObserver(() => {
    heights.set(element, element.offsetHeight);
    publish();
  });
  observer.observe(element);
  return () => {
    observer.disconnect();
    heights.delete(element);
    publish();
  };
}
