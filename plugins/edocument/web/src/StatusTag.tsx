import { Tag } from '@blueprintjs/core';
import { useTexts } from './texts';
import { EDOC_INTENT, listStatusOf, type EDocumentStatus } from '@tezgah/edocument-common';

/** The status's colour and Turkish label (seeds 001 §4); `simple` shows the lists' set (SENDING covers CONTROL and PREVIEW, FAILURE covers UNKNOWN). */
export function StatusTag(props: { status: EDocumentStatus; simple?: boolean; title?: string }) {
  const { t } = useTexts();
  const shown = props.simple ? listStatusOf(props.status) : props.status;
  return (
    <Tag minimal={shown === 'CONTROL' || shown === 'CANCEL'} intent={EDOC_INTENT[shown]} title={props.title} data-status={shown}>
      {props.simple ? t(`list.listStatuses.${shown}`) : t(`statuses.${shown}`)}
    </Tag>
  );
}
