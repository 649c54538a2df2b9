import { Group, List, Text, Textarea } from '@mantine/core';
import { eventNotice } from '../../../api/result-notice.ts';
import { modals } from '@mantine/modals';
import { useContext, useState, type ReactNode } from 'react';
import { entityApi } from '../../../api/entity.api.ts';
import type { EntityDeclaration } from '../../../domain/entity/entity-declaration.ts';
import type { EventQuestion } from '../../../domain/entity/event-question.ts';
import { statusLabel } from '../../../domain/status-tags.ts';
import {
  arrangeByConsequence,
  isDestructive,
} from '../../../machines/workflows/action-consequence.ts';
import type {
  ActionState,
  WorkflowDoc,
  WorkflowUser,
} from '../../../machines/workflows/document-workflow.ts';
import { useUser } from '../../session/use-session.ts';
import { notify } from '../notify.tsx';
import { EntityRequestContext } from '../entity-form/entity-request.context.ts';
import { FormAroundBarContext } from '../entity-form/form-around-bar.context.ts';
import { showFailure } from '../entity-form/form-failure.ts';
import { changesBetween } from '../entity-form/record-change.ts';
import { StaleVersionDialog } from '../entity-form/stale-version-dialog.tsx';
import { staleNoticeOf, type StaleNotice } from '../entity-form/stale-version.ts';
import { StatusTag } from '../status-tag.tsx';
import { askAndSend } from './event-question.tsx';
import { WorkflowButton } from './workflow-button.tsx';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// The workflow buttons of a document (post, ship, approve…). The browser runs the same
// transition table the server enforces, so a person sees only what the server would allow;
// a refused action shows why on hover, and an event the status has no transition for is not
// offered at all. Buttons are ordered and coloured by consequence (action-consequence.ts):
// the forward step first, side steps next, cancel/scrap/reject last in red. An irreversible
// event (post, ship, receive) is confirmed first, saying what it moves (and asking its reason
// there, when it needs one); other events that need a reason ask for one (which is their
// confirmation); a destructive event without either is confirmed; an event with a question
// (event-question.tsx) asks it before it is sent. The bar shows the document's status tag as
// every list shows it, and after an event the page reads the document again. An event refused
// because the document moved on meanwhile says what moved (the stale-version dialog), and
// Reload shows it as it is now (in a form, with what was typed kept on top).

export type AllowedActions = (doc: WorkflowDoc, user: WorkflowUser) => ActionState[];

/** The button label of a workflow event: `request_changes` → 'Request changes'. */
export const labelOf = statusLabel;

/** The reason input of a dialog, reporting what is typed (the dialog's content is static). */
function ReasonField(props: { label: string; onChange: (value: string) => void; mt?: string }) {
  return (
    <Textarea
      mt={props.mt}
      label={props.label}
      required
      // The modal's focus trap focuses `data-autofocus` (else its close button, taking
      // whatever the person types next).
      data-autofocus
      minRows={2}
      onChange={(e) => props.onChange(e.currentTarget.value)}
    />
  );
}

/**
 * Asks for the reason of an event in a dialog whose reason field has the focus; resolves with
 * the reason, or null when the person goes back or leaves it blank.
 */
export function askReason(
  title: string,
  options: { label?: string | undefined; confirm?: string; cancel?: string } = {},
): Promise<string | null> {
  return new Promise((resolve) => {
    let reason = '';
    modals.openConfirmModal({
      title,
      children: (
        <ReasonField label={options.label ?? 'Reason'} onChange={(value) => (reason = value)} />
      ),
      labels: { confirm: options.confirm ?? 'Yes', cancel: options.cancel ?? 'Cancel' },
      onConfirm: () => resolve(reason.trim() || null),
      onCancel: () => resolve(null),
    });
  });
}

/**
 * Asks before an irreversible event, listing what it moves, and for its reason when it needs
 * one, in the same dialog: a second dialog opened as the first closes would get the focus back
 * to the button behind it, and a person typing the reason would press that button instead.
 * Resolves with the reason ('' when none is asked), or null when the person does not go on.
 */
