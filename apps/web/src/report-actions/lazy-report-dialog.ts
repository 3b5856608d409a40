import { lazyDialog } from '../components/ui/lazy-dialog';

/** The report dialog (ReportDialog.tsx), whose code loads when it first opens: the pages offering it load without it. */
export const ReportDialog = lazyDialog(() => import('./ReportDialog').then((module) => module.ReportDialog), {
  isOpen: ({ preset }) => preset !== undefined,
  width: 720,
});
