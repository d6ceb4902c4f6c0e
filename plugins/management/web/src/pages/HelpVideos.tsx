import { useEffect, useMemo, useState } from 'react';
import { AnchorButton, Button, Callout, Card, Classes, Dialog, DialogBody, DialogFooter, H4, HTMLSelect, InputGroup, NonIdealState, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ContributionProps } from '@tezgah/core';
import { formatDuration, HELP_TOPICS, HELP_VIDEOS, VIDEO_BASE, type HelpTopic, type HelpVideo } from '../help/videos';

/** Whether the browser says it is online, kept up to date. */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false));
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => { window.removeEventListener('online', on); window.removeEventListener('offline', off); };
  }, []);
  return online;
}

const fold = (s: string) => s.toLocaleLowerCase('tr-TR');

function Steps({ video }: { video: HelpVideo }) {
  const { t } = useTranslation('management');
  return (
    <ol aria-label={`${t('help.steps')}: ${video.title}`} style={{ margin: '4px 0 0', paddingLeft: 20 }}>
      {video.steps.map((s) => <li key={s}>{s}</li>)}
    </ol>
  );
}

function Player(props: { video: HelpVideo; online: boolean; onClose: () => void }) {
  const { t } = useTranslation('management');
  const [failed, setFailed] = useState(false);
  const url = VIDEO_BASE + props.video.file;
  return (
    <Dialog isOpen title={props.video.title} icon="video" onClose={props.onClose} style={{ width: 760, maxWidth: '95vw' }}>
      <DialogBody>
        {!props.online || failed ? (
          <Callout intent="warning" role="status">{t(props.online ? 'help.unplayable' : 'help.offline')}</Callout>
        ) : (
          <video controls preload="metadata" src={url} style={{ width: '100%' }} onError={() => setFailed(true)} aria-label={props.video.title} />
        )}
        <p style={{ marginTop: 8 }}>{props.video.description}</p>
        <Steps video={props.video} />
      </DialogBody>
      <DialogFooter actions={(
        <>
          <AnchorButton href={url} target="_blank" rel="noopener noreferrer" icon="share" text={t('help.openNew')} disabled={!props.online} />
          <Button text={t('help.close')} onClick={props.onClose} />
        </>
      )} />
    </Dialog>
  );
}

/**
 * /video (seeds 000 §2 "a video help page", §6: open to every signed-in user): the help video
 * catalogue (help/videos.ts) by topic, searchable; a video plays in a dialog, and its steps are
 * always there in writing. Offline, or when the video server cannot be reached, the page says so
 * and the written steps stay.
 */
export default function HelpVideos(_props: ContributionProps) {
  const { t } = useTranslation('management');
  const online = useOnline();
  const [topic, setTopic] = useState<HelpTopic | ''>('');
  const [search, setSearch] = useState('');
  const [playing, setPlaying] = useState<HelpVideo | null>(null);
  const shown = useMemo(() => {
    const q = fold(search.trim());
    return HELP_VIDEOS.filter((v) => (!topic || v.topic === topic) && (!q || fold(`${v.title} ${v.description}`).includes(q)));
  }, [topic, search]);

  return (
    <section aria-labelledby="help-videos-title">
      <h2 id="help-videos-title" className={Classes.HEADING}>{t('help.title')}</h2>
      <p>{t('help.intro')}</p>
      {online ? null : <Callout intent="warning" role="status" style={{ marginBottom: 12 }}>{t('help.offline')}</Callout>}
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginBottom: 12 }}>
        <HTMLSelect aria-label={t('help.topic')} value={topic} onChange={(e) => setTopic(e.currentTarget.value as HelpTopic | '')}>
          <option value="">{t('help.allTopics')}</option>
          {HELP_TOPICS.map((x) => <option key={x} value={x}>{t(`help.topics.${x}`)}</option>)}
        </HTMLSelect>
        <InputGroup type="search" leftIcon="search" aria-label={t('help.search')} placeholder={t('help.search')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
      </div>
      {shown.length === 0 ? <NonIdealState icon="video" title={t('help.none')} /> : (
        <ul aria-label={t('help.title')} style={{ listStyle: 'none', padding: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))', gap: 12 }}>
          {shown.map((v) => (
            <li key={v.id} aria-label={v.title}>
              <Card>
                <H4>{v.title}</H4>
                <div style={{ display: 'flex', gap: 6, marginBottom: 6 }}>
                  <Tag minimal>{t(`help.topics.${v.topic}`)}</Tag>
                  <Tag minimal icon="time">{t('help.duration', { duration: formatDuration(v.duration) })}</Tag>
                </div>
                <p>{v.description}</p>
                <Steps video={v} />
                <Button style={{ marginTop: 8 }} intent="primary" icon="play" text={t('help.watch')} aria-label={`${t('help.watch')}: ${v.title}`} disabled={!online} onClick={() => setPlaying(v)} />
              </Card>
            </li>
          ))}
        </ul>
      )}
      {playing ? <Player video={playing} online={online} onClose={() => setPlaying(null)} /> : null}
    </section>
  );
}
