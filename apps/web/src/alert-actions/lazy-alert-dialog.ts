import { lazyDialog } from '../components/ui/lazy-dialog';

/** The alert dialog (AlertDialog.tsx), whose code loads when it first opens: the pages offering it load without it. */
export const AlertDialog = lazyDialog(() => import('./AlertDialog').then((module) => module.AlertDialog), {
  isOpen: ({ opening }) => opening !== undefined,
  width: 700,
});
