import { Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import type { Request } from '../../../api/request.ts';
import type { EventQuestion } from '../../../domain/entity/event-question.ts';
import { EntityRequestContext } from '../entity-form/entity-request.context.ts';
import { FieldInput } from '../entity-form/field-input.tsx';
import { fieldRule, formValuesOf, payloadOf, type FormValues } from '../entity-form/form-values.ts';

// The modal that asks a workflow event's question (domain/entity/event-question.ts) before
// the event is sent; an empty optional field is left out, so the server's default holds.

/** Opens the question in a modal: its answers, or null when the person cancels. */
export function askEventQuestion(
  title: string,
  confirm: string,
  question: EventQuestion,
  request: Request,
): Promise<FormValues | null> {
  return new Promise((resolve) => {
    // The first settle wins: answering closes the modal, whose onClose then resolves nothing.
    const id = modals.open({
      title,
      onClose: () => resolve(null),
      children: (
        // The modal renders outside the page, so it is handed the page's transport.
        <EntityRequestContext value={request}>
          <QuestionForm
            question={question}
            confirm={confirm}
            onCancel={() => modals.close(id)}
            onAnswer={(answers) => {
              resolve(answers);
              modals.close(id);
            }}
          />
        </EntityRequestContext>
      ),
    });
  });
}

function QuestionForm({
  question,
  confirm,
  onCancel,
  onAnswer,
}: {
  question: EventQuestion;
  confirm: string;
  onCancel: () => void;
  onAnswer: (answers: FormValues) => void;
}) {
  const form = useForm<FormValues>({
    initialValues: formValuesOf(question.fields),
    validate: Object.fromEntries(question.fields.map((f) => [f.name, fieldRule(f)])),
  });
  const submit = form.onSubmit((values) => {
    const payload = payloadOf(question.fields, values);
    onAnswer(Object.fromEntries(Object.entries(payload).filter(([, v]) => v !== null)));
  });
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        {/* Above the fields: an open picker would cover it below them. */}
        {question.note && (
          <Text size="sm" c="dimmed">
            {question.note}
          </Text>
        )}
        {question.fields.map((field, i) => (
          <FieldInput
            key={field.name}
            field={field}
            form={form}
            path={field.name}
            autoFocus={i === 0}
          />
        ))}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">{confirm}</Button>
        </Group>
      </Stack>
    </form>
  );
}
