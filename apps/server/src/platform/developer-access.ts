// Developer-only routes. "Developer" is no ability: spec §6 makes a user a developer when their
// first group is Developer, and admins may do what developers do. A route says so with
// `config: { access: 'authenticated', developer: true }`; this hook, registered right after the
// access hook, refuses everyone else with 403 before validation, like an ability would.
import { isDeveloperGroup } from '@bottega/contracts/permissions';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';
import type { SessionContext } from './sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Only developers (first group Developer) and admins may call the route. */
    developer?: true;
  }
  interface FastifyInstance {
    /** `METHOD url` of every developer-only route: read by their generated access test. */
    developerRoutes: string[];
  }
}

export function isDeveloper(session: Pick<SessionContext, 'isAdmin' | 'groups'>): boolean {
  return session.isAdmin || isDeveloperGroup(session.groups[0]);
}

export function registerDeveloperAccess(app: FastifyInstance): void {
  app.decorate('developerRoutes', [] as string[]);
  app.addHook('onRoute', (route) => {
    if (!route.config?.developer) return;
    // The flag narrows a signed-in route; on a public one there would be nobody to check.
    if (route.config.access === 'public' || route.config.access === undefined) {
      throw new Error(`${route.url}: a developer-only route must be signed in (access 'authenticated')`);
    }
    for (const method of [route.method].flat()) app.developerRoutes.push(`${method} ${route.url}`);
  });
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.routeOptions.config.developer) return done();
    if (!request.auth) return done(new AppError('unauthenticated'));
    done(isDeveloper(request.auth) ? undefined : new AppError('forbidden'));
  });
}
