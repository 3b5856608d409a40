import { SYS_PERMISSION } from '@patlas/contracts';
import { defineFeature } from '../../app/define-feature';
import { REPORT_HISTORY_PATH, REPORT_PATH, REPORTS_PERMISSION } from '../../app/paths';

/** Smart reports (issue 20; spec 2 §2, surface.json group report): the user's reports and the operators' view. */
export const reportFeature = defineFeature({
  routes: [
    {
      path: REPORT_HISTORY_PATH,
      titleKey: 'report:routes.history',
      access: REPORTS_PERMISSION,
      tab: { permission: REPORTS_PERMISSION },
      menu: { group: 'user', labelKey: 'report:menu', order: 38 },
      page: async () => (await import('./ReportListPage')).ReportListPage,
    },
    {
      path: REPORT_PATH,
      titleKey: 'report:routes.report',
      access: REPORTS_PERMISSION,
      tab: { permission: REPORTS_PERMISSION, keyParams: ['id'] },
      page: async () => (await import('./ReportListPage')).ReportListPage,
    },
    {
      path: '/sys/report',
      titleKey: 'report:routes.sys',
      access: SYS_PERMISSION,
      tab: { permission: SYS_PERMISSION },
      layout: 'sys',
      menu: { group: 'sys', labelKey: 'report:sysMenu', order: 90 },
      page: async () => (await import('./SysReportPage')).SysReportPage,
    },
  ],
});
