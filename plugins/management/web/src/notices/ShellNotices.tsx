import ServiceFeeNotice from './ServiceFeeNotice';
import AnnouncementNotice from './AnnouncementNotice';

/**
 * What the management plugin fills into the shell's `shell.notices` slot (a plugin fills a slot
 * with one component): the yearly service-fee notice and the unseen announcement's dialog.
 */
export default function ShellNotices() {
  return (
    <>
      <ServiceFeeNotice />
      <AnnouncementNotice />
    </>
  );
}
