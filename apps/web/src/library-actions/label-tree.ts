import type { LibraryLabel } from '@patlas/contracts';

export interface LabelOption {
  value: string;
  title: string;
  children?: LabelOption[];
}

/** Labels (top level, each with its sub-labels) as tree options; counts shown when the list has them. */
export function labelOptions(labels: readonly LibraryLabel[], countText?: (count: number) => string): LabelOption[] {
  const title = (label: LibraryLabel) =>
    label.count !== undefined && countText ? `${label.name} (${countText(label.count)})` : label.name;
  const ids = new Set(labels.map((l) => l.id));
  return labels
    .filter((label) => label.parentId === null || !ids.has(label.parentId))
    .map((top) => {
      const children = labels.filter((l) => l.parentId === top.id).map((l) => ({ value: l.id, title: title(l) }));
      return { value: top.id, title: title(top), ...(children.length > 0 ? { children } : {}) };
    });
}

/** Whether a label may be deleted (spec 2 §5: "Tags can be deleted only when they have no sub-tags"). */
export function canDeleteLabel(labels: readonly LibraryLabel[], id: string): boolean {
  return !labels.some((label) => label.parentId === id);
}
