/**
 * Query parameters whose values are secrets: access and refresh tokens (the spec's GET refresh,
 * the progress websocket's ?token=), tickets, passwords (GET update/email), client secrets and keys.
 * Any parameter whose name holds one of these words is masked, whatever else the name says.
 */
const SECRET_QUERY_PARAM = /([?&][^=&#]*(?:token|ticket|password|passwd|secret|api_?key)[^=&#]*=)[^&#]*/gi;

/**
 * A request URL as it may be logged: the values of secret query parameters replaced by
 * `[redacted]` (issue 16 §2 for the request log, issue 41 §6 for the 500 line).
 */
export function urlForLog(url: string): string {
  return url.replace(SECRET_QUERY_PARAM, '$1[redacted]');
}
