import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Form, Input, Modal, Radio, TreeSelect, Tooltip } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import {
  CUSTOM_CHART_CATEGORY_COUNTS,
  MAX_CHART_NAME_LENGTH,
  type AnalysisRequest,
  type ChartClassify,
  type ChartType,
} from '@patlas/contracts';
import { nameRules } from './NameModal';
import { useCanSaveChartSettings, useChartInfo, useChartMutations } from './queries';

/**
 * Saves the chart on screen into "My charts".
 *
 * Props:
 * - `request`: the AnalysisRequest the chart shows (packages/contracts analysis.ts), stored as is;
 * - `chartKey`: the chart's key (as for useChartPalette); `chartType`: how it is drawn;
 * - `defaultName` (optional): the name proposed in the dialog, e.g. the chart's title;
 * - `onSaved` (optional): called with the saved chart's id.
 * The dialog asks for a name (1–100 characters), a folder (optional) and 30 or 50 categories.
 */
export interface SaveChartButtonProps {
  request: AnalysisRequest;
  chartKey: string;
  chartType: ChartType;
  defaultName?: string;
  onSaved?: (id: string) => void;
}

interface SaveForm {
  name: string;
  classifyId?: string;
  categoryCount: 30 | 50;
}

interface FolderOption {
  value: string;
  title: string;
  children: FolderOption[];
}

function folderOptionsOf(folders: readonly ChartClassify[], parentId: string | null = null): FolderOption[] {
  return folders
    .filter((folder) => folder.parentId === parentId)
    .map((folder) => ({ value: folder.id, title: folder.name, children: folderOptionsOf(folders, folder.id) }));
}

export function SaveChartButton({ request, chartKey, chartType, defaultName, onSaved }: SaveChartButtonProps) {
  const { t } = useTranslation('chartSettings');
  const canSave = useCanSaveChartSettings();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Tooltip title={canSave ? t('charts.save') : t('button.signInToSave')}>
        <Button
          type="text"
          size="small"
          icon={<SaveOutlined />}
          aria-label={t('charts.save')}
          disabled={!canSave}
          onClick={() => setIsOpen(true)}
        />
      </Tooltip>
      {isOpen && (
        <SaveChartDialog
          request={request}
          chartKey={chartKey}
          chartType={chartType}
          defaultName={defaultName}
          onSaved={onSaved}
          onClose={() => setIsOpen(false)}
        />
      )}
    </>
  );
}

function SaveChartDialog({
  request,
  chartKey,
  chartType,
  defaultName,
  onSaved,
  onClose,
}: SaveChartButtonProps & { onClose: () => void }) {
  const { t } = useTranslation('chartSettings');
  const { message } = App.useApp();
  const info = useChartInfo();
  const { addChart } = useChartMutations();
  const [form] = Form.useForm<SaveForm>();

  const onFinish = (values: SaveForm) =>
    addChart.mutate(
      {
        name: values.name.trim(),
        classifyId: values.classifyId ?? null,
        chartKey,
        chartType,
        categoryCount: values.categoryCount,
        request,
      },
      {
        onSuccess: (saved) => {
          void message.success(t('charts.saved'));
          onSaved?.(saved.id);
          onClose();
        },
        onError: (error) => void message.error(error.message),
      },
    );

  return (
    <Modal
      open
      title={t('charts.saveTitle')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={addChart.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<SaveForm>
        form={form}
        layout="vertical"
        initialValues={{ name: (defaultName ?? '').slice(0, MAX_CHART_NAME_LENGTH), categoryCount: 30 }}
        onFinish={onFinish}
      >
        <Form.Item name="name" label={t('charts.chartName')} rules={nameRules(t)}>
          <Input autoFocus maxLength={MAX_CHART_NAME_LENGTH + 1} />
        </Form.Item>
        <Form.Item name="classifyId" label={t('charts.folder')}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            placeholder={t('charts.unfiled')}
            loading={info.isLoading}
            treeData={folderOptionsOf(info.data?.classifies ?? [])}
          />
        </Form.Item>
        <Form.Item name="categoryCount" label={t('charts.categoryCount')}>
          <Radio.Group
            options={CUSTOM_CHART_CATEGORY_COUNTS.map((count) => ({
              value: count,
              label: t('charts.categoryOption', { count }),
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
