import { lazyDialog } from '../components/ui/lazy-dialog';

/**
 * The export dialog (ExportDialog.tsx), whose code (the form, the rows and templates, its styles)
 * loads when it first opens: the pages offering it load without it.
 */
export const ExportDialog = lazyDialog(() => import('./ExportDialog').then((module) => module.ExportDialog), {
  isOpen: ({ source }) => source !== undefined,
  width: 720,
});
