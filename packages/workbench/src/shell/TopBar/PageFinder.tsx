import { MenuItem } from '@blueprintjs/core';
import { Suggest } from '@blueprintjs/select';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOCALE } from '@tezgah/core';
import { isPlainClick, usePages, useRouteLink, type PageChoice } from '../Menu/menu';

const fold = (s: string) => s.toLocaleLowerCase(LOCALE).normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/ı/g, 'i');

/** True when the page's title or its groups contain the query (Turkish letters, any case). */
export function pageMatches(query: string, page: PageChoice): boolean {
  const q = fold(query.trim());
  return q === '' || fold(page.title).includes(q) || fold(page.group).includes(q);
}

/** The page finder (seeds 000 §2): a search over the pages of the visible menu; choosing one opens it. */
export function PageFinder(props: { fill?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const link = useRouteLink();
  const pages = usePages();
  return (
    <Suggest<PageChoice>
      className="tz-page-finder"
      items={pages}
      selectedItem={null}
      fill={props.fill}
      itemsEqual="route"
      inputValueRenderer={(p) => p.title}
      itemPredicate={pageMatches}
      itemRenderer={(p, { handleClick, handleFocus, modifiers }) =>
        modifiers.matchesPredicate ? (
          <MenuItem
            key={p.route}
            roleStructure="listoption"
            icon={p.icon}
            text={p.title}
            label={p.group}
            active={modifiers.active}
            disabled={modifiers.disabled}
            // A real link (new tab, copy link); a plain click selects through the finder.
            href={link(p.route).href}
            onClick={(e) => {
              if (!isPlainClick(e)) return;
              e.preventDefault();
              handleClick(e);
            }}
            onFocus={handleFocus}
          />
        ) : null
      }
      noResults={<MenuItem disabled roleStructure="listoption" text={t('shell.noPageFound')} />}
      onItemSelect={(p) => navigate(p.route)}
      resetOnSelect
      resetOnClose
      closeOnSelect
      inputProps={{ placeholder: t('shell.pageFinder'), 'aria-label': t('shell.pageFinder'), leftIcon: 'search', type: 'search' }}
      popoverProps={{ minimal: true, placement: 'bottom-start', matchTargetWidth: true }}
      menuProps={{ 'aria-label': t('shell.pageFinder') }}
    />
  );
}
