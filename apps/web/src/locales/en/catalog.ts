// The English screens' texts, one chunk fetched by lib/i18n.ts when English is chosen (mail.json is the server's, club.json the club app's).
export default import.meta.glob<Record<string, unknown>>(['./*.json', '!./mail.json', '!./club.json'], {
  eager: true,
  import: 'default',
});
