// buildApp(): the platform plugins, then every area's routes, then the web app with history fallback.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Access } from '@bottega/contracts/permissions';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { passwordResetRoutes } from './modules/auth/password-reset.routes';
import { automationRoutes } from './modules/automation/automation.routes';
import { balancesRoutes } from './modules/balances/balances.routes';
import { budgetsRoutes } from './modules/budgets/budgets.routes';
import { camerasRoutes } from './modules/cameras/cameras.routes';
import { cashRegisterRoutes } from './modules/cash-register/cash-register.routes';
import { cashReportAttachmentsRoutes } from './modules/cash-register/cash-report-attachments.routes';
import { weeklyCashRoutes } from './modules/cash-register/weekly-cash.routes';
import { companiesRoutes } from './modules/companies/companies.routes';
import { clubRoutes } from './modules/customers/club.routes';
import { customersRoutes } from './modules/customers/customers.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { bankRoutes } from './modules/deposits/bank.routes';
import { depositsRoutes } from './modules/deposits/deposits.routes';
import { developerRoutes } from './modules/developer/developer.routes';
import { employeesRoutes } from './modules/employees/employees.routes';
import { expensesRoutes } from './modules/expenses/expenses.routes';
import { filesRoutes } from './modules/files/files.routes';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { languageRoutes } from './modules/language/language.routes';
import { deliveryNotesRoutes } from './modules/logistics/delivery-notes.routes';
import { documentChecksRoutes } from './modules/logistics/document-checks.routes';
import { logisticsRoutes } from './modules/logistics/logistics.routes';
import { stockRoutes } from './modules/logistics/stock.routes';
import { monthEndRoutes } from './modules/month-end/month-end.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { payslipsRoutes } from './modules/payslips/payslips.routes';
import { posRoutes } from './modules/pos/pos.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { telegramLinkRoutes } from './modules/profile/telegram-link.routes';
import { rankingsRoutes } from './modules/rankings/rankings.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { salesRoutes } from './modules/sales/sales.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { shiftAnalyticsRoutes } from './modules/shifts/shift-analytics.routes';
import { shiftsRoutes } from './modules/shifts/shifts.routes';
import { shopsRoutes } from './modules/shops/shops.routes';
import { staffAnalyticsRoutes } from './modules/staff-analytics/staff-analytics.routes';
import { ticketCategoriesRoutes } from './modules/tickets/ticket-categories.routes';
import { ticketsRoutes } from './modules/tickets/tickets.routes';
import { userGroupsRoutes } from './modules/user-groups/user-groups.routes';
import { registerAccessControl } from './platform/access';
import { type PageSecurityPolicy, registerBrowserHardening } from './platform/browser-hardening';
import { issueCsrfToken } from './platform/crypto';
import type { Database } from './platform/db';
import { registerDeveloperAccess } from './platform/developer-access';
import { AppError, registerErrorHandler } from './platform/errors';
import { registerHealth } from './platform/health';
import { type JobWorker, jobKinds, registerJobWorker } from './platform/jobs';
import { type LogStream, loggerOptions, registerRequestScope, requestIdOf } from './platform/logging';
import { createLoginThrottle, type LoginThrottle } from './platform/login-throttle';
import { type Metrics, registerMetrics } from './platform/metrics';
import { assertNotificationTexts } from './platform/notify';
import { attachRealtime, type RealtimeServer } from './platform/realtime';
import { registerShutdown } from './platform/shutdown';
import { createStorage, type Storage } from './platform/storage';
import { registerTextGuard } from './platform/text-guard';
import { createTodoRegistry, type TodoRegistry } from './platform/todos';

export type RegisteredRoute = { method: string; url: string; access: Access | undefined; shop: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
    realtime: RealtimeServer;
    storage: Storage;
    /** Sign-in lockout counters, shared by every server process (database, or Redis with REDIS_URL). */
    loginThrottle: LoginThrottle;
    /** Every route with what it declares: read by the access tests and the authorization matrix. */
    routeRegistry: RegisteredRoute[];
    /** The dashboard's to-dos: each area registers its provider with its routes (platform/todos.ts). */
    todos: TodoRegistry;
    /** This process's background-job worker (platform/jobs.ts). */
    jobs: JobWorker;
    /** Set when the process is stopping (platform/shutdown.ts): readiness fails so traffic goes elsewhere. */
    draining: boolean;
    /** This app's Prometheus metrics (platform/metrics.ts): counted where things happen, read by the scraper. */
    metrics: Metrics;
  }
}

const docsPrefix = '/api/docs';

/** Static files of the web app and the API reference pages are public by nature; every other API route must say. */
function implicitAccess(url: string): Access | undefined {
  if (!url.startsWith('/api/') || url.startsWith(docsPrefix)) return 'public';
  return undefined;
}

