import { sql } from 'kysely';
import { verifyToken } from '../identity/token';
import { problems } from './problem';
import type { Auth, Services } from './types';

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Resolves the caller from `Authorization: Bearer` (or the `access-token` header the browser
 * client also sends) and checks it against a live session, the user's membership of the token's
 * company and the `company-id` header. One query.
 */
export async function authenticateRequest(services: Services, headers: Record<string, string | string[] | undefined>): Promise<Auth> {
  const authz = header(headers, 'authorization');
  const bearer = authz && /^Bearer\s+/i.test(authz) ? authz.replace(/^Bearer\s+/i, '').trim() : undefined;
  const accessToken = header(headers, 'access-token')?.trim();
  if (bearer && accessToken && bearer !== accessToken) {
    throw problems.unauthorized('Authorization ve access-token başlıkları farklı oturumlara ait.', 'TOKEN_MISMATCH');
  }
  const token = bearer || accessToken;
  if (!token) throw problems.unauthorized();
  const claims = verifyToken(token, services.secret);
  if (!claims) throw problems.unauthorized('Oturum geçersiz veya süresi dolmuş; lütfen tekrar giriş yapın.', 'INVALID_TOKEN');

  const companyHeader = header(headers, 'company-id');
  if (companyHeader !== undefined && companyHeader !== '' && companyHeader !== String(claims.cid)) {
    throw problems.forbidden('company-id başlığı oturumun şirketiyle uyuşmuyor.', 'COMPANY_MISMATCH');
  }

  const row = await sql<{
    user_id: number; login: string; activated: boolean; actor_id: number | null; actor_login: string | null;
    expires_at: Date; revoked_at: Date | null; member: boolean; auths: [number, number, number][];
  }>`
    select s.user_id, u.login, u.activated, s.actor_id, a.login as actor_login, s.expires_at, s.revoked_at,
      exists (select 1 from user_companies uc join companies c on c.id = uc.company_id
              where uc.user_id = s.user_id and uc.company_id = ${claims.cid} and c.active) as member,
      coalesce((select json_agg(distinct jsonb_build_array(ra.module_id, ra.action_id,
                   case when r.all_companies then 0 else ur.company_id end))
                from user_roles ur
                join roles r on r.company_id = ur.company_id and r.id = ur.role_id
                join role_authorities ra on ra.company_id = r.company_id and ra.role_id = r.id
                where ur.user_id = s.user_id), '[]'::json) as auths
    from sessions s
    join users u on u.id = s.user_id
    left join users a on a.id = s.actor_id
    where s.id = ${claims.sid}`.execute(services.db);
  const s = row.rows[0];
  const now = services.now();
  if (!s || s.revoked_at || s.expires_at <= now || String(s.user_id) !== claims.sub) {
    throw problems.unauthorized('Oturum sona erdi; lütfen tekrar giriş yapın.', 'SESSION_ENDED');
  }
  if (!s.activated) throw problems.notActivated();
  if (!s.member) throw problems.forbidden('Bu şirkete erişiminiz yok.', 'NOT_A_MEMBER');
  const auths = typeof s.auths === 'string' ? JSON.parse(s.auths) : s.auths;
  return {
    userId: s.user_id,
    login: s.login,
    companyId: claims.cid,
    sessionId: claims.sid,
    authorities: (auths as [number, number, number][]).map(([m, a, c]) => ({ authorityCode: `${m}_${a}`, companyId: c })),
    actor: s.actor_id && s.actor_login ? { id: s.actor_id, login: s.actor_login } : null,
    expiresAt: s.expires_at,
  };
}
