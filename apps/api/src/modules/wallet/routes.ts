import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bankDeleteBody,
  bankDetailsBody,
  depositBody,
  savingsBody,
  walletPinBody,
  periodInOrder,
  walletPinResetBody,
  walletTransactionFilterFields,
  withdrawBody,
} from '@ruwa/contract';
import {
  bankDetailReply,
  bankReply,
  depositReply,
  pageOf,
  pinResetSentReply,
  resolvedAccountReply,
  virtualAccountReply,
  walletPinReply,
  walletReply,
  walletTransactionRowReply,
  withdrawalReply,
} from '@ruwa/contract/replies';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/http/envelope';
import { envelope, errorResponses } from '../../lib/http/openapi';
import { offsetOf, pageQuery, toPage } from '../../lib/http/pagination';
import { currentUser, type Guards } from '../auth/guards';
import * as wallet from './service';
import { registerWithdrawalHoldRoutes, withdrawalResult } from './withdrawal-routes';

export async function registerWalletRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { onRequest: guards.requireUser };
  wallet.installAccountLookupLimits(app, ctx);
  registerWithdrawalHoldRoutes(app, ctx, guards);

  api.get(
    '/wallet/me',
    {
      ...user,
      schema: {
        tags: ['wallet'],
        summary: 'The wallet balance and savings',
        response: { 200: envelope(walletReply) },
      },
    },
    async (request) => ok(await wallet.getWallet(ctx.db, currentUser(request).id)),
  );

  api.get(
    '/wallet-transactions/me',
    {
      ...user,
      schema: {
        tags: ['wallet'],
        summary: 'Wallet movements',
        description:
          'Newest first. Filters: `type` (a transaction type), `from` and `to` (Lagos days, YYYY-MM-DD, both ' +
          'included) and `q` (text in the description, TX id or reference; a phone number however typed; a ' +
          'purchase number such as VTU-12, finding its payment and refund). ' +
          'Each row has its `outcome`: a purchase refunded later is `refunded`, naming its refund.',
        querystring: pageQuery.extend(walletTransactionFilterFields).superRefine(periodInOrder),
        response: { 200: envelope(pageOf(walletTransactionRowReply)) },
      },
    },
    async (request) => {
      const { type, from, to, q } = request.query;
      const { rows, total } = await wallet.listTransactions(
        ctx.db,
        currentUser(request).id,
        { limit: request.query.per_page, offset: offsetOf(request.query) },
        { type, from, to, q },
      );
      return ok(toPage(rows, total, request.query, request.url));
    },
  );

  api.post(
    '/wallet-transactions/deposit/paystack',
    {
      ...user,
      schema: {
        tags: ['wallet'],
        summary: 'Credit a verified card deposit',
        response: { 200: envelope(depositReply), ...errorResponses(409, 502) },
        body: depositBody,
      },
    },
    async (request) => {
      const result = await wallet.deposit(ctx, currentUser(request).id, request.body);
      return ok(result, result.created ? 'Deposit successful' : 'This deposit was already credited');
    },
  );

  api.get(
    '/banks',
    {
      ...user,
      schema: {
        tags: ['wallet'],
        summary: 'Nigerian banks',
        response: { 200: envelope(z.array(bankReply)), ...errorResponses(502) },
      },
    },
    async () => ok(await wallet.listBanks(ctx)),
  );

  api.get(
    '/banks/resolve',
    {
      // Names behind account numbers: only for a proven phone, limited per customer (banks.ts).
      onRequest: guards.requireVerifiedPhone('look up a bank account'),
      schema: {
        tags: ['wallet'],
        summary: 'The account name for a bank account number',
        description:
          'Needs a verified phone (403 `phone_unverified`). Limited per customer a minute and a day (429 with ' +
          'Retry-After); an account looked up in the last 24 hours is answered again without counting.',
        response: { 200: envelope(resolvedAccountReply), ...errorResponses(429, 502) },
        querystring: z.object({
          account_number: z.string().regex(/^\d{10}$/, 'The account number must be 10 digits (NUBAN).'),
          bank_code: z.string().min(1, 'Please select a bank').max(10),
        }),
      },
    },
    async (request) => {
      const { bank, accountName } = await wallet.lookUpAccount(
        ctx,
        request,
        request.query.account_number,
        request.query.bank_code,
      );
      return ok({
        account_name: accountName,
        account_number: request.query.account_number,
        bank_code: bank.code,
        bank_name: bank.name,
      });
    },
  );

  api.post(
    '/wallet/store/bank-details',
    {
      // Saving looks the account up too, through the same guard and limits as /banks/resolve.
      onRequest: guards.requireVerifiedPhone('save a bank account'),
      schema: {
        tags: ['wallet'],
        summary: 'Save a bank account for withdrawals',
        description: 'Needs a verified phone; the look-up of the account counts as /banks/resolve does.',
        response: { 200: envelope(bankDetailReply), ...errorResponses(409, 429, 502) },
        body: bankDetailsBody,
      },
    },
    async (request) =>
      ok(
        await wallet.addBankAccount(ctx, currentUser(request), request.body, request),
        'Bank details have been stored',
      ),
  );

  api.post(
    '/wallet/delete/bank-details',
    {
      ...user,
      schema: {
        tags: ['wallet'],
        summary: 'Remove a saved bank account',
        response: { 200: envelope(z.null()), ...errorResponses(404) },
        body: bankDeleteBody,
      },
    },
    async (request) => {
      await wallet.deleteBankAccount(ctx, currentUser(request).id, request.body.id);
      return ok(null, 'Bank account removed');
    },
  );

  api.post(
    '/wallet-transactions/withdraw',
    {
      // Money leaving the app: only from an account whose phone number is proven.
      onRequest: guards.requireVerifiedPhone('withdraw'),
      schema: {
        tags: ['wallet'],
        summary: 'Withdraw to a saved bank account',
        description:
          'Once a wallet PIN is set, the body carries `pin`. The money is set aside at once; the answer is ' +
          '`held` (with `hold_reason` and `held_until`) when the bank transfer must wait: for 24 hours after ' +
          'the PIN or the password was reset, or above the admins’ amount to a bank account saved in the ' +
          'last 24 hours.',
        response: { 200: envelope(withdrawalReply), ...errorResponses(404, 409, 423, 502) },
        body: withdrawBody,
      },
    },
    async (request) => {
      const row = await wallet.withdraw(ctx, currentUser(request).id, request.body);
      return ok(
        await withdrawalResult(ctx, row),
        row.status === 'held' && row.holdReason
          ? wallet.heldMessage(row.holdReason, row.amountKobo, row.destination, row.heldUntil)
          : 'Withdrawal request have been submitted',
      );
    },
  );

  api.post(
    '/wallet/savings/deposit',
    {
      ...user,
      schema: {
        tags: ['wallet'],
        summary: 'Move money from the wallet to savings',
        response: { 200: envelope(walletReply), ...errorResponses(409) },
        body: savingsBody,
      },
    },
    async (request) =>
      ok(await wallet.moveToSavings(ctx, currentUser(request).id, request.body.amount), 'Moved to savings'),
  );
  api.post(
    '/wallet/savings/withdraw',
    {
      ...user,
      schema: {
        tags: ['wallet'],
        summary: 'Move money from savings to the wallet',
        description: 'Once a wallet PIN is set, the body carries `pin`.',
        response: { 200: envelope(walletReply), ...errorResponses(409, 423) },
        body: savingsBody,
      },
    },
    async (request) =>
      ok(
        await wallet.moveFromSavings(ctx, currentUser(request).id, request.body.amount, request.body.pin),
        'Moved to your wallet',
      ),
  );

  api.post(
    '/wallet/pin',
    {
      ...user,
      schema: {
        tags: ['wallet'],
        summary: 'Set or change the wallet PIN',
        description:
          'The account password always; to change a PIN already set, `current_pin` too (a wrong one counts ' +
          'towards the lock).',
        response: { 200: envelope(walletPinReply), ...errorResponses(423, 429) },
        body: walletPinBody,
      },
    },
    async (request) => {
      const state = await wallet.setWalletPin(ctx, currentUser(request), request.body, request);
      return ok({ pin_set: state.set }, 'Your wallet PIN is set');
    },
  );

  api.post(
    '/wallet/pin/reset-request',
    {
      ...user,
      schema: {
        tags: ['wallet'],
        summary: 'Send a link or an SMS code to choose a new wallet PIN',
        description:
          'Only once a PIN is set (else 422 on `pin`). A link goes to a verified e-mail address; with the ' +
          'e-mail unverified, a 6-digit code goes by SMS to a verified phone (both work once, for 30 ' +
          'minutes); with neither verified, 422 on `email`. `sent_to` says which; a new request replaces ' +
          'the last link or code. Sends are a minute apart and five in 24 hours at most (else 429 with ' +
          'Retry-After, nothing replaced). 502 when the SMS could not be sent.',
        response: { 200: envelope(pinResetSentReply), ...errorResponses(422, 429, 502) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const sent = await wallet.requestPinReset(ctx, user);
      return ok(
        sent,
        sent.sent_to === 'phone'
          ? `We sent a 6-digit code to your phone ending in ${user.phoneNumber.slice(-4)}. It works once, for 30 minutes.`
          : 'We sent a link to your e-mail address. It works for 30 minutes.',
      );
    },
  );

  api.post(
    '/wallet/pin/reset',
    {
      ...user,
      schema: {
        tags: ['wallet'],
        summary: 'Choose a new wallet PIN from the e-mailed link or the SMS code',
        description:
          'The account password and exactly one of `token` (the e-mailed link) or `code` (the 6-digit SMS ' +
          'code); lifts a lock from wrong PINs. A wrong code is 422 on `code` and counts: after five the ' +
          'code is dead and a new one must be asked for.',
        response: { 200: envelope(walletPinReply), ...errorResponses(429) },
        body: walletPinResetBody,
      },
    },
    async (request) => {
      const state = await wallet.resetWalletPin(ctx, currentUser(request), request.body, request);
      return ok({ pin_set: state.set }, 'Your new wallet PIN is set');
    },
  );

  api.get(
    '/wallet/virtual-account',
    {
      // A bank account in the customer's name: only for an account whose phone number is proven.
      onRequest: guards.requireVerifiedPhone('get a bank account for transfers'),
      schema: {
        tags: ['wallet'],
        summary: 'The bank account that funds this wallet by transfer',
        description: 'Opened with Paystack (Dedicated Virtual Account) on the first request.',
        response: { 200: envelope(virtualAccountReply), ...errorResponses(502) },
      },
    },
    async (request) => ok(await wallet.getVirtualAccount(ctx, currentUser(request))),
  );
}
