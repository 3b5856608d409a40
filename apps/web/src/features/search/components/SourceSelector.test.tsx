// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { Language } from '@patlas/contracts';
import { createI18n } from '../../../i18n/setup';
import { installDomShims } from '../../../test/render-app';
import { SourceSelector } from './SourceSelector';

function renderIn(lang: Language, value: string | undefined, onChange = vi.fn()) {
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <SourceSelector value={value} onChange={onChange} />
    </I18nextProvider>,
  );
  return onChange;
}

const tags = () =>
  [...document.querySelectorAll('.result-scope .ant-select-selection-item-content')].map((t) => t.textContent);

/** Opens the drop-down and clicks the tree node titled `title`. */
async function pick(title: string) {
  if (!document.querySelector('.ant-select-tree')) fireEvent.mouseDown(screen.getByRole('combobox'));
  const node = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-tree-title')].find((n) => n.textContent === title);
    if (!found) throw new Error(`no node ${title}`);
    return found;
  });
  fireEvent.click(node);
}

describe('data-source selector (cn / cnOther / abroad with OTHER)', () => {
  beforeAll(installDomShims);
  afterEach(cleanup);

  it('reads the old scopes as their groups and writes a chosen group by its name', async () => {
    const onChange = renderIn('zh', 'cn');
    // cn as it always was: mainland China with Hong Kong, Macao and Taiwan.
    expect(tags()).toEqual(['中国', '中国港澳台']);
    await pick('国外');
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    cleanup();
    const onPick = renderIn('zh', undefined);
    expect(screen.getByText('全部数据')).toBeTruthy();
    await pick('中国港澳台');
    expect(onPick).toHaveBeenLastCalledWith('cnOther');
  });

  it('offers OTHER under abroad and keeps single offices, in English', async () => {
    const onChange = renderIn('en', 'cnOther');
    expect(tags()).toEqual(['Hong Kong, Macao, Taiwan']);
    await pick('Other offices');
    expect(onChange).toHaveBeenLastCalledWith('cnOther,OTHER');
    cleanup();
    renderIn('en', 'CN,US');
    // The cn group holds CN alone: checked, it shows as its group.
    expect(tags().sort()).toEqual(['China', 'United States US']);
  });
});
