import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@tezgah/core';

/** The cart's lines: static demo content, as the seeds say. */
const DEMO = [
  { key: 'item1', qty: 2, price: 84.5 },
  { key: 'item2', qty: 1, price: 129.9 },
];

/** The cart dropdown (seeds 000 §2): static demo content. */
export function CartDropdown() {
  const { t } = useTranslation();
  const total = DEMO.reduce((s, l) => s + l.qty * l.price, 0);
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu aria-label={t('shell.cart.title')} className="tz-dropdown">
          <MenuDivider title={t('shell.cart.title')} />
          {DEMO.map((l) => (
            <MenuItem key={l.key} icon="box" text={t(`shell.cart.${l.key}`)} label={`${l.qty} × ${formatMoney(l.price)}`} />
          ))}
          <MenuDivider />
          <MenuItem disabled text={t('shell.cart.total')} label={formatMoney(total)} />
          <MenuItem icon="shopping-cart" intent="primary" text={t('shell.cart.checkout')} />
        </Menu>
      }
    >
      <Button variant="minimal" icon="shopping-cart" aria-label={t('shell.cart.title')} title={t('shell.cart.title')}>
        <span className="tz-badge" aria-hidden>{DEMO.length}</span>
      </Button>
    </PopoverNext>
  );
}
