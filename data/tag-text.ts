/**
 * A metadata tag's text as the owner would read it: cut at the first NUL (cameras pad
 * fixed-size C strings with NULs and junk after them), leading NULs dropped, white space
 * collapsed and trimmed; undefined when nothing is left or the value is not text. The
 * ingest reads tags with it and the EXIF display formats them with it, so both see one text.
 */
export function tagText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const cut = value.replace(/^[\s\0]+/, '').split('\0')[0]!.replace(/\s+/g, ' ').trim();
  return cut === '' ? undefined : cut;
}
