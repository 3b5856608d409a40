import { lazyDialog } from '../components/ui/lazy-dialog';

/**
 * The collect dialog (CollectDialog.tsx), whose code (the folder tree among it) loads when it first
 * opens: the pages offering it load without it.
 */
export const CollectDialog = lazyDialog(() => import('./CollectDialog').then((module) => module.CollectDialog), {
  isOpen: ({ target }) => target !== undefined,
  width: 560,
});
