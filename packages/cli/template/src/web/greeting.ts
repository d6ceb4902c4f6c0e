import { cookieTokenStore } from '@tezgah/sdk';

/** The plugin's route (contract/openapi.yaml), as the contract spells it. */
export const GREETING_PATH = '/plugins/__PLUGIN_ID__/greeting';

/** What the route answers. */
export interface Greeting {
  plugin: string;
  login: string;
  companyId: number;
  message: string;
}

/**
 * The read's key for the workbench's data layer (TanStack Query): the operation, method and path.
 * The host's QueryClient keeps it for the session and empties it at a sign-out or a company switch.
 */
export const greetingKey = ['GET', GREETING_PATH] as const;

/**
 * Asks the plugin's route as the signed-in user: the session is in the cookies the workbench
 * keeps (the token and the current company), the same ones the SDK's cookieTokenStore reads.
 */
export async function fetchGreeting(apiBase: string): Promise<Greeting> {
  const session = cookieTokenStore().get();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (session) {
    headers.authorization = `Bearer ${session.token}`;
    headers['access-token'] = session.token;
    if (session.companyId !== null) headers['company-id'] = String(session.companyId);
  }
  const response = await fetch(`${apiBase.replace(/\/+$/, '')}${GREETING_PATH}`, { headers });
  if (!response.ok) throw new Error(`${GREETING_PATH}: HTTP ${response.status}`);
  return (await response.json()) as Greeting;
}
