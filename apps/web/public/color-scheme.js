// Applies the saved colour scheme before the app starts, so a dark page never flashes light. A file of its
// own, not inline: the Content-Security-Policy allows scripts from our files only. Same key and attribute as
// Mantine's localStorageColorSchemeManager (app/providers.tsx).
try {
  const saved = window.localStorage.getItem('bottega.color-scheme');
  const dark = saved === 'dark' || (saved === 'auto' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
} catch {
  // No storage (private mode): the app decides once it starts.
}
