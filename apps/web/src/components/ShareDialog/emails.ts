/** A plausible e-mail address (the server decides whether an account has it). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Tags typed or pasted into an e-mail box: trimmed, empty ones dropped, separators split. */
export function splitEmails(values: readonly string[]): string[] {
  return values
    .flatMap((value) => value.split(/[\s,;，；]+/))
    .map((value) => value.trim())
    .filter((value) => value.length > 0);
}

/** The first address given twice (letter case ignored), if any. */
export function firstDuplicateEmail(values: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const value of values) {
    const key = value.toLowerCase();
    if (seen.has(key)) return value;
    seen.add(key);
  }
  return undefined;
}
