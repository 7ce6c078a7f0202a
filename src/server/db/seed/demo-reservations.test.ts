import { expect, it } from 'vitest';
import { describeApi } from '../../../../tests/support/test-app';
import { DEMO_ACCOUNTS } from './data/accounts';
import { seedDemoReservations } from './demo-reservations';
import { seedDemo } from './seed';

describeApi(
  'demo reservations',
  (t) => {
    const signIn = async (account: { email: string; password: string }) => {
      const { status, body } = await t().json<{ access_token: string }>('POST', '/api/v1/users/email_password_login', {
        token: await t().guestToken(),
        body: { email: account.email, password: account.password },
      });
      expect(status).toBe(200);
      return body.access_token;
    };

    it('gives the demo user an accepted, a pending and an action-needed reservation, through the real rules', async () => {
      const { status, body } = await t().json<{ items: { status: string; history: { to: string; message: string | null }[] }[] }>(
        'GET',
        '/api/v1/reservations',
        { token: await signIn(DEMO_ACCOUNTS.user) },
      );
      expect(status).toBe(200);
      expect(body.items.map((reservation) => reservation.status).sort()).toEqual(['accepted', 'action_needed', 'pending']);
    });

    it('shows them to the demo organizer, counted per status', async () => {
      const { status, body } = await t().json<{ items: unknown[]; counts: Record<string, number> }>('GET', '/api/v1/organizer/reservations', {
        token: await signIn(DEMO_ACCOUNTS.organizer),
      });
      expect(status).toBe(200);
      expect(body.items).toHaveLength(3);
      expect(body.counts).toMatchObject({ accepted: 1, pending: 1, action_needed: 1 });
    });
  },
  {
    prepare: async (services) => {
      await seedDemo(services.database);
      expect(await seedDemoReservations(services)).toBe(3);
    },
  },
);
