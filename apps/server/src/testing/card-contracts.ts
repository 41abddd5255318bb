import { createIyzicoProvider } from '@vitrin/core/payments/iyzico/provider';
import { createPaytrProvider } from '@vitrin/core/payments/paytr/provider';
import type { IyzicoServer } from '@vitrin/core/testing/iyzico-server';
import type { PaytrContractServer } from '@vitrin/core/testing/paytr-server';
import type { FastifyInstance } from 'fastify';

type Logger = { error(fields: object, message: string): void };

/** The real iyzico and PayTR adapters against their contract servers (a short wait: "slow" is quick to show). */
export const contractFactories = (
  servers: { iyzico?: IyzicoServer; paytr?: PaytrContractServer },
  logger: Logger,
) => ({
  ...(servers.iyzico
    ? {
        iyzico: () =>
          createIyzicoProvider({
            keys: { ...servers.iyzico!.keys, baseUrl: servers.iyzico!.url },
            timeoutMs: 1_500,
            logger,
          }),
      }
    : {}),
  ...(servers.paytr
    ? {
        paytr: () =>
          createPaytrProvider({
            credentials: servers.paytr!.credentials,
            baseUrl: servers.paytr!.url,
            testMode: true,
            logger,
          }),
      }
    : {}),
});

/** PayTR's server posting its notification to the shop's notify route, as PayTR does. */
export const notifyShop = (app: FastifyInstance) => async (fields: Record<string, string>) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/payments/paytr/notify',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  return { status: res.statusCode, body: res.body };
};
