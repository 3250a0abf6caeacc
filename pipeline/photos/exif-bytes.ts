import { open, type FileHandle } from 'node:fs/promises';

/**
 * The bytes exifr needs, read without reading whole originals. exifr reading a path
 * misses EXIF that real cameras place after large segments, so for JPEG we walk the
 * marker segments ourselves (reading only their 4-byte headers) until the image data
 * starts, keep the APP1 Exif and XMP segments wherever they are, and hand exifr a
 * small JPEG made of SOI + those segments + EOI. Other formats get a bounded prefix.
 *
 * XMP written under a damaged APP1 header ('XMP\0://ns.adobe.com/xap/1.0/' instead of
 * 'http://…': seen on a Nikon D700 photo edited in Photoshop Elements, with no EXIF block
 * left) may be a photo's only camera data. ExifTool reads such a packet (warning 'Non-standard header for
 * APP1 XMP segment'); exifr skips it, so it is handed over under the standard header.
 */

/** Non-JPEG files up to this size are read whole (their metadata may sit anywhere). */
const SMALL_FILE_BYTES = 2 * 1024 * 1024;
/** Prefix read from larger non-JPEG files: their metadata sits near the start in practice. */
const PREFIX_BYTES = 256 * 1024;

const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');
const XMP_HEADER = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1');
/** The starts by which ExifTool takes an APP1 segment for XMP under a non-standard header. */
const DAMAGED_XMP_STARTS = [Buffer.from('XMP\0', 'latin1'), Buffer.from('http', 'latin1')];
/** Extended XMP (the overflow of a large packet, in parts): not a packet of its own. */
const EXTENDED_XMP_HEADER = Buffer.from('http://ns.adobe.com/xmp/extension/\0', 'latin1');
const XMP_PACKET_STARTS = [Buffer.from('<?xpacket', 'latin1'), Buffer.from('<x:xmpmeta', 'latin1')];
const MAX_SEGMENT_LENGTH = 0xffff;
const SOI = Buffer.from([0xff, 0xd8]);
const EOI = Buffer.from([0xff, 0xd9]);

export async function readMetadataBytes(file: string, size: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const head = await readAt(handle, 0, 2);
    if (head.length === 2 && head[0] === 0xff && head[1] === 0xd8) return await jpegMetadataSegments(handle, size);
    const length = size <= SMALL_FILE_BYTES ? size : PREFIX_BYTES;
    return await readAt(handle, 0, length);
  } finally {
    await handle.close();
  }
}

/** SOI + every APP1 Exif/XMP segment before the scan data + EOI; just SOI + EOI when there are none. */
async function jpegMetadataSegments(handle: FileHandle, size: number): Promise<Buffer> {
  const kept: Buffer[] = [SOI];
  let position = 2;
  while (position + 4 <= size) {
    const header = await readAt(handle, position, 4);
    if (header.length < 4) break;
    if (header[0] !== 0xff) {
      // Stray bytes between segments (viewers skip them, libjpeg warns): find the next marker.
      const next = await nextMarker(handle, position, size);
      if (next === undefined) break;
      position = next;
      continue;
    }
    const marker = header[1]!;
    if (marker === 0xff) {
      // Fill byte before a marker.
      position += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      position += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) break; // start of scan / end of image: no more metadata
    const length = header.readUInt16BE(2);
    if (length < 2) break;
    if (marker === 0xe1) {
      const segment = await readAt(handle, position, 2 + length);
      const body = segment.subarray(4);
      if (startsWith(body, EXIF_HEADER) || startsWith(body, XMP_HEADER)) kept.push(segment);
      else {
        const repaired = xmpUnderStandardHeader(body);
        if (repaired) kept.push(repaired);
      }
    }
    position += 2 + length;
  }
  kept.push(EOI);
  return Buffer.concat(kept);
}

/** An APP1 segment of the XMP packet in `body`, when `body` is XMP under a non-standard header; else undefined. */
function xmpUnderStandardHeader(body: Buffer): Buffer | undefined {
  if (!DAMAGED_XMP_STARTS.some((start) => startsWith(body, start)) || startsWith(body, EXTENDED_XMP_HEADER)) return undefined;
  const offsets = XMP_PACKET_STARTS.map((start) => body.indexOf(start)).filter((i) => i >= 0);
  if (offsets.length === 0) return undefined;
  const packet = body.subarray(Math.min(...offsets));
  const length = 2 + XMP_HEADER.length + packet.length;
  if (length > MAX_SEGMENT_LENGTH) return undefined;
  const header = Buffer.from([0xff, 0xe1, length >> 8, length & 0xff]);
  return Buffer.concat([header, XMP_HEADER, packet]);
}

/** Bytes searched for the next marker after stray bytes, before giving up. */
const RESYNC_WINDOW = 64 * 1024;

async function nextMarker(handle: FileHandle, from: number, size: number): Promise<number | undefined> {
  const window = await readAt(handle, from, Math.min(RESYNC_WINDOW, size - from));
  for (let i = 0; i + 1 < window.length; i++) {
    const following = window[i + 1]!;
    if (window[i] === 0xff && following !== 0x00 && following !== 0xff) return from + i;
  }
  return undefined;
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return bytesRead === length ? buffer : buffer.subarray(0, bytesRead);
}

function startsWith(buffer: Buffer, prefix: Buffer): boolean {
  return buffer.length >= prefix.length && buffer.subarray(0, prefix.length).equals(prefix);
}
