// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EChart, type EChartHandle } from './EChart';
import { echarts } from './echarts-setup';

const bars = (values: number[]) => ({
  xAxis: { type: 'category' as const, data: values.map((_, i) => `c${i}`) },
  yAxis: { type: 'value' as const },
  series: [{ type: 'bar' as const, data: values }],
});

/** The instance the component owns, found as ECharts finds it: by its element. */
function instanceIn(container: HTMLElement) {
  const host = [...container.querySelectorAll('div')].find((div) => echarts.getInstanceByDom(div));
  return host ? echarts.getInstanceByDom(host) : undefined;
}

/**
 * jsdom has no 2D canvas: a context that accepts every call (measureText answers a width), enough
 * for zrender to draw into nothing. What is tested is the instance's life, not pixels.
 */
afterEach(cleanup);

beforeAll(() => {
  const context = () =>
    new Proxy({} as Record<string | symbol, unknown>, {
      get: (target, key) => (key in target ? target[key] : () => ({ width: 0 })),
      set: (target, key, value) => {
        target[key] = value;
        return true;
      },
    });
  HTMLCanvasElement.prototype.getContext = context as unknown as HTMLCanvasElement['getContext'];
  HTMLCanvasElement.prototype.toDataURL = () => 'data:image/png;base64,';
});

describe('EChart', () => {
  it('draws on one instance, replaces the option whole, and disposes it on unmount', () => {
    const ref = createRef<EChartHandle>();
    const { container, rerender, unmount } = render(<EChart ref={ref} option={bars([1, 2, 3])} height={200} />);
    const chart = instanceIn(container);
    expect(chart).toBeDefined();
    expect(chart!.isDisposed()).toBeFalsy();
    rerender(<EChart ref={ref} option={bars([4, 5])} height={240} />);
    // The same instance, and the new option alone (notMerge).
    expect(instanceIn(container)).toBe(chart);
    const series = chart!.getOption().series as { data: number[] }[];
    expect(series.map((s) => s.data)).toEqual([[4, 5]]);
    const handle = ref.current;
    unmount();
    expect(chart!.isDisposed()).toBe(true);
    // A late call (a fullscreen resize timer, an export) on the unmounted chart does nothing.
    expect(() => act(() => handle?.resize())).not.toThrow();
    expect(handle?.pngDataUrl()).toBeUndefined();
  });

  it('calls the click handler it is given now, not an earlier one', () => {
    const calls: string[] = [];
    const { container, rerender } = render(
      <EChart option={bars([1])} height={200} onElementClick={() => calls.push('first')} />,
    );
    rerender(<EChart option={bars([1])} height={200} onElementClick={() => calls.push('second')} />);
    const chart = instanceIn(container)!;
    act(() => {
      (chart.trigger as (event: string, params: object) => void)('click', { name: 'c0' });
    });
    expect(calls).toEqual(['second']);
  });
});
