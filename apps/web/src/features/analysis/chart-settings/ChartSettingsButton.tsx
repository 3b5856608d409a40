import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  App,
  Button,
  Checkbox,
  ColorPicker,
  Flex,
  Form,
  InputNumber,
  Modal,
  Select,
  Space,
  Switch,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { BgColorsOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CHART_SIZE_LIMITS,
  DEFAULT_CHART_SIZE,
  LEGEND_POSITIONS,
  MAX_PALETTE_COLORS,
  MIN_PALETTE_COLORS,
  defaultPaletteFor,
  paletteOf,
  type ChartSizeDetail,
  type ChartType,
} from '@patlas/contracts';
import { ApiError } from '../../../api/client';
import {
  useCanSaveChartSettings,
  useChartColorConfig,
  useChartSizeConfig,
  useResetChartPalette,
  useResetChartSize,
  useSaveChartPalette,
  useSaveChartSize,
} from './queries';
import './chart-settings.css';

export interface ChartSettingsButtonProps {
  /** The chart's key, as given to useChartPalette / useChartSize. */
  chartKey: string;
  /** The chart type whose default palette applies; by default the one the key names (contracts chartTypeOfKey). */
  chartType?: ChartType;
}

/**
 * A small icon button on a chart card that opens the chart's settings: its colour palette
 * (5–10 colours, antd ColorPicker) and its size (width, height, font size, legend, labels), each
 * saved per user or reset to the default. Disabled for visitors without a personal account.
 */
export function ChartSettingsButton({ chartKey, chartType }: ChartSettingsButtonProps) {
  const { t } = useTranslation('chartSettings');
  const canSave = useCanSaveChartSettings();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Tooltip title={canSave ? t('button.label') : t('button.signInToSave')}>
        <Button
          type="text"
          size="small"
          icon={<BgColorsOutlined />}
          aria-label={t('button.label')}
          disabled={!canSave}
          onClick={() => setIsOpen(true)}
        />
      </Tooltip>
      {isOpen && <ChartSettingsDialog chartKey={chartKey} chartType={chartType} onClose={() => setIsOpen(false)} />}
    </>
  );
}

export function ChartSettingsDialog({
  chartKey,
  chartType,
  onClose,
}: ChartSettingsButtonProps & { onClose: () => void }) {
  const { t } = useTranslation('chartSettings');
  return (
    <Modal open title={t('dialog.title')} onCancel={onClose} footer={null} width={560} destroyOnHidden>
      <Tabs
        items={[
          {
            key: 'colors',
            label: t('dialog.tabs.colors'),
            children: <PaletteEditor chartKey={chartKey} chartType={chartType} />,
          },
          { key: 'size', label: t('dialog.tabs.size'), children: <SizeEditor chartKey={chartKey} /> },
        ]}
      />
    </Modal>
  );
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function PaletteEditor({ chartKey, chartType }: ChartSettingsButtonProps) {
  const { t } = useTranslation('chartSettings');
  const { message } = App.useApp();
  const config = useChartColorConfig(chartKey, chartType);
  const save = useSaveChartPalette(chartKey);
  const reset = useResetChartPalette(chartKey);
  const stored = config.data ? paletteOf(config.data.colorDetail) : defaultPaletteFor(chartKey, chartType);
  // The user's edits apply to what the server held when they were made; a new answer (a reset,
  // the first load) starts the editor afresh from it.
  const storedText = stored.join(',');
  const [draft, setDraft] = useState<{ base: string; palette: string[] } | null>(null);
  const palette = draft && draft.base === storedText ? draft.palette : stored;
  const setPalette = (change: (current: string[]) => string[]) =>
    setDraft({ base: storedText, palette: change(palette) });

  const savedId = config.data && !config.data.isDefault ? config.data.id : null;
  const setColor = (position: number, color: string) =>
    setPalette((current) => current.map((old, index) => (index === position ? color : old)));

  const onSave = () =>
    save.mutate(palette, {
      onSuccess: () => void message.success(t('colors.saved')),
      onError: (error) => void message.error(errorText(error)),
    });
  const onReset = () => {
    if (!savedId) {
      setDraft(null);
      return;
    }
    reset.mutate(savedId, {
      onSuccess: () => void message.success(t('colors.resetDone')),
      onError: (error) => void message.error(errorText(error)),
    });
  };

  return (
    <Flex vertical gap={12}>
      <Space>
        <Tag color={savedId ? 'blue' : 'default'}>{savedId ? t('colors.custom') : t('colors.default')}</Tag>
        <Typography.Text type="secondary">
          {t('colors.hint', { min: MIN_PALETTE_COLORS, max: MAX_PALETTE_COLORS })}
        </Typography.Text>
      </Space>
      <Flex wrap gap={8} role="list">
        {palette.map((color, index) => (
          <Flex key={index} vertical align="center" gap={4} role="listitem" className="chart-settings-swatch">
            <ColorPicker
              value={color}
              disabledAlpha
              showText={() => <span className="chart-settings-hex">{color}</span>}
              onChangeComplete={(value) => setColor(index, value.toHexString())}
              aria-label={t('colors.color', { index: index + 1 })}
            />
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('colors.remove', { index: index + 1 })}
              disabled={palette.length <= MIN_PALETTE_COLORS}
              onClick={() => setPalette((current) => current.filter((_, other) => other !== index))}
            />
          </Flex>
        ))}
        <Button
          icon={<PlusOutlined />}
          disabled={palette.length >= MAX_PALETTE_COLORS}
          onClick={() => setPalette((current) => [...current, current[current.length - 1] ?? '#1677ff'])}
        >
          {t('colors.add')}
        </Button>
      </Flex>
      <div>
        <Typography.Text type="secondary">{t('colors.preview')}</Typography.Text>
        <div className="chart-settings-preview" data-testid="palette-preview">
          {palette.map((color, index) => (
            <span key={index} style={{ background: color, flexGrow: palette.length - index }} />
          ))}
        </div>
      </div>
      <Flex justify="space-between">
        <Button onClick={onReset} loading={reset.isPending}>
          {t('colors.reset')}
        </Button>
        <Button type="primary" onClick={onSave} loading={save.isPending}>
          {t('actions.save')}
        </Button>
      </Flex>
    </Flex>
  );
}

