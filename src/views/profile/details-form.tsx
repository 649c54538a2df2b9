import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import type { TimezoneOption } from '../../api/account.api.ts';
import { EMAIL_MAX, NAME_MAX } from '../register/account-rules.ts';
import { FormNoticeAlert } from './form-notice.tsx';
import type { DetailsFormState } from './use-details-form.ts';

export interface DetailsFormProps {
  state: DetailsFormState;
  timezones: readonly TimezoneOption[];
}

/** Name, e-mail and time zone; Enter in a text field saves. Save waits for a change. */
export function DetailsForm({ state, timezones }: DetailsFormProps) {
  const { form, notice, submit } = state;
  const changed = form.isDirty();
  return (
    <form onSubmit={submit} noValidate aria-label="Profile details">
      <Stack gap="sm">
        <FormNoticeAlert notice={notice} />
        <TextInput
          label="Full name"
          description="Shown in the top bar and on the records you change"
          autoComplete="name"
          required
          maxLength={NAME_MAX}
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX}
          {...form.getInputProps('email')}
        />
        <Select
          label="Time zone"
          description="Dates and times are shown in this zone"
          required
          searchable
          allowDeselect={false}
          nothingFoundMessage="No time zone matches"
          maxDropdownHeight={260}
          data={timezones.map((zone) => ({ ...zone }))}
          {...form.getInputProps('timezone')}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" disabled={!changed || form.submitting} onClick={form.reset}>
            Discard changes
          </Button>
          <Button type="submit" loading={form.submitting} disabled={!changed}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
