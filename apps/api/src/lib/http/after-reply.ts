import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * Work a route starts and does not wait for: it runs once the reply has gone (the next turn of the
 * event loop), its failure is logged, and closing the app waits for it so a shutdown never cuts it
 * off halfway. For answers that must not wait on slow work (webhooks) or must not reveal by their
 * timing what the work found (password-reset requests).
 */
export function afterReply(app: FastifyInstance, log: FastifyBaseLogger) {
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => void (await Promise.allSettled([...running])));
  return (work: () => Promise<void>, failure: string, context: Record<string, unknown> = {}) => {
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => log.error({ err: error, ...context }, failure))
      .finally(() => running.delete(task));
    running.add(task);
  };
}
