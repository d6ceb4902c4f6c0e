import { useState } from 'react';
import { Button, MenuItem } from '@blueprintjs/core';
import { Select } from '@blueprintjs/select';
import { useTranslation } from 'react-i18next';
import { LOCALE } from '@tezgah/core';
import type { UserCompany } from '@tezgah/sdk';
import { useShell } from '../../host/HostProvider';

/**
 * The company selector (seeds 000 §2): the person's active companies; choosing another switches
 * the session to it (POST /api/company-authenticate) and the shell moves to that company's page.
 */
export function CompanySelector() {
  const shell = useShell();
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const current = shell.account?.companyId;
  const currentName = shell.account?.company.name ?? '';
  const companies = shell.companies.filter((c) => c.active || c.companyId === current);
  if (companies.length <= 1) return <span className="tz-company-name" title={t('shell.company')}>{currentName}</span>;
  const choose = async (c: UserCompany) => {
    if (c.companyId === current) return;
    setBusy(true);
    try {
      await shell.switchCompany(c.companyId);
    } catch (e) {
      shell.notify.failure(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Select<UserCompany>
      items={companies}
      itemsEqual="companyId"
      filterable={companies.length > 6}
      itemPredicate={(q, c) => c.name.toLocaleLowerCase(LOCALE).includes(q.toLocaleLowerCase(LOCALE))}
      itemRenderer={(c, { handleClick, handleFocus, modifiers }) => (
        <MenuItem
          key={c.companyId}
          roleStructure="listoption"
          selected={c.companyId === current}
          active={modifiers.active}
          text={c.name}
          label={c.sectorKey === 'ECZ' ? t('shell.pharmacy') : undefined}
          onClick={handleClick}
          onFocus={handleFocus}
        />
      )}
      onItemSelect={(c) => void choose(c)}
      popoverProps={{ minimal: true, placement: 'bottom-start' }}
      menuProps={{ 'aria-label': t('shell.switchCompany') }}
    >
      <Button
        className="tz-company-name"
        variant="minimal"
        icon="office"
        endIcon="caret-down"
        text={<span className="tz-hide-mobile">{currentName}</span>}
        loading={busy}
        aria-label={`${t('shell.switchCompany')}: ${currentName}`}
        title={t('shell.switchCompany')}
      />
    </Select>
  );
}
