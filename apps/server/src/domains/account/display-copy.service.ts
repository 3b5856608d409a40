import type { DisplayCopyItem, DisplayCopyRepository } from './display-copy.repository.js';

export type { DisplayCopyItem } from './display-copy.repository.js';

/** The site text items (name, content): served to everyone, replaced by the operators (/sys). */
export class DisplayCopyService {
  constructor(private readonly items: DisplayCopyRepository) {}

  list(): Promise<DisplayCopyItem[]> {
    return this.items.list();
  }

  replaceAll(items: readonly DisplayCopyItem[]): Promise<void> {
    return this.items.replaceAll(items);
  }
}
