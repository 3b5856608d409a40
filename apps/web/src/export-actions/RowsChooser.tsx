import { Alert, Flex, Form, InputNumber, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { requestedRows, rowsOnPage, type ExportSource, type RowChoice, type RowMode } from './export-model';

/** The rows of a result page to export, or what the chosen patents are. */
export function RowsChooser({
  source,
  choice,
  onChange,
  problem,
  locale,
}: {
  source: ExportSource;
  choice: RowChoice;
  onChange: (choice: RowChoice) => void;
  problem: string | undefined;
  locale: string;
}) {
  const { t } = useTranslation('export');
  if (source.kind === 'patents') {
    return (
      <Form.Item label={t('rows.label')}>
        <Typography.Text data-testid="export-what">
          {t('rows.patents', { count: source.publicationNumbers.length })}
        </Typography.Text>
        {problem && (
          <Alert type="error" showIcon title={problem} className="export-alert" data-testid="export-rows-error" />
        )}
      </Form.Item>
    );
  }
  const handleMode = (mode: RowMode) => {
    if (mode === choice.mode) return;
    if (mode === 'first') onChange({ mode, count: Math.min(source.total, 1000) });
    else if (mode === 'range') onChange({ mode, from: 1, to: Math.min(source.total, 1000) });
    else onChange({ mode });
  };
  return (
    <Form.Item label={t('rows.label')} extra={t('rows.total', { total: source.total.toLocaleString(locale) })}>
      <Radio.Group value={choice.mode} onChange={(e) => handleMode(e.target.value as RowMode)}>
        <Flex vertical gap={6}>
          <Radio value="page">{t('rows.page', { page: source.page, count: rowsOnPage(source) })}</Radio>
          <Radio value="selected" disabled={!source.allSelected && source.selected.length === 0}>
            {t('rows.selected', { count: source.allSelected ? source.total : source.selected.length })}
          </Radio>
          <Flex gap={8} align="center" wrap>
            <Radio value="first">{t('rows.first')}</Radio>
            {choice.mode === 'first' && (
              <InputNumber
                size="small"
                min={1}
                precision={0}
                value={choice.count}
                aria-label={t('rows.count')}
                onChange={(value) => onChange({ mode: 'first', count: value ?? null })}
              />
            )}
          </Flex>
          <Flex gap={8} align="center" wrap>
            <Radio value="range">{t('rows.range')}</Radio>
            {choice.mode === 'range' && (
              <>
                <InputNumber
                  size="small"
                  min={1}
                  precision={0}
                  value={choice.from}
                  aria-label={t('rows.from')}
                  onChange={(value) => onChange({ ...choice, from: value ?? null })}
                />
                <span>–</span>
                <InputNumber
                  size="small"
                  min={1}
                  precision={0}
                  value={choice.to}
                  aria-label={t('rows.to')}
                  onChange={(value) => onChange({ ...choice, to: value ?? null })}
                />
              </>
            )}
          </Flex>
        </Flex>
      </Radio.Group>
      {problem && (
        <Alert type="error" showIcon title={problem} className="export-alert" data-testid="export-rows-error" />
      )}
      {!problem && choice.mode !== 'page' && choice.mode !== 'selected' && requestedRows(source, choice) > 0 && (
        <Typography.Text type="secondary" className="export-rows-count">
          {t('rows.willExport', { count: requestedRows(source, choice) })}
        </Typography.Text>
      )}
    </Form.Item>
  );
}
