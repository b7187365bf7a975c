// Where sign-in leads (spec §4 Session): the app's start page, the page asked for before signing in, or a
// cash report's edit page when the link names a report (`/?report=<id>`, the link sent to shop staff).

/** The edit page of a daily cash report, the one page a link may name by its report id alone. */
export function cashReportEditPath(reportId: number): string {
  return `/app/shop/cashRegister/${reportId}/edit`;
}

const cashReportEdit = /^\/app\/shop\/cashRegister\/(\d{1,9})\/edit\/?$/;

/** A report id as a link carries it: a positive whole number, nothing else. */
export function reportIdOf(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** Where to go once signed in (and the shop chosen): the report named, else a path inside the app, never another site. */
export function afterSignInPath(params: URLSearchParams): string {
  const reportId = reportIdOf(params.get('report'));
  if (reportId !== null) return cashReportEditPath(reportId);
  const next = params.get('next');
  return next?.startsWith('/app') && !next.startsWith('/app//') ? next : '/app';
}

/** The sign-in page for someone who opened `location` without a session: it brings them back there afterwards. */
export function signInPathFor(location: { pathname: string; search: string }): string {
  const report = cashReportEdit.exec(location.pathname);
  const reportId = reportIdOf(report?.[1]);
  if (reportId !== null) return `/?report=${reportId}`;
  return `/?next=${encodeURIComponent(location.pathname + location.search)}`;
}

/**
 * The sign-in page after the session expired: it says so, and brings the person back to where they were
 * (on the sign-in page itself, to what it was about to open).
 */
export function expiredSignInPath(location: { pathname: string; search: string }): string {
  const target = location.pathname === '/' ? location.search || '?' : signInPathFor(location).slice(1);
  const params = new URLSearchParams(target);
  params.set('expired', '1');
  return `/?${params}`;
}
