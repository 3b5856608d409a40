/** Where a relative address is resolved to see whether it stays on our origin. */
const PROBE_ORIGIN = 'http://in-app.invalid';

/** ASCII control characters: browsers drop tabs and line breaks from URLs (`/\t/evil` becomes `//evil`). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A path part that browsers read as this origin's: one `/`, then neither `/` nor `\` (`/\evil` is `//evil`), no `\` at all. */
function isPlainPath(pathPart: string): boolean {
  return /^\/(?![/\\])/.test(pathPart) && !pathPart.includes('\\') && !CONTROL.test(pathPart);
}

/**
 * Whether `value` is an in-app address (path, query, fragment) a link or a navigation may follow:
 * a shared search's or a message's `router`, a history entry's. Refused (issue 41 §2): anything
 * that leaves the origin once a browser reads it — `//evil`, `/\evil.example/login`, `/\t/evil`,
 * their percent-encoded forms (`/%2F%2Fevil`, `/%5Cevil`, decoded up to three times), control
 * characters anywhere, a malformed escape in the path — and anything the URL parser resolves to
 * another origin.
 */
export function isInAppPath(value: unknown): value is string {
  if (typeof value !== 'string' || CONTROL.test(value)) return false;
  let pathPart = value.split(/[?#]/, 1)[0] ?? '';
  for (let round = 0; ; round += 1) {
    if (!isPlainPath(pathPart)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathPart);
    } catch {
      return false;
    }
    if (decoded === pathPart) break;
    // encoded three times over: not an address the app wrote
    if (round === 3) return false;
    // a decoded path may hold ? or # of its own: only what precedes them stays a path
    pathPart = decoded.split(/[?#]/, 1)[0] ?? '';
  }
  try {
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}
