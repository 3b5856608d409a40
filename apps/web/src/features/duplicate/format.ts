/** A share (0–1) as a percentage with one decimal: "85.3%"; null as a dash. */
export function formatShare(share: number | null): string {
  return share === null ? '—' : `${(share * 100).toFixed(1)}%`;
}
