/**
 * Today on this machine's calendar (`2026-11-26`): capture days are the camera's local days, so
 * the outings compare them with the local one, and the taxonomy's retrieval day is the owner's.
 */
export function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