export function confirmMove(
  title: string,
  confirm: string,
  moves: readonly string[],
  reasonLabel: string | null,
  /** Ends the document's course: the confirming button is red, as the bar's was. */
  danger = false,
): Promise<string | null> {
  return new Promise((resolve) => {
    let settled = false;
    let reason = '';
    const settle = (answer: string | null) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    modals.openConfirmModal({
      title,
      children: (
        <>
          <Text size="sm" mb="xs">
            {moves.length > 0 ? 'This moves, and cannot be undone:' : 'This cannot be undone.'}
          </Text>
          {moves.length > 0 && (
            <List size="sm" spacing={4} aria-label="What it moves">
              {moves.map((move, i) => (
                <List.Item key={i}>{move}</List.Item>
              ))}
            </List>
          )}
          {reasonLabel !== null && (
            <ReasonField mt="sm" label={reasonLabel} onChange={(value) => (reason = value)} />
          )}
        </>
      ),
      labels: { confirm, cancel: 'Cancel' },
      ...(danger ? { confirmProps: { color: 'red' } } : {}),
      // A reason left blank goes nowhere, as askReason does.
      onConfirm: () => settle(reasonLabel === null ? '' : reason.trim() || null),
      onCancel: () => settle(null),
      onClose: () => settle(null),
    });
  });
}

