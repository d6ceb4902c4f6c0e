import { useState } from 'react';
import { Button, Card, FormGroup, H3, HTMLTable, InputGroup, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, type ContributionProps } from '@tezgah/core';

/** Pages, a widget, a quick-add form, a settings page and a slot fill of the demo plugin. */
export function page(title: string) {
  const Page = (props: ContributionProps) => (
    <Card>
      <H3>{title}</H3>
      <p>{props.host.session?.companyName}</p>
    </Card>
  );
  Page.displayName = `DemoPage(${title})`;
  return Page;
}

export function CustomerPage(props: ContributionProps) {
  return (
    <Card>
      <H3>Müşteriler</H3>
      <HTMLTable compact striped>
        <thead><tr><th>Ad</th><th>Bakiye</th></tr></thead>
        <tbody>
          <tr><td>Ayşe Yılmaz</td><td>{formatMoney(1250.5)}</td></tr>
          <tr><td>Mehmet Kaya</td><td>{formatMoney(-80)}</td></tr>
        </tbody>
      </HTMLTable>
      <p>{props.host.can({ module: 6, anyActions: [2] }) ? 'Yeni müşteri eklenebilir.' : 'Yalnızca görüntüleme.'}</p>
    </Card>
  );
}

export function SalesWidget() {
  return (
    <div className="tz-demo-widget">
      <strong>{formatMoney(18430.75)}</strong>
      <span> · 42 satış</span>
    </div>
  );
}

export function QuickCustomer(props: ContributionProps) {
  const [name, setName] = useState('');
  return (
    <form onSubmit={(e) => { e.preventDefault(); props.host.notify.success(`${name} eklendi`); }}>
      <FormGroup label="Müşteri adı" labelFor="demo-quick-name">
        <InputGroup id="demo-quick-name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
      </FormGroup>
      <Button type="submit" intent="primary" text="Kaydet" disabled={!name} />
    </form>
  );
}

export function PreferencesPage(props: ContributionProps) {
  const { t } = useTranslation('demo');
  const [on, setOn] = useState(true);
  return (
    <Card>
      <H3>Demo tercihleri</H3>
      <Switch label="Satış sonrası fiş yazdır" checked={on} onChange={(e) => setOn(e.currentTarget.checked)} />
      <Button intent="primary" text="Kaydet" onClick={() => props.host.notify.success(t('saved'))} />
    </Card>
  );
}

export function CustomerNotesTab() {
  const { t } = useTranslation('demo');
  return (
    <Card>
      <H3>{t('notes')}</H3>
      <p>Ayşe Yılmaz: reçeteleri her ay başında hazırlanır.</p>
    </Card>
  );
}
