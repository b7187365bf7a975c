import { businessDate } from '@bottega/contracts/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, chooseShop, createTestApp, findShopId, signIn, type TestApp } from '../../../test/harness';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test?.close());

describe('GET /api/dashboard', () => {
  it('needs a chosen shop first: 409 shopRequired', async () => {
    const token = await signIn(test.app, 'dipendente');
    const italian = await api(test.app, { url: '/api/dashboard', token });
    expect(italian.statusCode).toBe(409);
    expect(italian.json().code).toBe('shopRequired');
    expect(italian.json().message).toContain('Punto vendita obbligatorio');
    const english = await api(test.app, { url: '/api/dashboard', token, lng: 'en' });
    expect(english.json().message).toBe('Business point required: choose a shop.');
  });

  it('answers the dashboard of the chosen shop', async () => {
    const token = await signIn(test.app, 'dipendente');
    await chooseShop(test.app, token, 'MI01');
    const before = businessDate();
    const response = await api(test.app, { url: '/api/dashboard', token });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect([before, businessDate()]).toContain(data.today);
    expect(data).toEqual({
      today: data.today,
      shop: {
        id: await findShopId(test.db, 'MI01'),
        name: 'Milano Duomo',
        code: 'MI01',
        city: 'Milano',
        companyName: 'Bottega Moda S.r.l.',
      },
      // dipendente, commessa and areacontrollo belong to MI01.
      colleagues: 3,
      // The welcome notification of the demo data.
      unreadNotifications: 1,
      // No sales in the test app (dashboard-todos.api.test.ts counts them): only next week's availability to say.
      todos: [
        { key: 'shiftAvailabilityToChoose', count: 1, oldest: null, link: '/app/user/convalidate/shift#availability' },
      ],
    });
  });

  it('refuses a user without employees.dashboard with 403 forbidden', async () => {
    const token = await signIn(test.app, 'exdipendente');
    const response = await api(test.app, { url: '/api/dashboard', token });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'forbidden', message: 'Non hai il permesso per questa operazione.' });
  });

  it('refuses a call without a session with 401', async () => {
    const response = await api(test.app, { url: '/api/dashboard' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthenticated');
  });

  it('answers only the session’s own shop, whatever else is asked or chosen elsewhere', async () => {
    const milan = await signIn(test.app, 'dipendente');
    await chooseShop(test.app, milan, 'MI01');
    const turin = await signIn(test.app, 'developer');
    await chooseShop(test.app, turin, 'TO01');
    const navigli = await signIn(test.app, 'dipendente');
    await chooseShop(test.app, navigli, 'MI02');

    const turinId = await findShopId(test.db, 'TO01');
    const shopCode = async (token: string, url = '/api/dashboard') => {
      const response = await api(test.app, { url, token });
      expect(response.statusCode).toBe(200);
      return response.json().data.shop.code;
    };
    expect(await shopCode(milan)).toBe('MI01');
    expect(await shopCode(milan, `/api/dashboard?shopId=${turinId}&shop=${turinId}`)).toBe('MI01');
    expect(await shopCode(turin)).toBe('TO01');
    expect(await shopCode(navigli)).toBe('MI02');
  });
});