export async function buildApp(options: {
  config: Config;
  db: Database;
  /** Where the log lines go instead of stdout: tests read them. */
  logStream?: LogStream;
}): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    genReqId: requestIdOf,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  // First: every answer tells its request id, and the jobs a request queues remember it.
  registerRequestScope(app);

  // JSON only: a text body on a JSON route is refused as an unsupported media type, not half-parsed.
  app.removeContentTypeParser('text/plain');

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', options.db);
  app.decorate('config', config);
  app.decorate('routeRegistry', [] as RegisteredRoute[]);
  app.decorate('todos', createTodoRegistry());
  app.decorate(
    'realtime',
    attachRealtime({ server: app.server, appKey: config.appKey, redisUrl: config.redisUrl, logger: app.log }),
  );
  app.addHook('onClose', () => app.realtime.close());
  app.decorate('storage', createStorage(config));
  const loginThrottle = createLoginThrottle({
    db: options.db,
    settings: config.loginThrottle,
    redisUrl: config.redisUrl,
  });
  app.decorate('loginThrottle', loginThrottle);
  app.addHook('onClose', () => loginThrottle.close());
  const pageSecurityPolicy = registerBrowserHardening(app, config);
  // Cookies carry only the sign-in's device cookies (modules/auth/device-cookie.ts): sessions use bearer tokens.
  await app.register(fastifyCookie);
  // One file per upload request, never larger than the setting; routes read it with request.file().
  await app.register(fastifyMultipart, { limits: { fileSize: config.uploadLimitBytes, files: 1, fields: 20 } });

  app.addHook('onRoute', (route) => {
    const access = route.config?.access ?? implicitAccess(route.url);
    route.config = { ...route.config, access };
    for (const method of [route.method].flat()) {
      app.routeRegistry.push({ method, url: route.url, access, shop: route.config?.shop === true });
    }
  });

  registerErrorHandler(app);
  registerTextGuard(app);
  registerAccessControl(app);
  registerDeveloperAccess(app);
  assertNotificationTexts();
  // Before the jobs (they count deliveries) and before every area's routes (its answers are counted).
  app.decorate('metrics', registerMetrics(app, { jobKinds }));
  app.decorate('jobs', registerJobWorker(app));
  registerShutdown(app);
  registerHealth(app, { db: options.db, config, storage: app.storage });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Bottega API', version: '1.0.0', description: 'Back-office of a multi-shop retail company.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: docsPrefix,
    // Swagger UI's own policy on its pages: its scripts are files, but it adds <style> elements it cannot
    // give our nonce, so inline styles are allowed here (and only here: the page shows no one's data).
    staticCSP: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    },
  });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, () => app.swagger());

  await app.register(analyticsRoutes);
  await app.register(authRoutes);
  await app.register(balancesRoutes);
  await app.register(cashRegisterRoutes);
  await app.register(cashReportAttachmentsRoutes);
  await app.register(weeklyCashRoutes);
  await app.register(companiesRoutes);
  await app.register(depositsRoutes);
  await app.register(bankRoutes);
  await app.register(passwordResetRoutes);
  await app.register(dashboardRoutes);
  await app.register(developerRoutes);
  await app.register(employeesRoutes);
  await app.register(expensesRoutes);
  await app.register(filesRoutes);
  await app.register(invoicesRoutes);
  await app.register(jobsRoutes);
  await app.register(languageRoutes);
  await app.register(deliveryNotesRoutes);
  await app.register(documentChecksRoutes);
  await app.register(stockRoutes);
  await app.register(monthEndRoutes);
  await app.register(budgetsRoutes);
  await app.register(notificationsRoutes);
  await app.register(payslipsRoutes);
  await app.register(posRoutes);
  await app.register(rankingsRoutes);
  await app.register(profileRoutes);
  await app.register(reportsRoutes);
  await app.register(salesRoutes);
  await app.register(settingsRoutes);
  await app.register(shiftsRoutes);
  await app.register(shiftAnalyticsRoutes);
  await app.register(shopsRoutes);
  await app.register(staffAnalyticsRoutes);
  await app.register(telegramLinkRoutes);
  await app.register(ticketCategoriesRoutes);
  await app.register(ticketsRoutes);
  await app.register(logisticsRoutes);
  await app.register(camerasRoutes);
  await app.register(customersRoutes);
  await app.register(clubRoutes);
  await app.register(automationRoutes);
  await app.register(userGroupsRoutes);

  await registerWebApp(app, config, pageSecurityPolicy);
  return app;
}

/**
 * Serves the built web app; any other non-API path answers index.html — or, under /club, the loyalty club's own app
 * club.html (issue 27) — with a fresh CSRF token and the answer's style nonce (for Mantine's <style> elements, see
 * platform/browser-hardening.ts) in meta tags.
 */
async function registerWebApp(
  app: FastifyInstance,
  config: Config,
  pageSecurityPolicy: PageSecurityPolicy,
): Promise<void> {
  const indexFile = path.join(config.webDist, 'index.html');
  const indexTemplate = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  const clubFile = path.join(config.webDist, 'club.html');
  const clubTemplate = existsSync(clubFile) ? readFileSync(clubFile, 'utf8') : undefined;
  if (indexTemplate) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      index: false,
      wildcard: false,
      // index.html is always answered by the fallback below, with a fresh CSRF token and no caching.
      allowedPath: (pathName) => pathName !== '/index.html' && pathName !== '/club.html',
      cacheControl: false,
      // Only Vite's content-hashed assets may be cached for good.
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi;
    if (!isPage) throw new AppError('routeNotFound');
    const isClub = request.url === '/club' || request.url.startsWith('/club/') || request.url.startsWith('/club?');
    const template = isClub && clubTemplate ? clubTemplate : indexTemplate;
    if (!template) {
      return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    const meta = [
      `<meta name="csrf-token" content="${issueCsrfToken(config.appKey)}">`,
      `<meta name="csp-nonce" content="${pageSecurityPolicy(reply)}">`,
    ].join('\n    ');
    return reply
      .type('text/html')
      .header('cache-control', 'no-store')
      .send(template.replace('</head>', `    ${meta}\n  </head>`));
  });
}
