// Settings the web needs before sign-in: the footer's corporate, customer service, shop and contact links, and
// whether the server runs with the demo data.
import { publicSettingsSchema } from '@bottega/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/settings',
    { config: { access: 'public' }, schema: { tags: ['settings'], response: { 200: publicSettingsSchema } } },
    async () => ({ data: { footer: app.config.footer, demo: app.config.seedDemo } }),
  );
};
