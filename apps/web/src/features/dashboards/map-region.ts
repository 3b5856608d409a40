import { provinceFullName, type ChinaProvince } from '@patlas/contracts';

/**
 * What a click on a region of the patent map opens (spec 2 §8 "map not yet open"): the province,
 * when it is a Chinese province with patents in the corpus; otherwise 'notOpen', and the page says
 * the region's map is not open yet rather than opening an empty panel.
 */
export function mapRegionTarget(
  name: string | undefined,
  provinces: readonly { key: string; count: number }[],
): ChinaProvince | 'notOpen' {
  const full = name ? provinceFullName(name) : undefined;
  if (!full) return 'notOpen';
  return provinces.some((p) => provinceFullName(p.key) === full && p.count > 0) ? full : 'notOpen';
}
