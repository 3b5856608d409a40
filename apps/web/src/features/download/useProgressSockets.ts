import { useEffect, useRef, useState } from 'react';
import { DownloadProgressSchema, type DownloadProgress } from '@patlas/contracts';
import { useApiContext } from '../../api/useApiContext';
import { fetchSocketTicket, progressSocketUrl } from '../../export-actions/api';

const isFinished = (progress: DownloadProgress) =>
  progress.state === 'done' || progress.state === 'failed' || progress.state === 'cancelled';

const hasSockets = () => typeof WebSocket !== 'undefined';

/**
 * Follows the given tasks over their progress websockets (`/download/progress/{id}`, spec 2 §4),
 * one per task, handing each message to `onProgress`; each opens with a single-use ticket asked
 * for just before (issue 41: no token in the URL). Sockets of tasks no longer listed are closed.
 * Answers whether every socket is well: once one fails or closes before its task finished, the
 * caller polls instead (isLive false) for the rest of the page's life.
 */
export function useProgressSockets(
  activeIds: readonly string[],
  onProgress: (progress: DownloadProgress) => void,
): { isLive: boolean } {
  const { lang, messages } = useApiContext();
  const api = useRef({ lang, messages });
  /** null: the ticket for this task is being fetched; its socket opens once it arrives. */
  const sockets = useRef(new Map<string, WebSocket | null>());
  const handler = useRef(onProgress);
  const [hasFailed, setHasFailed] = useState(false);
  const key = [...activeIds].sort().join(',');

  useEffect(() => {
    handler.current = onProgress;
    api.current = { lang, messages };
  }, [onProgress, lang, messages]);

  useEffect(() => {
    const ids = key ? key.split(',') : [];
    const open = sockets.current;
    for (const [id, socket] of open) {
      if (ids.includes(id)) continue;
      open.delete(id);
      socket?.close();
    }
    if (ids.length === 0 || !hasSockets()) return;
    const connect = (id: string, ticket: string) => {
      // The task left the list (or the page) while its ticket was fetched.
      if (open.get(id) !== null) return;
      let socket: WebSocket;
      try {
        socket = new WebSocket(progressSocketUrl(id, ticket));
      } catch {
        // A socket the browser refuses (security policy) fails like one that closes: poll instead.
        open.delete(id);
        setHasFailed(true);
        return;
      }
      open.set(id, socket);
      let hasFinished = false;
      socket.onmessage = (event: MessageEvent) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(String(event.data));
        } catch {
          return;
        }
        const progress = DownloadProgressSchema.safeParse(parsed);
        if (!progress.success || progress.data.id !== id) return;
        if (isFinished(progress.data)) hasFinished = true;
        handler.current(progress.data);
      };
      socket.onerror = () => {
        if (open.get(id) === socket) setHasFailed(true);
      };
      socket.onclose = () => {
        // Sockets this hook closed itself are already out of the map.
        if (open.get(id) !== socket) return;
        open.delete(id);
        if (!hasFinished) setHasFailed(true);
      };
    };
    for (const id of ids) {
      if (open.has(id)) continue;
      open.set(id, null);
      fetchSocketTicket(api.current).then(
        (ticket) => connect(id, ticket),
        () => {
          // No ticket (network, session): poll instead, as when a socket fails.
          if (open.get(id) !== null) return;
          open.delete(id);
          setHasFailed(true);
        },
      );
    }
  }, [key]);

  useEffect(() => {
    const open = sockets.current;
    return () => {
      const all = [...open.values()];
      open.clear();
      for (const socket of all) socket?.close();
    };
  }, []);

  return { isLive: hasSockets() && !hasFailed };
}
