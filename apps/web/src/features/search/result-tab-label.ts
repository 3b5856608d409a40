/** The set kinds the common catalogue names for tabs (`tabs.sets.<kind>`); others show no word. */
const TAB_SET_KINDS = ['semantic', 'library', 'alertRun', 'duplicate', 'citation', 'preEvaluation'] as const;

/**
 * A result tab's label (issue 43: two tabs both read "检索结果"): the expression, else the kind of
 * set shown ("专题库", "语义检索" …), and the search within after "›". Pure, for the route table.
 */
export function resultTabLabel(search: URLSearchParams): { label?: string; labelKey?: string } {
  const expression = search.get('q')?.trim();
  const second = search.get('second')?.trim();
  const kind = search.get('set')?.split(':')[0];
  const labelKey = !expression && TAB_SET_KINDS.some((k) => k === kind) ? `tabs.sets.${kind}` : undefined;
  const label = [expression, second ? `› ${second}` : undefined].filter(Boolean).join(' ');
  return { ...(label ? { label } : {}), ...(labelKey ? { labelKey } : {}) };
}
