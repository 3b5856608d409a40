import { describe, expect, it } from 'vitest';
import { MAIN_MENU, START_TAB, SYS_MENU, USER_MENU, canSeeMenuItem, selectedMenuKeys } from './menus';

describe('menus built from the features’ declarations', () => {
  it('lists the header entries in the order of spec 1 §2, each with who may see it', () => {
    expect(MAIN_MENU.map((item) => [item.to, item.labelKey, item.access])).toEqual([
      ['/home', 'nav.home', 'public'],
      ['/home?tabName=quick', 'nav.search', 'public'],
      ['/search/searchNew', 'search:newSearch.nav', '/search/result'],
      ['/search/advance', 'advancedSearch:nav', '/search/advance'],
      ['/search/batch', 'batchSearch:nav', 'retrieval'],
      ['/search/img', 'imageSearch:nav', '/search/img'],
      ['/search/lawSearch', 'lawSearch:nav', '/search/lawSearch'],
      ['/search/defense', 'defenseSearch:nav', 'defenseSearch'],
      ['/innovationSpace/ipc', 'classification:nav', '/search/ipc'],
      ['/innovationSpace/history', 'history:nav', '/searchHistory'],
      // The innovation space's home, then its tools in the order of a drafting job.
      // Offered to users holding one of the space's tools at least.
      [
        '/innovationSpace',
        'innovationSpace:nav',
        [
          '/disclosurePaperWriting',
          '/disclosureNoveltySearch',
          '/preAssessment',
          '/repeat',
          '/assistedWriting',
          '/myFiles',
        ],
      ],
      ['/innovationSpace/collect', 'library:nav', '/user/collect'],
      ['/innovationSpace/repeat', 'duplicate:nav', '/repeat'],
      ['/innovationSpace/disclosure', 'disclosure:nav', '/disclosurePaperWriting'],
      ['/innovationSpace/disclosureNoveltySearch', 'preEvaluation:noveltyNav', '/disclosureNoveltySearch'],
      ['/innovationSpace/preAssessment', 'preEvaluation:nav', '/preAssessment'],
      ['/innovationSpace/assistedWriting', 'assistedWriting:nav', '/assistedWriting'],
      ['/patentMap', 'dashboards:nav.patentMap', '/patentMap'],
      ['/analysis/region', 'dashboards:nav.region', '/analysis/region'],
      ['/analysis/cu', 'dashboards:nav.university', '/analysis/cu'],
      ['/analysis/co', 'dashboards:nav.company', '/analysis/co'],
      ['/innovationSpace/help/Description', 'nav.help', 'public'],
    ]);
  });

  it('lists the account pages and the operators’ area in the user menu', () => {
    expect(USER_MENU.map((item) => [item.to, item.labelKey, item.access])).toEqual([
      ['/user/information', 'account:menu.information', 'userInfo'],
      ['/innovationSpace/password', 'account:menu.password', 'modifyPassword'],
      ['/innovationSpace/setting', 'account:menu.setting', 'userSet'],
      [
        '/innovationSpace/workspace',
        'innovationSpace:workspaceNav',
        [
          '/disclosurePaperWriting',
          '/disclosureNoveltySearch',
          '/preAssessment',
          '/repeat',
          '/assistedWriting',
          '/myFiles',
        ],
      ],
      ['/innovationSpace/collectSearch', 'library:menu.librarySearch', '/collectSearch'],
      ['/innovationSpace/collectCooperate', 'library:menu.cooperate', '/user/collect'],
      ['/user/recycleBin', 'library:menu.recycleBin', '/user/collect'],
      ['/innovationSpace/warning', 'alert:menu', '/warning'],
      ['/innovationSpace/download', 'download:menu', '/user/download'],
      ['/innovationSpace/reportHistory', 'report:menu', '/reportCenter'],
      ['/innovationSpace/myFile', 'myFile:menu', '/myFiles'],
      ['/innovationSpace/patentApply', 'disclosure:menuApply', '/disclosurePaperWriting'],
      ['/innovationSpace/myMsg', 'message:menu', '/messageCenter'],
      ['/innovationSpace/share', 'share:menu', '/user/share'],
      ['/user/group', 'group:menu', '/userPaeGroup'],
      ['/innovationSpace/paeGroup', 'applicantGroup:menu', '/userPaeGroup'],
      // The operators' area last, after the user's own pages.
      ['/sys/user', 'sys:menu.sys', '/sys'],
    ]);
  });

  it('lists the operators’ area sections of every feature in its side menu', () => {
    expect(SYS_MENU.map((item) => [item.to, item.labelKey, item.access])).toEqual([
      ['/sys/user', 'sys:sections.user', '/sys'],
      ['/sys/role', 'sys:sections.role', '/sys'],
      ['/sys/tenant', 'sys:sections.tenant', '/sys'],
      ['/sys/copy', 'sys:sections.copy', '/sys'],
      ['/sys/audit', 'sys:sections.audit', '/sys'],
      ['/sys/tryout', 'sys:sections.tryout', '/sys'],
      ['/sys/import', 'dataImport:menu', '/sys'],
      ['/sys/specialTopics', 'specialTopics:menu', '/sys'],
      ['/sys/awards', 'awards:menu', '/sys'],
      ['/sys/report', 'report:sysMenu', '/sys'],
    ]);
  });

  it('shows a visitor the public entries only', () => {
    expect(MAIN_MENU.filter((item) => canSeeMenuItem(item, [])).map((item) => item.to)).toEqual([
      '/home',
      '/home?tabName=quick',
      '/innovationSpace/help/Description',
    ]);
  });

  it('marks the search entry on result and analysis pages, and sections by their prefix', () => {
    expect(selectedMenuKeys(MAIN_MENU, '/innovationSpace/searchResult')).toEqual(['/home?tabName=quick']);
    expect(selectedMenuKeys(MAIN_MENU, '/innovationSpace/searchResult/analysis')).toEqual(['/home?tabName=quick']);
    expect(selectedMenuKeys(MAIN_MENU, '/innovationSpace/help/Detection')).toEqual([
      '/innovationSpace/help/Description',
    ]);
    expect(selectedMenuKeys(MAIN_MENU, '/innovationSpace/help/Description')).toEqual([
      '/innovationSpace/help/Description',
    ]);
    expect(selectedMenuKeys(MAIN_MENU, '/home')).toEqual(['/home']);
    expect(selectedMenuKeys(MAIN_MENU, '/search/batch')).toEqual(['/search/batch']);
    expect(selectedMenuKeys(MAIN_MENU, '/innovationSpace/searchDetail')).toEqual([]);
  });

  it('keeps the start page as the fixed first tab', () => {
    expect(START_TAB).toEqual({
      key: '/home',
      path: '/home',
      originPath: '/home',
      name: 'routes.home',
      permission: false,
      isFixed: true,
      viewCache: true,
    });
  });
});
