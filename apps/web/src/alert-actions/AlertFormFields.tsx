import { Flex, Form, Radio, Select, TimePicker, TreeSelect, Typography, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { buildFolderTree, type FolderNode, type FolderRow } from '../library-actions/folder-tree';
import { useFolders } from '../library-actions/queries';
import type { AlertFormValues } from './alert-model';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const MONTH_DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

/** HH:mm in the form, a Dayjs in the time picker. */
function timeOf(value: unknown): Dayjs | undefined {
  if (typeof value !== 'string' || !/^\d{2}:\d{2}$/.test(value)) return undefined;
  const [hour = 0, minute = 0] = value.split(':').map(Number);
  return dayjs().hour(hour).minute(minute).second(0).millisecond(0);
}

interface FolderOption {
  value: string;
  title: string;
  children: FolderOption[];
}

function folderOptions<T extends FolderRow>(nodes: readonly FolderNode<T>[]): FolderOption[] {
  return nodes.map(({ folder, children }) => ({
    value: folder.id,
    title: folder.name,
    children: folderOptions(children),
  }));
}

/** One of the user's active library folders (a library alert of the generic dialog). */
export function LibraryPicker({
  value,
  onChange,
  id,
}: {
  value?: string;
  onChange?: (id: string) => void;
  id?: string;
}) {
  const { t } = useTranslation('alert');
  const folders = useFolders('active');
  const treeData = folderOptions(buildFolderTree((folders.data?.folders ?? []).filter((f) => f.state === 'active')));
  return (
    <TreeSelect<string>
      id={id}
      value={value}
      onChange={onChange}
      treeData={treeData}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      loading={folders.isPending}
      placeholder={t('form.libraryPlaceholder')}
      notFoundContent={folders.isError ? folders.error.message : t('form.noLibraries')}
      data-testid="alert-library"
    />
  );
}

interface ScheduleFieldProps {
  frequency: AlertFormValues['frequency'];
  timeZone: string;
  /** The form's check of the time (spec 2 §5). */
  timeRule: FormRule;
}

/** When the alert runs: weekly on a weekday or monthly on a day, at a time of the user's time zone. */
export function ScheduleField({ frequency, timeZone, timeRule }: ScheduleFieldProps) {
  const { t } = useTranslation('alert');
  return (
    <Form.Item label={t('form.schedule')} required className="alert-schedule">
      <Flex gap={8} wrap align="center">
        <Form.Item name="frequency" noStyle>
          <Radio.Group
            optionType="button"
            options={(['weekly', 'monthly'] as const).map((value) => ({ value, label: t(`frequency.${value}`) }))}
            data-testid="alert-frequency"
          />
        </Form.Item>
        {frequency === 'weekly' ? (
          <Form.Item name="weekday" noStyle>
            <Select
              className="alert-day-select"
              style={{ width: 140 }}
              aria-label={t('form.weekday')}
              options={WEEKDAYS.map((value) => ({ value, label: t(`weekdays.${value}`) }))}
              data-testid="alert-weekday"
            />
          </Form.Item>
        ) : (
          <Form.Item name="monthDay" noStyle>
            <Select
              className="alert-day-select"
              style={{ width: 140 }}
              aria-label={t('form.monthDay')}
              options={MONTH_DAYS.map((value) => ({ value, label: t('monthDay', { day: value }) }))}
              data-testid="alert-month-day"
            />
          </Form.Item>
        )}
        <Form.Item
          name="time"
          noStyle
          rules={[timeRule]}
          getValueProps={(value: unknown) => ({ value: timeOf(value) })}
          normalize={(value: Dayjs | null) => (value ? value.format('HH:mm') : '')}
        >
          <TimePicker
            format="HH:mm"
            minuteStep={5}
            allowClear={false}
            needConfirm={false}
            aria-label={t('form.time')}
          />
        </Form.Item>
      </Flex>
      <Typography.Text type="secondary" className="alert-time-zone" data-testid="alert-time-zone">
        {frequency === 'monthly' ? `${t('form.monthEndHint')} ` : ''}
        {t('form.timeZone', { timeZone })}
      </Typography.Text>
    </Form.Item>
  );
}
