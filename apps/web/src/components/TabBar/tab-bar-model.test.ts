import { describe, expect, it } from 'vitest';
import { createProductStorage } from '../../storage/storage';
import {
  MAX_TABS,
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  filterTabsByPermission,
  loadTabs,
  openTab,
  replaceTab,
  saveTabs,
  splitTabs,
  tabKeyOf,
  type AppTab,
} from './tab-bar-model';

const home: AppTab = {
  key: '/home',
  path: '/home',
  originPath: '/home',
  name: 'routes.home',
  permission: false,
  isFixed: true,
  viewCache: true,
};

function detail(pn: string, tab?: string): AppTab {
  const search = new URLSearchParams({ pn, ...(tab ? { tab } : {}) });
  return {
    key: tabKeyOf('/innovationSpace/searchDetail', search, ['pn']),
    path: `/innovationSpace/searchDetail?${search.toString()}`,
    originPath: '/innovationSpace/searchDetail',
    name: 'routes.patentDetail',
    label: pn,
    permission: '/search/detail',
    isFixed: false,
    viewCache: true,
  };
}

const labels = (tabs: AppTab[]) => tabs.map((t) => t.label ?? t.key);

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
}

describe('tab bar model', () => {
  it('names a page by its route and key parameters, not by its sub-tab', () => {
    expect(detail('CN1A', 'legal').key).toBe(detail('CN1A').key);
    expect(detail('CN1A').key).not.toBe(detail('CN2A').key);
    expect(tabKeyOf('/home', new URLSearchParams('x=1'))).toBe('/home');
  });

  it('keeps the first tab fixed: it stays first and cannot be closed', () => {
    let tabs = openTab([], detail('CN1A'));
    tabs = openTab(tabs, home);
    expect(tabs[0]).toMatchObject({ key: '/home', isFixed: true });
    const result = closeTab(tabs, '/home', '/home');
    expect(result.tabs.map((t) => t.key)).toContain('/home');
    expect(closeAllTabs(tabs)).toEqual([home]);
  });

  it('shows at most two tabs inline after the fixed one and puts the rest in the overflow list', () => {
    let tabs: AppTab[] = [home];
    for (const pn of ['A', 'B', 'C', 'D']) tabs = openTab(tabs, detail(pn));
    const split = splitTabs(tabs);
    expect(labels(split.fixed)).toEqual(['/home']);
    expect(labels(split.inline)).toEqual(['D', 'C']);
    expect(labels(split.overflow)).toEqual(['B', 'A']);
  });

  it('brings a tab out of the overflow list when it is opened again, and leaves inline tabs in place', () => {
    let tabs: AppTab[] = [home];
    for (const pn of ['A', 'B', 'C', 'D']) tabs = openTab(tabs, detail(pn));
    tabs = openTab(tabs, detail('C', 'legal'));
    expect(labels(splitTabs(tabs).inline)).toEqual(['D', 'C']);
    expect(tabs.find((t) => t.label === 'C')?.path).toContain('tab=legal');
    tabs = openTab(tabs, detail('A'));
    expect(labels(splitTabs(tabs).inline)).toEqual(['A', 'D']);
    expect(labels(splitTabs(tabs).overflow)).toEqual(['C', 'B']);
  });

  it('activates the neighbour when the active tab is closed', () => {
    let tabs: AppTab[] = [home];
    for (const pn of ['A', 'B', 'C']) tabs = openTab(tabs, detail(pn));
    const closed = closeTab(tabs, detail('B').key, detail('B').key);
    expect(labels(closed.tabs)).toEqual(['/home', 'C', 'A']);
    expect(closed.nextActive?.label).toBe('A');
    expect(closeTab(tabs, detail('B').key, '/home').nextActive).toBeUndefined();
    expect(labels(closeOtherTabs(tabs, detail('B').key))).toEqual(['/home', 'B']);
  });

  it('keeps at most MAX_TABS tabs, dropping the oldest', () => {
    let tabs: AppTab[] = [home];
    for (let i = 0; i < MAX_TABS + 5; i += 1) tabs = openTab(tabs, detail(`P${i}`));
    expect(tabs).toHaveLength(MAX_TABS);
    expect(tabs[0]?.key).toBe('/home');
    expect(tabs[1]?.label).toBe(`P${MAX_TABS + 4}`);
  });

  it('filters tabs by the menu permission list, and shows all when there is no access control', () => {
    const tabs = [home, detail('A')];
    expect(labels(filterTabsByPermission(tabs, []))).toEqual(['/home']);
    expect(labels(filterTabsByPermission(tabs, ['/search/detail']))).toEqual(['/home', 'A']);
    expect(filterTabsByPermission(tabs, null)).toHaveLength(2);
  });

  it('persists the tabs in local storage and restores them with the fixed tab first', () => {
    const backend = memoryStorage();
    const storage = createProductStorage({
      product: 'patlas',
      version: '1',
      backend: () => backend,
      onError: () => {},
    });
    let tabs: AppTab[] = [home];
    for (const pn of ['A', 'B', 'C']) tabs = openTab(tabs, detail(pn));
    saveTabs(storage, tabs);
    expect(backend.getItem('patlas:1:tabs')).toContain('"e":');
    const restored = loadTabs(storage, home);
    expect(restored).toEqual(tabs);
  });

  it('drops stored entries that are not tabs', () => {
    const backend = memoryStorage();
    const storage = createProductStorage({
      product: 'patlas',
      version: '1',
      backend: () => backend,
      onError: () => {},
    });
    storage.set('tabs', [{ key: 1 }, detail('A'), 'junk', detail('A'), { ...home, path: 'http://evil.example/' }]);
    expect(labels(loadTabs(storage, home))).toEqual(['/home', 'A']);
    storage.set('tabs', 'not a list');
    expect(loadTabs(storage, home)).toEqual([home]);
  });

  it('steps through a result list in one tab: the tab left takes the next record in its place', () => {
    const tabs = openTab(openTab([home], detail('CN1A')), detail('US2B2'));
    expect(labels(tabs)).toEqual(['/home', 'US2B2', 'CN1A']);
    const stepped = replaceTab(tabs, detail('US2B2').path, detail('US3B2'));
    expect(labels(stepped)).toEqual(['/home', 'US3B2', 'CN1A']);
    // A record already open in another tab is not duplicated: that tab comes forward instead.
    expect(labels(replaceTab(stepped, detail('US3B2').path, detail('CN1A')))).toEqual(['/home', 'US3B2', 'CN1A']);
    // Nothing showed the page left (a fresh start): an ordinary open.
    expect(labels(replaceTab([home], '/somewhere', detail('US3B2')))).toEqual(['/home', 'US3B2']);
  });
});
