import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/http/errors';

/**
 * Test-only fault injection for the provider sandboxes: a sandbox can be told to hang,
 * answer 5xx, answer unreadable JSON, or drop its webhooks, so tests can show that the app degrades
 * with clear messages and that the reconciliation jobs recover every kobo. Mounted only with the
 * sandboxes and only when `config.sandboxFaults` (NODE_ENV=test or SANDBOX_FAULTS=1, never production).
 * State lives in the process, like a real outage seen from one instance.
 */
export const FAULT_PROVIDERS = ['paystack', 'vtu', 'sms'] as const;
export const FAULT_MODES = ['timeout', 'error_5xx', 'malformed_json', 'drop_webhooks', 'none'] as const;
export type FaultProvider = (typeof FAULT_PROVIDERS)[number];
export type RequestFault = 'timeout' | 'error_5xx' | 'malformed_json';

/** The longest a "timeout" holds a request whose caller never hangs up. */
const MAX_HOLD_MS = 60_000;

type Slot = { remaining: number | null };
type ProviderFaults = { request: (Slot & { mode: RequestFault }) | null; webhooks: Slot | null };

export class SandboxFaults {
  private readonly state = new Map<FaultProvider, ProviderFaults>(
    FAULT_PROVIDERS.map((p) => [p, { request: null, webhooks: null }]),
  );

  /** `times` limits the fault to that many requests (or webhooks); without it, it lasts until cleared. */
  set(provider: FaultProvider, mode: (typeof FAULT_MODES)[number], times?: number) {
    const faults = this.state.get(provider)!;
    const remaining = times ?? null;
    if (mode === 'none') Object.assign(faults, { request: null, webhooks: null });
    else if (mode === 'drop_webhooks') faults.webhooks = { remaining };
    else faults.request = { mode, remaining };
  }

  clearAll() {
    for (const provider of FAULT_PROVIDERS) this.set(provider, 'none');
  }

  describe() {
    return Object.fromEntries(
      FAULT_PROVIDERS.map((provider) => {
        const { request, webhooks } = this.state.get(provider)!;
        return [
          provider,
          {
            request: request ? { mode: request.mode, remaining: request.remaining } : null,
            drop_webhooks: webhooks ? { remaining: webhooks.remaining } : null,
          },
        ];
      }),
    );
  }

  /** Uses up one request fault, if one is set. */
  takeRequest(provider: FaultProvider): RequestFault | null {
    const faults = this.state.get(provider)!;
    const slot = faults.request;
    if (!slot || !use(slot)) return null;
    if (slot.remaining === 0) faults.request = null;
    return slot.mode;
  }

  /** True when this webhook must be dropped (and uses up one drop). */
  takeWebhookDrop(provider: FaultProvider): boolean {
    const faults = this.state.get(provider)!;
    const slot = faults.webhooks;
    if (!slot || !use(slot)) return false;
    if (slot.remaining === 0) faults.webhooks = null;
    return true;
  }
}

function use(slot: Slot): boolean {
  if (slot.remaining === null) return true;
  if (slot.remaining <= 0) return false;
  slot.remaining -= 1;
  return true;
}

const registry = new WeakMap<AppContext, SandboxFaults>();

/** The fault switchboard of this app, or null when fault injection is not allowed here. */
export function sandboxFaults(ctx: AppContext): SandboxFaults | null {
  if (!ctx.config.sandboxFaults || ctx.config.NODE_ENV === 'production') return null;
  let faults = registry.get(ctx);
  if (!faults) registry.set(ctx, (faults = new SandboxFaults()));
  return faults;
}

const chosen = new WeakMap<FastifyRequest, RequestFault>();

/**
 * Makes a sandbox scope misbehave as told. `applies` picks the routes our server calls (the
 * provider's API), never the checkout pages a person or a test uses to pay.
 *  - error_5xx: a gateway's HTML 503 before the provider does anything;
 *  - timeout: the request is held until the caller gives up, then carried out (the provider did the
 *    work; the answer was lost), which is the case that can double-spend if handled wrongly;
 *  - malformed_json: carried out, but the answer is cut in half.
 */
export function installFaultHooks(
  scope: FastifyInstance,
  faults: SandboxFaults,
  provider: FaultProvider,
  applies: (url: string) => boolean = () => true,
) {
  scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!applies(request.url)) return;
    const mode = faults.takeRequest(provider);
    if (!mode) return;
    if (mode === 'error_5xx') {
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send(
          '<html><head><title>503 Service Temporarily Unavailable</title></head><body><h1>503 Service Temporarily Unavailable</h1></body></html>',
        );
    }
    chosen.set(request, mode);
  });
  scope.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (chosen.get(request) !== 'timeout') return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, MAX_HOLD_MS);
      timer.unref();
      reply.raw.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  });
  scope.addHook('onSend', async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    if (chosen.get(request) !== 'malformed_json' || typeof payload !== 'string') return payload;
    // A strict prefix of a JSON object is never valid JSON.
    return payload.length > 1 ? payload.slice(0, Math.floor(payload.length / 2)) : '{';
  });
}

const faultBody = z.object({
  provider: z.enum(FAULT_PROVIDERS),
  mode: z.enum(FAULT_MODES),
  times: z.number().int().min(1).max(1000).optional(),
});

/** `POST /sandbox/faults {provider, mode, times?}` sets a fault; `GET /sandbox/faults` shows them. */
export async function registerFaultRoutes(app: FastifyInstance, ctx: AppContext) {
  const faults = sandboxFaults(ctx);
  if (!faults) return;
  const mounted: Record<FaultProvider, boolean> = {
    paystack: ctx.config.sandbox,
    vtu: ctx.config.vtuSandbox,
    sms: ctx.config.smsSandbox,
  };
  const s = app.withTypeProvider<ZodTypeProvider>();
  s.get('/sandbox/faults', { schema: { hide: true } }, async () => ({
    message: 'Sandbox faults',
    data: faults.describe(),
  }));
  s.post('/sandbox/faults', { schema: { hide: true, body: faultBody } }, async (request) => {
    const { provider, mode, times } = request.body;
    if (!mounted[provider])
      throw new AppError('validation', `The ${provider} sandbox is not mounted.`, {
        provider: [`The ${provider} sandbox is not mounted.`],
      });
    if (provider !== 'paystack' && mode === 'drop_webhooks') {
      const message = `The ${provider === 'vtu' ? 'VTU' : 'SMS'} sandbox sends no webhooks.`;
      throw new AppError('validation', message, { mode: [message] });
    }
    faults.set(provider, mode, times);
    return {
      message:
        mode === 'none'
          ? `${provider} sandbox faults cleared`
          : `${provider} sandbox: ${mode}${times ? ` for ${times}` : ''}`,
      data: faults.describe(),
    };
  });
}
