import { describe, expect, it } from 'vitest';
import { mapRegionTarget } from './map-region';

describe('patent map regions (spec 2 §8 "map not yet open")', () => {
  const provinces = [
    { key: '广东省', count: 120 },
    { key: '西藏自治区', count: 0 },
  ];
  it('opens a province with patents, by its short (map) or full name', () => {
    expect(mapRegionTarget('广东', provinces)).toBe('广东省');
    expect(mapRegionTarget('广东省', provinces)).toBe('广东省');
  });
  it('says the map is not open for a region without patents or that is no province', () => {
    expect(mapRegionTarget('西藏', provinces)).toBe('notOpen');
    expect(mapRegionTarget('澳门', provinces)).toBe('notOpen');
    expect(mapRegionTarget('南海诸岛', provinces)).toBe('notOpen');
    expect(mapRegionTarget(undefined, provinces)).toBe('notOpen');
  });
});
