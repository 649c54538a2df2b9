import { Button, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../../src/api/api-error.ts';
import { blurValidated, formRule } from '../../../../../src/views/common/form/form-rules.ts';
import { applyServerErrors } from '../../../../../src/views/common/form/server-errors.ts';
import { renderWithMantine } from '../render-with-mantine.tsx';

afterEach(cleanup);

// The rules inside a real @mantine/form form, the way screens use them.
function CustomerForm({
  submit,
}: {
  submit: (values: { name: string; email: string }) => Promise<void>;
}) {
  const form = useForm({
    initialValues: { name: '', email: '' },
    ...blurValidated({
      name: formRule('Name', 'required'),
      email: formRule('Email', 'required', 'valid_email'),
    }),
  });
  return (
    <form
      onSubmit={form.onSubmit((values) => {
        submit(values).catch((error: unknown) => applyServerErrors(form, error));
      })}
    >
      <TextInput label="Name" {...form.getInputProps('name')} />
      <TextInput label="Email" {...form.getInputProps('email')} />
      <Button type="submit">Save</Button>
    </form>
  );
}

describe('form rules in a form', () => {
  it('show required when a field is left empty, before any submit', async () => {
    const user = userEvent.setup();
    renderWithMantine(<CustomerForm submit={vi.fn()} />);
    expect(screen.queryByText('Name is required')).toBeNull();
    await user.click(screen.getByLabelText('Name'));
    await user.tab();
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.queryByText('Email is required')).toBeNull();
  });

  it('block the submit while a rule fails', async () => {
    const user = userEvent.setup();
    const submit = vi.fn(() => Promise.resolve());
    renderWithMantine(<CustomerForm submit={submit} />);
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The field must be a valid email')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });

  it("put the server's validation messages under their fields", async () => {
    const user = userEvent.setup();
    const submit = vi.fn(() =>
      Promise.reject(new ApiError('validation_error', 422, { email: 'unique', name: 'max' })),
    );
    renderWithMantine(<CustomerForm submit={submit} />);
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field must be unique')).toBeTruthy();
    expect(screen.getByText('Too long information for this field')).toBeTruthy();
  });
});
