import { ONMUHASEBE, type http } from '../../../../../packages/server/test/http';

type Api = ReturnType<typeof http>;

/**
 * Test helper: a user of the owner's company holding exactly `codes` (a role of their own),
 * activated and signed in. Returns the user's token.
 */
export async function userWith(api: Api, ownerToken: string, login: string, codes: string[]): Promise<string> {
  const role = await api.call('POST', `${ONMUHASEBE}/roles`, { token: ownerToken, body: { name: `Rol ${login}`, authorities: codes } });
  if (role.status !== 201) throw new Error(`role for ${login}: ${role.status} ${role.text}`);
  const email = `${login}@example.com`;
  const user = await api.call('POST', '/api/users', { token: ownerToken, body: { login, firstName: 'Test', lastName: login, email, roleIds: [role.body.id] } });
  if (user.status !== 201) throw new Error(`user ${login}: ${user.status} ${user.text}`);
  const admin = await api.signIn('yonetici');
  const mail = (await api.call('GET', `${ONMUHASEBE}/outbox-messages?recipient=${encodeURIComponent(email)}`, { token: admin })).body[0];
  const key = /key=([0-9a-f]{40})/.exec(mail.body)![1];
  const done = await api.call('POST', '/api/account/password-reset-activate/finish', { body: { key, newPassword: 'parola12' } });
  if (done.status !== 200) throw new Error(`activate ${login}: ${done.status} ${done.text}`);
  return api.signIn(login, 'parola12');
}
