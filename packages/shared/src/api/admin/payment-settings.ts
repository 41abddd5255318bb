/**
 * The card payment providers in the panel's settings (`GET /api/admin/settings/payments`, owners): each
 * provider's state, the chosen one and PayTR's notification URL. Keys are named with whether they are set;
 * their values never leave the server. Brings zod: imported by path.
 */
import { z } from '../../zod.ts';
import { PAYMENT_PROVIDER_NAMES } from './settings.ts';

const providerName = z.enum(PAYMENT_PROVIDER_NAMES);

export const paymentSettingsAnswer = z.object({
  chosen: providerName.describe('The `payment_provider` setting: the provider new card payments go to'),
  providers: z.array(
    z.object({
      name: providerName,
      label: z.string(),
      ready: z
        .boolean()
        .describe('Whether it can take payments now (its keys are set, or the test bank is allowed)'),
      mode: z.enum(['test', 'sandbox', 'live']).nullable().describe('null when not ready'),
      reason: z.string().nullable().describe('Why it is not ready, in Turkish; null when ready'),
      keys: z
        .array(z.object({ name: z.string(), set: z.boolean() }))
        .describe('The environment variables it reads and whether each is set (never their values)'),
    }),
  ),
  paytrNotifyUrl: z.string().describe("The URL the owner enters in PayTR's merchant panel (Bildirim URL)"),
});
export type PaymentSettingsAnswer = z.output<typeof paymentSettingsAnswer>;
