import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { fieldErrors, isApiError } from '../../../api/api-error.ts';
import type { Request } from '../../../api/request.ts';
import { validationMessage } from '../../../domain/validation-codes.ts';
import type { EventQuestion } from '../../../domain/entity/event-question.ts';
import { EntityRequestContext } from '../entity-form/entity-request.context.ts';
import { FieldInputs } from '../entity-form/field-input.tsx';
import { fieldRule, formValuesOf, payloadOf, type FormValues } from '../entity-form/form-values.ts';

// The modal that asks a workflow event's question (domain/entity/event-question.ts) before
// the event is sent; an empty optional field is left out, so the server's default holds. Asked
// with the sending itself (askAndSend), the modal stays open until the server has taken the
// answers: a refusal about one of its fields (a signature that is not the person's name) is
// shown under that field, where it can be corrected; a rule's refusal about anything else (a
// component short) is shown above the fields, so what was typed is still there to send again
// once it is put right; anything else (no permission, someone moved the record on) closes it.

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

/**
 * Asks the question and sends the answers with `send` from the open modal: what `send`
 * resolved, null when the person cancels; rejects with a failure that is about none of the
 * question's fields (the modal is closed then).
 */
export function askAndSend<T>(
  title: string,
  confirm: string,
  question: EventQuestion,
  request: Request,
  send: (answers: FormValues) => Promise<T>,
): Promise<{ sent: T } | null> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const id = modals.open({
      title,
      onClose: () => {
        if (!settled) resolve(null);
      },
      children: (
        <EntityRequestContext value={request}>
          <QuestionForm
            question={question}
            confirm={confirm}
            onCancel={() => modals.close(id)}
            onAnswer={async (answers) => {
              try {
                const sent = await send(answers);
                settled = true;
                resolve({ sent });
                modals.close(id);
                return null;
              } catch (error) {
                const mine = questionErrors(question, error);
                if (mine) return mine;
                settled = true;
                reject(error instanceof Error ? error : new Error(String(error)));
                modals.close(id);
                return null;
              }
            }}
          />
        </EntityRequestContext>
      ),
    });
  });
}

/** The form's key of a refusal about none of its fields. */
const REFUSAL = 'refusal';

/**
 * The refusal's messages under the question's own fields, the rest of a rule's refusal under
 * REFUSAL, or null when it is no rule's refusal.
 */
function questionErrors(question: EventQuestion, error: unknown): Record<string, string> | null {
  const codes = fieldErrors(error);
  const mine = question.fields.filter((f) => Object.hasOwn(codes, f.name));
  const names = new Set(question.fields.map((f) => f.name));
  const others = Object.entries(codes).filter(([name]) => !names.has(name));
  const rule = isApiError(error) && error.status === 422;
  if (mine.length === 0 && (!rule || others.length === 0)) return null;
  return {
    ...Object.fromEntries(mine.map((f) => [f.name, validationMessage(codes[f.name] ?? '')])),
    ...(rule && others.length > 0
      ? { [REFUSAL]: others.map(([, code]) => validationMessage(code)).join(' ') }
      : {}),
  };
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
  /** Field errors to show when the answers were refused, else nothing. */
  onAnswer: (answers: FormValues) => void | Promise<Record<string, string> | null>;
}) {
  const [busy, setBusy] = useState(false);
  const form = useForm<FormValues>({
    initialValues: formValuesOf(question.fields),
    validate: Object.fromEntries(question.fields.map((f) => [f.name, fieldRule(f)])),
  });
  const submit = form.onSubmit(async (values) => {
    const payload = payloadOf(question.fields, values);
    setBusy(true);
    try {
      const refused = await onAnswer(
        Object.fromEntries(Object.entries(payload).filter(([, v]) => v !== null)),
      );
      if (refused) form.setErrors(refused);
    } finally {
      setBusy(false);
    }
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
        {typeof form.errors[REFUSAL] === 'string' && (
          <Alert color="red" variant="light" role="alert" data-testid="question-refusal">
            {form.errors[REFUSAL]}
          </Alert>
        )}
        <FieldInputs fields={question.fields} form={form} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {confirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
