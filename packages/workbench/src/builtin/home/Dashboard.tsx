import { Card, H2, H5, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { isWidgetVisible } from '@tezgah/core';
import { useShell } from '../../host/HostProvider';
import { Contribution } from '../../host/Contribution';

/** /summary: a greeting and every dashboard widget the session may see, in plugin order. */
export default function Dashboard() {
  const shell = useShell();
  const { t } = useTranslation();
  const widgets = shell.registry.widgets.filter((w) => isWidgetVisible(w.decl, shell.gate));
  const title = (pluginId: string, id: string, fallback: string, key?: string) => (key ? t(key, { ns: pluginId, defaultValue: fallback }) : fallback) || id;
  return (
    <section aria-label={t('shell.home')}>
      <H2>{t('home.welcome', { name: shell.account ? `${shell.account.firstName} ${shell.account.lastName}` : '' })}</H2>
      {widgets.length === 0 ? (
        <NonIdealState icon="dashboard" description={t('home.noWidgets')} />
      ) : (
        <div className="tz-widgets">
          {widgets.map((w) => (
            <Card key={`${w.pluginId}/${w.decl.id}`} className="tz-widget" aria-label={w.decl.title}>
              <H5>{title(w.pluginId, w.decl.id, w.decl.title, w.decl.titleKey)}</H5>
              <Contribution load={w.load} />
            </Card>
          ))}
        </div>
      )}
    </section>
  );
}
