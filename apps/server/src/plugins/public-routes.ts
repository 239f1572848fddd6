import type { FastifyInstance } from 'fastify';

/**
 * Registers a third-party plugin whose every route is public by nature (the built web app's files, the API
 * documentation pages), declaring `config.public` on each route it adds. Our own routes declare it themselves;
 * this is for plugins that cannot be told. Only routes added while `register` runs are marked.
 */
export async function withPublicRoutes(app: FastifyInstance, register: () => PromiseLike<unknown>): Promise<void> {
  let marking = true;
  app.addHook('onRoute', (route) => {
    if (marking) route.config = { ...route.config, public: true };
  });
  try {
    await register();
  } finally {
    marking = false;
  }
}
