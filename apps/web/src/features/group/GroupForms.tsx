import { Form, Input, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_GROUP_NAME_LENGTH, MAX_SHARE_RECIPIENTS } from '@patlas/contracts';
import { EMAIL_PATTERN, firstDuplicateEmail, splitEmails } from '../../components/ShareDialog/emails';

export interface GroupNameValues {
  name: string;
}

export interface InviteValues {
  emails: string[];
}

/** A group's name, for a new group or a rename (the dialog mounts it afresh on each opening). */
export function GroupNameForm({ form, initialName }: { form: FormInstance<GroupNameValues>; initialName: string }) {
  const { t } = useTranslation('group');
  return (
    <Form form={form} layout="vertical" initialValues={{ name: initialName }}>
      <Form.Item
        name="name"
        label={t('name')}
        rules={[
          { required: true, whitespace: true, message: t('nameRequired') },
          { max: MAX_GROUP_NAME_LENGTH, message: t('nameTooLong', { max: MAX_GROUP_NAME_LENGTH }) },
        ]}
      >
        <Input autoFocus maxLength={MAX_GROUP_NAME_LENGTH} />
      </Form.Item>
    </Form>
  );
}

/** The e-mails to invite (spec 2 §7): at most MAX_SHARE_RECIPIENTS, valid and distinct. */
export function InviteMembersForm({ form }: { form: FormInstance<InviteValues> }) {
  const { t } = useTranslation('group');
  return (
    <Form form={form} layout="vertical">
      <Form.Item
        name="emails"
        label={t('emails')}
        extra={t('emailsHint', { max: MAX_SHARE_RECIPIENTS })}
        rules={[
          { required: true, type: 'array', min: 1, message: t('emailsRequired') },
          { type: 'array', max: MAX_SHARE_RECIPIENTS, message: t('tooManyEmails', { max: MAX_SHARE_RECIPIENTS }) },
          {
            validator: async (_, value: string[] | undefined) => {
              const bad = (value ?? []).find((email) => !EMAIL_PATTERN.test(email));
              if (bad) throw new Error(t('badEmail', { email: bad }));
              const duplicate = firstDuplicateEmail(value ?? []);
              if (duplicate) throw new Error(t('duplicate', { email: duplicate }));
            },
          },
        ]}
        getValueFromEvent={(value: string[]) => splitEmails(value)}
      >
        <Select
          mode="tags"
          open={false}
          suffixIcon={null}
          tokenSeparators={[',', ';', ' ', '，', '；']}
          aria-label={t('emails')}
        />
      </Form.Item>
    </Form>
  );
}
