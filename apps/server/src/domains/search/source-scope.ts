import { sourceFilterOf } from '@patlas/contracts';
import type { DataScope } from '@patlas/engine';

/**
 * The engine's scope for a request's data sources (docs/data-sources.md): nothing for all sources,
 * the old `cn` / `uncn` scopes as they were, any other choice as its offices (with OTHER: every
 * office the list does not name).
 */
export function scopeOf(source: string | undefined): { scope?: DataScope } {
  const filter = sourceFilterOf(source);
  return filter ? { scope: filter } : {};
}
