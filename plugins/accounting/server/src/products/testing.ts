import { ONMUHASEBE, type http } from '../../../../../packages/server/test/http';

type Api = ReturnType<typeof http>;

/** A new member of the owner's company holding exactly these authority codes; returns their token. */
export async function userWith(api: Api, ownerToken: string, login: string, codes: string[]): Promise<string> {
  const role = await api.call('POST', `${ONMUHASEBE}/roles`, { token: ownerToken, body: { name: `Rol ${login}`, authorities: codes } });
  if (role.status !== 201) throw new Error(`role: ${role.status} ${role.text}`);
  const email = `${login}@example.com`;
  const user = await api.call('POST', '/api/users', { token: ownerToken, body: { login, firstName: 'Test', lastName: 'Kullanıcı', email, roleIds: [role.body.id] } });
  if (user.status !== 201) throw new Error(`user: ${user.status} ${user.text}`);
  const admin = await api.signIn('yonetici');
  const mail = (await api.call('GET', `${ONMUHASEBE}/outbox-messages?recipient=${encodeURIComponent(email)}`, { token: admin })).body[0];
  const key = /key=([0-9a-f]{40})/.exec(mail.body)![1];
  await api.call('POST', '/api/account/password-reset-activate/finish', { body: { key, newPassword: 'parola12' } });
  return api.signIn(login, 'parola12');
}

/** A valid product body for the demo general company (company 3: units, VAT, its Merkez Depo). */
export function goods(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Test Ürünü', barcode: `T${Math.random().toString().slice(2, 14)}`, productType: 'COMMERCIAL_GOODS', unitId: 0,
    buyingPrice: 10.5, buyingCurrencyId: 1, salePrice: 14.25, saleCurrencyId: 1, defaultTaxRate: 20, warehouseId: 0, ...over,
  };
}
