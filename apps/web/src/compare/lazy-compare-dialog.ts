import { lazyDialog } from '../components/ui/lazy-dialog';

/**
 * The compare dialog (CompareDialog.tsx), whose code (its table among it) loads when it first
 * opens: the pages offering it load without it.
 */
export const CompareDialog = lazyDialog(() => import('./CompareDialog').then((module) => module.CompareDialog), {
  isOpen: ({ isOpen }) => isOpen,
  width: 'min(1440px, 96vw)',
});
