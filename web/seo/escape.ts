/**
 * Escaping for text we write ourselves (sitemap, feed, injected HTML). Names come
 * from the owner's folder names, where '<', '>', '"', '&' and "'" are all legal.
 * React escapes what it renders; these cover the strings that bypass React.
 */
const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Safe in XML/HTML text and in single- or double-quoted attribute values. */
export function escapeXml(text: string): string {
  // Characters XML 1.0 forbids outright (C0 controls but tab, LF, CR) are dropped, not escaped.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it removes
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[&<>"']/g, (c) => XML_ENTITIES[c] ?? c);
}

/** HTML uses the same five escapes; `&apos;` is valid HTML5 too. @alias */
export const escapeHtml = escapeXml;

/**
 * JSON placed inside an HTML <script> element: '<' is escaped so neither
 * `</script>` nor `<!--` can end or confuse the element, and the line separators
 * that older parsers reject are escaped too.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
