import { lazyDialog } from '../ui/lazy-dialog';

/** The share dialog (ShareDialog.tsx), whose code loads when it first opens: the pages offering it load without it. */
export const ShareDialog = lazyDialog(() => import('./ShareDialog').then((module) => module.ShareDialog), {
  isOpen: ({ open }) => open,
});
