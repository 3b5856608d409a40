import { useState } from 'react';
import { Alert, App, Form, Modal, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_SHARE_RECIPIENTS, type LibraryFolder } from '@patlas/contracts';
import { EMAIL_PATTERN, firstDuplicateEmail, splitEmails } from '../../../components/ShareDialog/emails';
import { useMyGroups, useShareLibrary } from '../queries';
import { validValues } from '../../../utils/valid-values';

interface ShareForm {
  emails?: string[];
  groupId?: string;
}

interface ShareLibraryModalProps {
  /** The library (a top-level folder) to share; undefined: closed. */
  library: LibraryFolder | undefined;
  onClose: () => void;
}

/**
 * Shares a library with registered users (at most 5 e-mails at a time) or with a group the owner
 * belongs to (spec 2 §3 collaborative libraries). Each recipient accepts or declines from the
 * message centre.
 */
export function ShareLibraryModal({ library, onClose }: ShareLibraryModalProps) {
  const { t } = useTranslation('library');
  const { message } = App.useApp();
  const [form] = Form.useForm<ShareForm>();
  const [by, setBy] = useState<'emails' | 'group'>('emails');
  const share = useShareLibrary();
  const groups = useMyGroups(library !== undefined && by === 'group');

  const handleOk = async () => {
    if (!library) return;
    const values = await validValues(form);
    if (!values) return;
    try {
      const answer = await share.mutateAsync(
        by === 'emails'
          ? { action: 'invite', folderId: library.id, emails: values.emails ?? [] }
          : { action: 'invite', folderId: library.id, groupId: values.groupId! },
      );
      void message.success(
        answer.skipped
          ? t('share.sentSkipped', { count: answer.invited ?? 0, skipped: answer.skipped })
          : t('share.sent', { count: answer.invited ?? 0 }),
      );
      form.resetFields();
      onClose();
    } catch {
      // Shown in the dialog from share.error.
    }
  };

  return (
    <Modal
      open={library !== undefined}
      title={t('share.title', { name: library?.name ?? '' })}
      okText={t('share.send')}
      cancelText={t('form.cancel')}
      onOk={() => void handleOk()}
      okButtonProps={{ loading: share.isPending, id: 'share-library-send' }}
      onCancel={() => {
        share.reset();
        onClose();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('share.intro')}</Typography.Paragraph>
      <Radio.Group
        value={by}
        onChange={(e) => {
          setBy(e.target.value as 'emails' | 'group');
          share.reset();
        }}
        optionType="button"
        style={{ marginBottom: 16 }}
        options={[
          { value: 'emails', label: t('share.byEmails') },
          { value: 'group', label: t('share.byGroup') },
        ]}
      />
      <Form form={form} layout="vertical" preserve={false}>
        {by === 'emails' ? (
          <Form.Item
            name="emails"
            label={t('share.emails')}
            extra={t('share.emailsHint', { max: MAX_SHARE_RECIPIENTS })}
            getValueFromEvent={(value: string[]) => splitEmails(value)}
            rules={[
              { required: true, type: 'array', min: 1, message: t('share.emailsRequired') },
              { type: 'array', max: MAX_SHARE_RECIPIENTS, message: t('share.tooMany', { max: MAX_SHARE_RECIPIENTS }) },
              {
                validator: async (_, value: string[] | undefined) => {
                  const bad = (value ?? []).find((email) => !EMAIL_PATTERN.test(email));
                  if (bad) throw new Error(t('share.badEmail', { email: bad }));
                  const duplicate = firstDuplicateEmail(value ?? []);
                  if (duplicate) throw new Error(t('share.duplicate', { email: duplicate }));
                },
              },
            ]}
          >
            <Select
              mode="tags"
              open={false}
              tokenSeparators={[',', ';', ' ', '，', '；']}
              aria-label={t('share.emails')}
              data-testid="share-library-emails"
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="groupId"
            label={t('share.group')}
            rules={[{ required: true, message: t('share.groupRequired') }]}
            extra={groups.data && groups.data.length === 0 ? t('share.noGroups') : t('share.groupHint')}
          >
            <Select
              loading={groups.isPending}
              aria-label={t('share.group')}
              options={(groups.data ?? []).map((g) => ({
                value: g.id,
                label: t('share.groupOption', {
                  name: g.name,
                  count: g.members.filter((m) => m.status === 'active').length,
                }),
              }))}
            />
          </Form.Item>
        )}
      </Form>
      {share.error && <Alert type="error" showIcon title={share.error.message} data-testid="share-library-error" />}
    </Modal>
  );
}
