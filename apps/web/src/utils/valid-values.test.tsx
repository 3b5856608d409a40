// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import { installDomShims } from '../test/app-context';
import { validValues } from './valid-values';

interface Values {
  expression: string;
}

/** A one-field form whose rule answers a little later, as a real check of typed text does. */
function renderForm(): FormInstance<Values> {
  let instance: FormInstance<Values> | undefined;
  function Probe() {
    const [form] = Form.useForm<Values>();
    instance = form;
    return (
      <Form form={form} initialValues={{ expression: 'TIABC=(电池' }}>
        <Form.Item
          name="expression"
          rules={[
            {
              validator: (_, value: string) =>
                new Promise<void>((resolve, reject) =>
                  setTimeout(() => (value ? resolve() : reject(new Error('required'))), 5),
                ),
            },
          ]}
        >
          <Input aria-label="expression" />
        </Form.Item>
      </Form>
    );
  }
  installDomShims();
  render(<Probe />);
  return instance!;
}

afterEach(cleanup);

describe('validValues', () => {
  it('answers the values when a check overtaken by the field’s own on-change check is asked again', async () => {
    const form = renderForm();
    const answer = validValues(form);
    // Typed while the click's check runs: antd starts a newer check of the field.
    fireEvent.change(screen.getByLabelText('expression'), { target: { value: 'TIABC=(电池 AND 散热)' } });
    await act(async () => {
      expect(await answer).toEqual({ expression: 'TIABC=(电池 AND 散热)' });
    });
  });

  it('is needed: antd itself refuses the overtaken check with no field in error', async () => {
    const form = renderForm();
    const plain = form.validateFields();
    fireEvent.change(screen.getByLabelText('expression'), { target: { value: 'TIABC=(电池 AND 散热)' } });
    await act(async () => {
      await expect(plain).rejects.toMatchObject({ outOfDate: true, errorFields: [] });
    });
  });

  it('answers undefined when a rule refuses the field', async () => {
    const form = renderForm();
    fireEvent.change(screen.getByLabelText('expression'), { target: { value: '' } });
    await act(async () => {
      expect(await validValues(form)).toBeUndefined();
    });
  });
});