export function DocumentActions({
  entity,
  doc,
  allowed,
  extra,
  questions,
  moves,
  told,
  onDone,
}: {
  /** Where its events go, what it is called and its button words (the approval inbox has
   * only these of a declaration, from the server); with its fields, a stale event lists what
   * changed. */
  entity: Pick<EntityDeclaration, 'api' | 'label' | 'eventLabels'> &
    Partial<Pick<EntityDeclaration, 'fields' | 'labelField'>>;
  /** The document as its page read it. */
  doc: EntityRow;
  allowed: AllowedActions;
  /** More of the bar, from the document as read (a link to its counting sheet). */
  extra?: (doc: EntityRow) => ReactNode;
  /** What an event asks before it is sent, by event. */
  questions?: Readonly<Record<string, EventQuestion>>;
  /** What an irreversible event moves, said when it is confirmed. */
  moves?: (doc: EntityRow, event: string) => string[];
  /** What an event did in the document's own words, from the record the server answered
   * (how much an allocation covered); null leaves the notice to say where it now stands. */
  told?: (after: EntityRow, event: string) => string | null;
  onDone: () => void;
}) {
  const request = useContext(EntityRequestContext);
  const user = useUser();
  const [busy, setBusy] = useState<string | null>(null);
  const [stale, setStale] = useState<StaleNotice | null>(null);
  // The form around the bar is saving: the version in hand is about to be replaced.
  const { saving: formSaving, reloadKeepingTyped } = useContext(FormAroundBarContext);

  const labelFor = (event: string) => entity.eventLabels?.[event] ?? labelOf(event);
  // A draft's bar sits over its form's own "Discard changes": two bare "Cancel"s there read
  // alike, so the event's button names what it cancels ("Cancel order").
  const buttonLabelFor = (event: string) =>
    event === 'cancel' && !entity.eventLabels?.cancel
      ? `Cancel ${entity.label.split(' ').at(-1)?.toLowerCase() ?? ''}`.trim()
      : labelFor(event);
  const status = String(doc.status);
  const actions = arrangeByConsequence(
    allowed(doc as unknown as WorkflowDoc, {
      id: Number(user.id),
      roles: user.roles,
    }).filter((a) => a.allowed || a.reason !== null),
  );

  async function send(action: ActionState) {
    let reason: string | null | undefined;
    const question = questions?.[action.event];
    // An event with a question and no reason is confirmed by answering it: one dialog, not
    // two (the question's note says what the event does).
    const answered = question !== undefined && !action.needsReason;
    // Asking for a reason already stops a destructive event short; without one, it is asked.
    if (!answered && (action.confirm || (isDestructive(action.event) && !action.needsReason))) {
      const number = typeof doc.number === 'string' ? ` ${doc.number}` : '';
      reason = await confirmMove(
        `${labelFor(action.event)} ${entity.label.toLowerCase()}${number}?`,
        labelFor(action.event),
        moves?.(doc, action.event) ?? [],
        action.needsReason ? (action.reasonLabel ?? 'Reason') : null,
        isDestructive(action.event),
      );
      if (reason === null) return;
    } else if (action.needsReason) {
      reason = await askReason(`${labelFor(action.event)} ${entity.label.toLowerCase()}`, {
        label: action.reasonLabel,
      });
    }
    if (action.needsReason && !reason) return;
    const post = (answers: Record<string, unknown>, quiet: boolean) =>
      request<EntityRow>({
        url: `${entity.api.replace(/^\/api\//, '')}/${doc.id}/events/${action.event}`,
        method: 'POST',
        data: { ...answers, version: doc.version, ...(reason ? { reason } : {}) },
        quiet,
      });
    setBusy(action.event);
    try {
      // A question's answers are sent from its dialog, which keeps a refusal of them under its
      // field (quiet: the shell does not show it again).
      const reply = question
        ? await askAndSend(
            `${labelFor(action.event)} ${entity.label.toLowerCase()}`,
            labelFor(action.event),
            question,
            request,
            (answers) => post(answers, true),
          ).then((answered) => answered?.sent ?? null)
        : await post({}, false);
      if (reply === null) return;
      // Told from the record as the server left it, not from the button pressed.
      const notice = eventNotice(entity.label, doc, action.event, {
        after: reply.data,
        nameField: entity.labelField,
      });
      const own = told?.(reply.data, action.event) ?? null;
      notify.result({
        ...notice,
        ...(own === null ? {} : { message: own }),
        title: labelFor(action.event),
      });
      onDone();
    } catch (error) {
      const notice = staleNoticeOf(error);
      if (notice) explainStale(notice);
      // The shell shows the codes docs/product.md §8 names; a refusal in words (maker-checker) is
      // ours.
      else showFailure(error, question !== undefined);
    } finally {
      setBusy(null);
    }
  }

  /** Someone moved the document on meanwhile: say what, once their version is read. */
  function explainStale(notice: StaleNotice) {
    setStale(notice);
    const fields = entity.fields;
    if (!fields) return;
    entityApi(entity, request)
      .get(doc.id)
      .then(
        (fresh) =>
          setStale((shown) =>
            shown === notice
              ? { ...notice, changes: changesBetween({ fields }, doc, fresh) }
              : shown,
          ),
        () => undefined,
      );
  }

  const button = (action: (typeof actions)[number]) => (
    <WorkflowButton
      key={action.event}
      consequence={action.consequence}
      off={!action.allowed || busy !== null || formSaving}
      reason={action.allowed ? null : action.reason}
      loading={busy === action.event}
      onPress={() => void send(action)}
    >
      {buttonLabelFor(action.event)}
    </WorkflowButton>
  );
  return (
    <Group gap="xs" role="group" aria-label="Document actions">
      <StatusTag status={status} size="lg" />
      {actions.filter((a) => a.consequence !== 'danger').map(button)}
      {/* The page's own steps (a reel's adjustment, a count's sheet) before the red ones. */}
      {extra?.(doc)}
      {actions.filter((a) => a.consequence === 'danger').map(button)}
      <StaleVersionDialog
        notice={stale}
        reloadNote={
          reloadKeepingTyped
            ? 'Nothing was done. Reload shows it as it is now, with what you typed kept, to decide again.'
            : 'Nothing was done. Reload shows it as it is now, to decide again.'
        }
        onReload={() => {
          setStale(null);
          if (reloadKeepingTyped) void reloadKeepingTyped();
          else onDone();
        }}
        onCancel={() => setStale(null)}
      />
    </Group>
  );
}
