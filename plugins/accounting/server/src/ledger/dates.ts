import type { RequestContext } from '@tezgah/server';
import { istanbulDate } from '../currencies/rates/dates';

/**
 * Today in Türkiye (Europe/Istanbul), YYYY-MM-DD, by the request's clock (`ctx.services.now()`,
 * which tests may set): the day a default date, a "not in the future" check or a daily limit means.
 */
export function today(ctx: RequestContext): string {
  return istanbulDate(ctx.services.now());
}
