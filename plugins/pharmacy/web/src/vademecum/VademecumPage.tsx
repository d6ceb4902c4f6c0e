import { Callout, H2, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { formatDate, type ContributionProps } from '@tezgah/core';
import { useApiData } from '@tezgah/workbench/ui';
import { call, colorLabel, PATHS, wordsOf } from '../api';
import { useTexts } from '../texts';

export interface VademecumMedicine {
  barcode: string; name: string; atcCode: string | null; atcName: string | null; substance: string | null; firm: string | null; color: string | null; active: boolean;
  sgkPublicNo: string | null; equivalentGroup: string | null; licenceNo?: string | null; licenceDate?: string | null; form: string | null; strength: string | null;
  equivalents: { barcode: string; name: string; firm: string | null; active: boolean; match: 'EQUIVALENT_GROUP' | 'ATC_FORM' }[];
}

/** The drug-information link of a counter line: a fresh token (vademecum-iframe-token) and the medicine's barcode. */
export async function vademecumUrl(api: Parameters<typeof call>[0], barcode: string): Promise<string> {
  const r = await call(api)('GET', PATHS.vademecumToken) as { url: string };
  return `${r.url}${r.url.includes('?') ? '&' : '?'}barcode=${encodeURIComponent(barcode)}`;
}

/**
 * /vademecum?token=…&barcode=…: our stand-in for the external Vademecum drug-information site
 * (seeds 001 §7 vademecum-iframe-token): the medicine and its equivalents from the shared lists
 * (TİTCK, SKRS, SGK EK-4/A), without prices, read with the short-lived token (vademecum-medicine).
 */
export default function VademecumPage(_props: ContributionProps) {
  const { t, i18n } = useTexts();
  const lang = i18n.language === 'en' ? 'en' : 'tr';
  const q = new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search);
  const token = q.get('token') ?? '';
  const barcode = q.get('barcode') ?? '';
  const valid = Boolean(token) && /^[0-9]{8,14}$/.test(barcode);
  const read = useApiData(
    ['GET', PATHS.vademecumMedicine, { barcode, token }],
    (api) => call(api)('GET', PATHS.vademecumMedicine, { params: { path: { barcode }, query: { token } } }) as Promise<VademecumMedicine>,
    { enabled: valid, report: false },
  );
  const m: VademecumMedicine | null = read.data ?? null;
  const error: string | null = !valid ? t('vademecum.missing') : read.isError ? (wordsOf(read.error) || t('vademecum.missing')) : null;
  const colorOf = (c: string | null) => (c ? colorLabel(c, lang) : '');
  return (
    <section aria-label={t('vademecum.title')}>
      <H2>{m ? m.name : t('vademecum.title')}</H2>
      {error ? <Callout intent="warning" role="alert">{error}</Callout> : m === null ? <Spinner size={24} /> : (
        <>
          <dl style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: '2px 16px' }}>
            {([
              ['barcode', m.barcode], ['atc', [m.atcCode, m.atcName].filter(Boolean).join(' · ')], ['substance', m.substance], ['firm', m.firm], ['form', m.form], ['strength', m.strength],
              ['color', colorOf(m.color)], ['status', m.active ? t('vademecum.active') : t('vademecum.passive')], ['equivalentGroup', m.equivalentGroup], ['sgkNo', m.sgkPublicNo],
              ['licence', [m.licenceNo, m.licenceDate ? formatDate(m.licenceDate) : null].filter(Boolean).join(' · ')],
            ] as const).map(([k, v]) => <div key={k}><dt className="bp6-text-muted">{t(`vademecum.${k}`)}</dt><dd style={{ margin: 0 }}>{v || '—'}</dd></div>)}
          </dl>
          <h3>{t('vademecum.equivalents')}</h3>
          {m.equivalents.length === 0 ? <NonIdealState icon="exchange" title={t('vademecum.none')} /> : (
            <HTMLTable compact striped aria-label={t('vademecum.equivalents')} style={{ width: '100%' }}>
              <tbody>
                {m.equivalents.map((e) => (
                  <tr key={e.barcode}>
                    <td>{e.barcode}</td><td>{e.name}</td><td>{e.firm ?? ''}</td>
                    <td><Tag minimal>{t(`vademecum.match.${e.match}`)}</Tag>{e.active ? null : <> <Tag minimal intent="warning">{t('vademecum.passive')}</Tag></>}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
          <p className="bp6-text-muted"><small>{t('vademecum.note')}</small></p>
        </>
      )}
    </section>
  );
}
