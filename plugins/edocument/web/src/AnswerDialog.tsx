import { useState } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, TextArea } from '@blueprintjs/core';
import { useTexts } from './texts';
import { reportFailure, useShell } from '@tezgah/workbench/ui';
import { PATHS, type EDocument } from './api';

/** KABUL / RED of an incoming TICARIFATURA, with a note; the answered document replaces the row's. */
export function AnswerDialog(props: { doc: EDocument; answer: 'KABUL' | 'RED'; onClose: (doc: EDocument | null) => void }) {
  const shell = useShell();
  const { t } = useTexts();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const title = t(`list.answer.title.${props.answer}`);
  async function send() {
    setBusy(true);
    try {
      const d = await shell.api.request('POST', PATHS.respond, { params: { path: { id: props.doc.id } }, body: { answer: props.answer, ...(note.trim() ? { note: note.trim() } : {}) } });
      shell.notify.success(t(`list.answer.done.${props.answer}`));
      props.onClose(d);
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
      setBusy(false);
    }
  }
  return (
    <Dialog isOpen onClose={() => props.onClose(null)} title={title} aria-label={title} icon={props.answer === 'KABUL' ? 'tick' : 'cross'}>
      <DialogBody>
        <p><strong>{props.doc.documentNo ?? props.doc.uuid}</strong> · {props.doc.partyTitle ?? ''}</p>
        <FormGroup label={t('list.answer.note')} labelFor="edoc-answer-note">
          <TextArea id="edoc-answer-note" fill maxLength={500} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        </FormGroup>
      </DialogBody>
      <DialogFooter actions={<>
        <Button text={t('list.answer.cancel')} onClick={() => props.onClose(null)} disabled={busy} />
        <Button intent={props.answer === 'KABUL' ? 'success' : 'danger'} text={t('list.answer.send')} loading={busy} onClick={() => { void send(); }} />
      </>} />
    </Dialog>
  );
}
