// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { installDomShims } from '../../test/render-app';
import { COLUMN_MAX_WIDTH, COLUMN_MIN_WIDTH, ResizableTable, clampColumnWidth } from './resizable-table';

afterEach(cleanup);

/** The width the table gives the first column (antd writes the columns' widths on <col>). */
function firstColWidth(container: HTMLElement): string | undefined {
  return container.querySelector<HTMLElement>('colgroup col')?.style.width;
}

function drag(handle: HTMLElement, dx: number) {
  fireEvent.pointerDown(handle, { clientX: 100 });
  fireEvent.pointerMove(window, { clientX: 100 + dx });
  fireEvent.pointerUp(window, { clientX: 100 + dx });
}

describe('resizable table columns (spec 2 §9: 30–800 px)', () => {
  it('clamps a dragged width', () => {
    expect(clampColumnWidth(5)).toBe(COLUMN_MIN_WIDTH);
    expect(clampColumnWidth(5000)).toBe(COLUMN_MAX_WIDTH);
    expect(clampColumnWidth(100, 150)).toBe(150);
    expect(clampColumnWidth(240.4)).toBe(240);
  });

  it('drags a column wider and narrower, within 30 and 800 px', () => {
    installDomShims();
    // jsdom lays nothing out: the header cell reports 120 px when the drag starts.
    const measured = HTMLElement.prototype.getBoundingClientRect;
    HTMLElement.prototype.getBoundingClientRect = function () {
      return { width: 120, height: 20, top: 0, left: 0, right: 120, bottom: 20, x: 0, y: 0, toJSON: () => ({}) };
    };
    try {
      const { container } = render(
        <ResizableTable
          rowKey="id"
          dataSource={[{ id: 1, name: 'a' }]}
          columns={[
            { key: 'name', dataIndex: 'name', title: 'Name', width: 120 },
            { key: 'id', dataIndex: 'id', title: 'Id' },
          ]}
          pagination={false}
        />,
      );
      const [handle] = screen.getAllByTestId('column-resizer');
      drag(handle!, 80);
      expect(firstColWidth(container)).toBe('200px');
      drag(handle!, -500);
      expect(firstColWidth(container)).toBe(`${COLUMN_MIN_WIDTH}px`);
      drag(handle!, 5000);
      expect(firstColWidth(container)).toBe(`${COLUMN_MAX_WIDTH}px`);
    } finally {
      HTMLElement.prototype.getBoundingClientRect = measured;
    }
  });
});
