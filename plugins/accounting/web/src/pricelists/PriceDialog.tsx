import { useEffect, useState, type FormEvent } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@tezgah/core';
import type { components } from '@tezgah/sdk';
import { Field, fieldErrorsFor, reportFailure, useApiList, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { ITEMS, PRODUCTS, discounted, formatPrice, readPrice, readRate, type PriceList, type PriceListProduct } from './model';

type Product = components['schemas']['Product'];

/** How long the product search waits after the last key. */
const SEARCH_DELAY_MS = 300;
const NONE: readonly Product[] = [];

/**
 * Puts a product into a price list (searching the company's products), or changes a product's
 * price and discount there. The unit price must be above zero; the discounted price follows the
 * rate as it is typed. A product already in the list is refused with the seeds' text.
 */
export function PriceDialog(props: { list: PriceList; row: PriceListProduct | null; onClose: () => void; onSaved: () => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const isNew = props.row === null;
  const [search, setSearch] = useState('');
  const [productId, setProductId] = useState<number | null>(props.row?.productId ?? null);
  const [price, setPrice] = useState(props.row ? formatPrice(props.row.price) : '');
  const [rate, setRate] = useState(props.row ? formatNumber(props.row.discountRate) : '0');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const title = isNew ? t('pricelists.detail.addProduct') : t('pricelists.detail.editPrice');

  // A new price's products: the first twenty active ones, narrowed by the search after a pause in typing.
  const [term, setTerm] = useState('');
  useEffect(() => {
    const next = search.trim();
    if (next === term) return undefined;
    const timer = setTimeout(() => setTerm(next), search ? SEARCH_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [search, term]);
  const found: readonly Product[] = useApiList(
    PRODUCTS,
    { params: { query: { page: 0, size: 20, sort: ['name,asc'], status: 'ACTIVE', ...(term ? { search: term } : {}) } } },
    { enabled: isNew, keepPrevious: true },
  ).data?.items ?? NONE;

  function choose(value: string) {
    const id = value ? Number(value) : null;
    setProductId(id);
    const product = found.find((p) => p.id === id);
    const own = product ? (props.list.type === 'SALE' ? product.salePrice : product.buyingPrice) : null;
    if (!price.trim() && own !== null && own !== undefined && own > 0) setPrice(formatPrice(own));
  }

  const typedPrice = readPrice(price);
  const typedRate = readRate(rate);
  const preview = 'value' in typedPrice && typedRate !== null ? formatPrice(discounted(typedPrice.value, typedRate)) : '—';

  async function save(e: FormEvent) {
    e.preventDefault();
    const problems: FieldErrors = {};
    if (productId === null) problems.productId = t('pricelists.rules.productRequired');
    if ('error' in typedPrice) problems.price = t(`pricelists.rules.${typedPrice.error}`);
    if (typedRate === null) problems.discountRate = t('pricelists.rules.rateRange');
    setErrors(problems);
    if (Object.keys(problems).length || productId === null || !('value' in typedPrice) || typedRate === null) return;
    setBusy(true);
    try {
      if (isNew) {
        const there = await shell.api.list(ITEMS, { params: { query: { priceListId: props.list.id, productId, size: 1 } } });
        if (there.total > 0) {
          setErrors({ productId: t('pricelists.rules.exists') });
          return;
        }
      }
      const body = { priceListId: props.list.id, productId, price: typedPrice.value, discountRate: typedRate };
      if (isNew) await shell.api.request('POST', ITEMS, { body });
      else await shell.api.request('PUT', ITEMS, { body: { ...body, id: props.row!.id } });
      shell.notify.success(t(isNew ? 'notify.added' : 'notify.updated', { ns: 'kernel' }));
      props.onSaved();
    } catch (err) {
      setErrors(fieldErrorsFor(err, ['productId', 'price', 'discountRate'], (e2) => reportFailure(shell.notify, e2, t('notify.error', { ns: 'kernel' }))));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen onClose={props.onClose} title={title}>
      <form onSubmit={save} noValidate aria-label={title}>
        <DialogBody>
          {isNew ? (
            <>
              <Field id="price-product-search" label={t('pricelists.detail.productSearch')} hint={t('pricelists.detail.productSearchHint')}>
                <InputGroup id="price-product-search" type="search" value={search} onValueChange={setSearch} leftIcon="search" autoFocus />
              </Field>
              <Field id="price-product" label={t('pricelists.detail.product')} error={errors.productId} required>
                <HTMLSelect id="price-product" value={productId ?? ''} onChange={(e) => choose(e.currentTarget.value)} fill>
                  <option value="">{t('pricelists.detail.choose')}</option>
                  {found.map((p) => <option key={p.id} value={p.id}>{`${p.name} — ${p.barcode}`}</option>)}
                </HTMLSelect>
              </Field>
            </>
          ) : (
            <Field id="price-product" label={t('pricelists.detail.product')} error={errors.productId}>
              <InputGroup id="price-product" value={`${props.row!.productName} — ${props.row!.barcode}`} readOnly />
            </Field>
          )}
          <Field id="price-price" label={t('pricelists.detail.price')} error={errors.price} hint={t('pricelists.detail.priceHint')} required>
            <InputGroup id="price-price" value={price} onValueChange={setPrice} inputMode="decimal" />
          </Field>
          <Field id="price-rate" label={t('pricelists.detail.discountRate')} error={errors.discountRate}>
            <InputGroup id="price-rate" value={rate} onValueChange={setRate} inputMode="decimal" />
          </Field>
          <p aria-live="polite">
            {t('pricelists.detail.discountedPrice')}: <strong data-testid="discounted-price">{preview}</strong>
          </p>
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('common.cancel', { ns: 'kernel' })} onClick={props.onClose} />
          <Button type="submit" intent="primary" loading={busy} text={t('common.save', { ns: 'kernel' })} />
        </>} />
      </form>
    </Dialog>
  );
}
