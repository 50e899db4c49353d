import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** What registerPaystackSandbox hands each Paystack API area it fakes. */
export type SandboxTools = {
  requireSecret: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  answer: (reply: FastifyReply, status: number, message: string, data?: unknown) => FastifyReply;
  sendWebhook: (event: string, data: Record<string, unknown>, delayMs?: number) => void;
};

export const code = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

/** Paystack's own envelope, so the real client reads the sandbox exactly as it reads Paystack. */
export const answer = (reply: FastifyReply, status: number, message: string, data?: unknown) =>
  reply
    .code(status)
    .send(data === undefined ? { status: status < 400, message } : { status: status < 400, message, data });

/** Paystack's paging fields of a list's `meta`. */
export const pageMeta = (total: number, perPage: number, page: number) => ({
  skipped: (page - 1) * perPage,
  perPage,
  page,
  pageCount: Math.max(1, Math.ceil(total / perPage)),
});

/** A list's paging query as Paystack names it. */
export const pageQuery = {
  perPage: z.coerce.number().int().min(1).max(1000).default(50),
  page: z.coerce.number().int().min(1).default(1),
};
