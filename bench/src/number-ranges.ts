/**
 * Approximate first 9-digit serial of CN publications per year and series (A/B inventions share one
 * series, U utility models, S designs). Public knowledge, read off published numbers (e.g. CN108982325A was
 * published 2018-12-11, CN208104517U 2018-11-16, CN117151122A late 2023); accurate to a few months.
 * The derive script uses it to date the undated CN sources; the generator to number records of a given year.
 */
export type CnSeries = 'A' | 'U' | 'S';

export const CN_SERIES: Record<CnSeries, [year: number, first: number][]> = {
  A: [
    [2008, 101_000_000],
    [2009, 101_300_000],
    [2010, 101_600_000],
    [2011, 101_950_000],
    [2012, 102_300_000],
    [2013, 102_850_000],
    [2014, 103_400_000],
    [2015, 104_200_000],
    [2016, 105_200_000],
    [2017, 106_300_000],
    [2018, 107_500_000],
    [2019, 109_100_000],
    [2020, 110_600_000],
    [2021, 112_100_000],
    [2022, 113_800_000],
    [2023, 115_500_000],
    [2024, 117_300_000],
    [2025, 119_100_000],
    [2026, 120_900_000],
  ],
  U: [
    [2008, 201_000_000],
    [2009, 201_200_000],
    [2010, 201_500_000],
    [2011, 201_900_000],
    [2012, 202_300_000],
    [2013, 202_900_000],
    [2014, 203_400_000],
    [2015, 204_100_000],
    [2016, 204_900_000],
    [2017, 205_900_000],
    [2018, 207_100_000],
    [2019, 208_500_000],
    [2020, 210_200_000],
    [2021, 212_300_000],
    [2022, 215_000_000],
    [2023, 217_700_000],
    [2024, 220_000_000],
    [2025, 222_300_000],
    [2026, 224_600_000],
  ],
  S: [
    [2008, 300_700_000],
    [2010, 301_100_000],
    [2012, 301_900_000],
    [2014, 302_700_000],
    [2016, 303_500_000],
    [2018, 304_500_000],
    [2020, 305_600_000],
    [2022, 307_100_000],
    [2024, 308_700_000],
    [2026, 310_300_000],
  ],
};

/** Publication year of a CN serial (the last year whose first serial is ≤ it). */
export function cnYearOfSerial(series: CnSeries, serial: number): number | undefined {
  let year: number | undefined;
  for (const [y, first] of CN_SERIES[series]) if (serial >= first) year = y;
  return year;
}

/**
 * [first, end) serial range of a series in a year, interpolated between anchors. Years before the 9-digit numbers
 * (2008) take the first anchored year's range, so every number keeps the current format.
 */
export function cnSerialRange(series: CnSeries, year: number): [number, number] {
  const table = CN_SERIES[series];
  year = Math.max(year, table[0]?.[0] ?? year);
  const at = (y: number): number => {
    const first = table[0];
    const last = table[table.length - 1];
    if (!first || !last) return 0;
    if (y <= first[0]) return first[1];
    for (let i = 1; i < table.length; i++) {
      const [y1, f1] = table[i] ?? last;
      const [y0, f0] = table[i - 1] ?? first;
      if (y <= y1) return Math.round(f0 + ((f1 - f0) * (y - y0)) / (y1 - y0));
    }
    const prev = table[table.length - 2] ?? first;
    return Math.round(last[1] + ((last[1] - prev[1]) * (y - last[0])) / (last[0] - prev[0]));
  };
  return [at(year), at(year + 1)];
}
