import { createReadStream, promises as fs } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { messageOf } from '../../../data/error-text.ts';
import { ebird as text } from '../../report/messages.ts';
import { EBIRD_CSV_NAME, type FoundExport } from './find-export.ts';

export type OpenedExport =
  | {
      ok: true;
      /** The CSV's bytes, as a stream: read it once, then call `close`. */
      stream: Readable;
      /** The CSV's path for reports: `ebird/MyEBirdData.csv`, or `ebird/export.zip/MyEBirdData.csv`. */
      shown: string;
      close: () => void;
    }
  | { ok: false; reason: string };

/** Opens the CSV of an export: the file itself, or `MyEBirdData.csv` inside the zip (streamed, never unpacked to disk). */
export async function openEbirdExport(found: FoundExport): Promise<OpenedExport> {
  if (found.kind === 'csv') {
    const stat = await fs.stat(found.file);
    if (stat.size === 0) return { ok: false, reason: text.emptyFile() };
    const stream = createReadStream(found.file);
    return { ok: true, stream, shown: found.shown, close: () => stream.destroy() };
  }
  return openFromZip(found);
}

async function openFromZip(found: FoundExport): Promise<OpenedExport> {
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(found.file, { lazyEntries: true, autoClose: false }, (error, file) => (error ? reject(error) : resolve(file))),
    );
  } catch (error) {
    return { ok: false, reason: text.badZip(messageOf(error)) };
  }
  const close = () => zip.close();
  try {
    const seen: string[] = [];
    const entry = await new Promise<yauzl.Entry | undefined>((resolve, reject) => {
      zip.on('entry', (e: yauzl.Entry) => {
        const isDir = e.fileName.endsWith('/');
        if (!isDir && path.posix.basename(e.fileName).toLowerCase() === EBIRD_CSV_NAME.toLowerCase()) return resolve(e);
        if (!isDir) seen.push(e.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(undefined));
      zip.on('error', reject);
      zip.readEntry();
    });
    if (!entry) {
      close();
      return { ok: false, reason: text.zipWithoutCsv(seen) };
    }
    if (entry.uncompressedSize === 0) {
      close();
      return { ok: false, reason: text.emptyFile() };
    }
    const stream = await new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (error, s) => (error ? reject(error) : resolve(s))));
    return { ok: true, stream, shown: `${found.shown}/${entry.fileName}`, close };
  } catch (error) {
    close();
    return { ok: false, reason: text.badZip(messageOf(error)) };
  }
}
