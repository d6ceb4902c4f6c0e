import { useState } from 'react';
import { Button, Dialog, DialogBody, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { isQuickAddVisible, type QuickAddDecl } from '@tezgah/core';
import { useShell } from '../../host/HostProvider';
import { Contribution } from '../../host/Contribution';
import type { Contributed } from '../../host/registry';

/**
 * The quick-add menu (seeds 000 §2: quick-add dialogs for account, customer, product/service,
 * tax, warehouse, tag): the dialogs the plugins declare that the session may use, each opened
 * over the current page with the plugin's form loaded on first use.
 */
export function QuickAddMenu() {
  const shell = useShell();
  const { t } = useTranslation();
  const [open, setOpen] = useState<Contributed<QuickAddDecl> | null>(null);
  const visible = shell.registry.quickAdds.filter((q) => isQuickAddVisible(q.decl, shell.gate));
  if (!visible.length) return null;
  const title = (q: Contributed<QuickAddDecl>) => (q.decl.titleKey ? t(q.decl.titleKey, { ns: q.pluginId, defaultValue: q.decl.title }) : q.decl.title);
  return (
    <>
      <PopoverNext
        placement="bottom-end"
        content={
          <Menu aria-label={t('shell.quickAdd')}>
            {visible.map((q) => (
              <MenuItem key={`${q.pluginId}/${q.decl.id}`} icon="add" text={title(q)} onClick={() => setOpen(q)} />
            ))}
          </Menu>
        }
      >
        <Button variant="minimal" icon="add" aria-label={t('shell.quickAdd')} title={t('shell.quickAdd')} />
      </PopoverNext>
      <Dialog isOpen={open !== null} onClose={() => setOpen(null)} title={open ? title(open) : ''} style={{ width: 'min(640px, 96vw)' }}>
        <DialogBody>{open && <Contribution key={`${open.pluginId}/${open.decl.id}`} load={open.load} />}</DialogBody>
      </Dialog>
    </>
  );
}