function SizeEditor({ chartKey }: { chartKey: string }) {
  const { t } = useTranslation('chartSettings');
  const { message } = App.useApp();
  const config = useChartSizeConfig(chartKey);
  const save = useSaveChartSize(chartKey);
  const reset = useResetChartSize(chartKey);
  const [form] = Form.useForm<ChartSizeDetail & { isAutoWidth: boolean }>();
  const stored = config.data?.confDetail ?? DEFAULT_CHART_SIZE;
  const isAutoWidth = Form.useWatch('isAutoWidth', form);

  useEffect(() => {
    form.setFieldsValue({ ...stored, width: stored.width ?? 800, isAutoWidth: stored.width === null });
  }, [form, stored]);

  const onFinish = ({ isAutoWidth: isAuto, ...values }: ChartSizeDetail & { isAutoWidth: boolean }) =>
    save.mutate(
      { ...values, width: isAuto ? null : values.width },
      {
        onSuccess: () => void message.success(t('size.saved')),
        onError: (error) => void message.error(error instanceof ApiError ? error.message : errorText(error)),
      },
    );

  return (
    <Form form={form} layout="horizontal" labelCol={{ span: 8 }} onFinish={onFinish}>
      <Form.Item label={t('size.width')}>
        <Space>
          <Form.Item name="width" noStyle>
            <InputNumber
              min={CHART_SIZE_LIMITS.width.min}
              max={CHART_SIZE_LIMITS.width.max}
              step={50}
              disabled={isAutoWidth}
              aria-label={t('size.width')}
            />
          </Form.Item>
          <Form.Item name="isAutoWidth" valuePropName="checked" noStyle>
            <Checkbox>{t('size.autoWidth')}</Checkbox>
          </Form.Item>
        </Space>
      </Form.Item>
      <Form.Item name="height" label={t('size.height')} rules={[{ required: true }]}>
        <InputNumber min={CHART_SIZE_LIMITS.height.min} max={CHART_SIZE_LIMITS.height.max} step={50} />
      </Form.Item>
      <Form.Item name="fontSize" label={t('size.fontSize')} rules={[{ required: true }]}>
        <InputNumber min={CHART_SIZE_LIMITS.fontSize.min} max={CHART_SIZE_LIMITS.fontSize.max} />
      </Form.Item>
      <Form.Item name="legendPosition" label={t('size.legendPosition')}>
        <Select
          style={{ width: 160 }}
          options={LEGEND_POSITIONS.map((position) => ({ value: position, label: t(`size.legend.${position}`) }))}
        />
      </Form.Item>
      <Form.Item name="showLabel" label={t('size.showLabel')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Flex justify="space-between">
        <Button
          loading={reset.isPending}
          onClick={() =>
            reset.mutate(undefined, {
              onSuccess: () => void message.success(t('size.resetDone')),
              onError: (error) => void message.error(errorText(error)),
            })
          }
        >
          {t('size.reset')}
        </Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('actions.save')}
        </Button>
      </Flex>
    </Form>
  );
}
