import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

interface DeleteSelectedButtonProps {
  count: number;
  onConfirm: () => void;
}

/** "Delete selected" of a history list, after a confirmation naming how many rows go. */
export function DeleteSelectedButton({ count, onConfirm }: DeleteSelectedButtonProps) {
  const { t } = useTranslation('history');
  return (
    <Popconfirm
      title={t('confirm.deleteSelected', { count })}
      okText={t('confirm.ok')}
      cancelText={t('confirm.cancel')}
      disabled={count === 0}
      onConfirm={onConfirm}
    >
      <Button danger disabled={count === 0}>
        {t('buttons.deleteSelected')}
      </Button>
    </Popconfirm>
  );
}
