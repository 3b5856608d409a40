import { useTranslation } from 'react-i18next';

/** "2 GB", "13.5 MB": a size as the page shows it. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

/**
 * The readable name of an import format id (patsnap-xlsx → 智慧芽 PatSnap 导出（Excel）); a format
 * the catalogue does not name yet shows its id, null the "not recognised" label.
 */
export function useFormatName(): (id: string | null) => string {
  const { t, i18n } = useTranslation('dataImport');
  return (id) => {
    if (id === null) return t('files.unknown');
    // Ids come from the server, so the key is checked at run time rather than typed.
    return i18n.exists(`dataImport:formats.${id}`) ? t(`formats.${id}` as 'formats.canonical-csv') : id;
  };
}
