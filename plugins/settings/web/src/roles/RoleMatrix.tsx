import { Button, Checkbox, Classes, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { authorityCode } from '@tezgah/core';
import { useAuthorityLabels } from '@tezgah/workbench/ui';
import { columnCodes, coverage, hasCell, rowCodes, setAll } from './matrix';

export interface RoleMatrixProps {
  /** Rows: module ids, in order. */
  modules: readonly number[];
  /** Columns: action ids, in order. */
  actions: readonly number[];
  /** The ticked authority codes. */
  value: ReadonlySet<string>;
  onChange(next: Set<string>): void;
  readOnly?: boolean;
  /** Id of the element that describes the matrix (its hint or error). */
  describedBy?: string;
}

/**
 * The modules × actions matrix of a role: a checkbox where the module offers the action
 * (MODULE_ACTIONS), a whole-row toggle per module and a whole-column toggle per action.
 */
export function RoleMatrix(props: RoleMatrixProps) {
  const { t } = useTranslation('settings');
  const labels = useAuthorityLabels();
  const { modules, actions, value, onChange, readOnly } = props;
  const everything = modules.flatMap(rowCodes);
  const stateOf = (codes: string[]) => coverage(value, codes);

  return (
    <div>
      {!readOnly && (
        <div style={{ display: 'flex', gap: 8, marginBottom: 8 }}>
          <Button size="small" icon="tick" text={t('roles.selectAll')} onClick={() => onChange(setAll(value, everything, true))} />
          <Button size="small" icon="cross" text={t('roles.clearAll')} onClick={() => onChange(setAll(value, everything, false))} />
        </div>
      )}
      <div style={{ overflow: 'auto', maxHeight: '55vh', border: '1px solid rgba(17, 20, 24, 0.15)' }}>
        <HTMLTable compact bordered aria-label={t('roles.matrix')} aria-describedby={props.describedBy} style={{ borderCollapse: 'separate' }}>
          <thead>
            <tr>
              <th scope="col" style={{ position: 'sticky', left: 0, top: 0, zIndex: 3, background: '#fff', verticalAlign: 'bottom' }}>
                {t('roles.module')}
              </th>
              {actions.map((a) => {
                const codes = columnCodes(modules, a);
                const state = stateOf(codes);
                return (
                  <th key={a} scope="col" style={{ position: 'sticky', top: 0, zIndex: 2, background: '#fff', verticalAlign: 'bottom', textAlign: 'center', padding: '4px 2px' }}>
                    <span style={{ writingMode: 'vertical-rl', transform: 'rotate(180deg)', whiteSpace: 'nowrap', display: 'inline-block', fontWeight: 500 }}>
                      {labels.action(a)}
                    </span>
                    <Checkbox
                      style={{ margin: '4px 0 0 0' }}
                      aria-label={t('roles.wholeColumn', { action: labels.action(a) })}
                      checked={state === 'all'}
                      indeterminate={state === 'some'}
                      disabled={readOnly}
                      onChange={(e) => onChange(setAll(value, codes, e.currentTarget.checked))}
                    />
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {modules.map((m) => {
              const codes = rowCodes(m);
              const state = stateOf(codes);
              return (
                <tr key={m}>
                  <th scope="row" style={{ position: 'sticky', left: 0, zIndex: 1, background: '#fff', whiteSpace: 'nowrap', textAlign: 'left' }}>
                    <Checkbox
                      inline
                      style={{ margin: 0 }}
                      aria-label={t('roles.wholeRow', { module: labels.module(m) })}
                      checked={state === 'all'}
                      indeterminate={state === 'some'}
                      disabled={readOnly}
                      onChange={(e) => onChange(setAll(value, codes, e.currentTarget.checked))}
                    />
                    {labels.module(m)}
                  </th>
                  {actions.map((a) => (
                    <td key={a} style={{ textAlign: 'center', padding: '4px 2px' }}>
                      {hasCell(m, a) ? (
                        <Checkbox
                          style={{ margin: 0, paddingLeft: 20 }}
                          aria-label={t('roles.cell', { module: labels.module(m), action: labels.action(a) })}
                          checked={value.has(authorityCode(m, a))}
                          disabled={readOnly}
                          onChange={(e) => onChange(setAll(value, [authorityCode(m, a)], e.currentTarget.checked))}
                        />
                      ) : (
                        <span className={Classes.TEXT_DISABLED} aria-hidden="true">·</span>
                      )}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      </div>
    </div>
  );
}
