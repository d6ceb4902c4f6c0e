/**
 * `tezgah export <entity> FILE`: writes every record with the columns `import` reads, headed by
 * their Turkish names, so an exported file imports back as it is (and changes nothing).
 */
import type { Lang } from '@tezgah/cli';
import type { TezgahPromiseApi } from '@tezgah/sdk';
import { exportCell } from './columns';
import type { Entity } from './entity';
import { readingProgress, type Progress } from './progress';
import { checkWritable, writeTable } from './sheet';

/** Writes the company's records of `entity` to `file` (.csv or .xlsx); answers how many. */
export async function exportFile<E>(api: TezgahPromiseApi, entity: Entity<E>, file: string, progress: Progress, lang: Lang = 'en'): Promise<number> {
  await checkWritable(file);
  const specs = await entity.columns(api);
  let records: E[];
  try {
    const many = entity.nouns[lang][1];
    records = await entity.existing(api, readingProgress(progress, lang === 'tr' ? `${many} okunuyor` : `reading ${many}`));
  } finally {
    progress.stop();
  }
  const rows = records.map((r) => {
    const values = entity.fields(r);
    return specs.map((s) => exportCell(s, values[s.field]));
  });
  await writeTable(
    file,
    specs.map((s) => s.header),
    rows,
  );
  return records.length;
}
