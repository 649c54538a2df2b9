import { Button } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useContext, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { newRecipeVersion } from '../../../api/recipes.api.ts';
import { RECIPE_EDITORS } from '../../../machines/workflows/recipe.machine.ts';
import { EntityRequestContext } from '../../common/entity-form/entity-request.context.ts';
import { showFailure } from '../../common/entity-form/form-failure.ts';
import { notify } from '../../common/notify.tsx';
import { useUser } from '../../session/use-session.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// An approved (or archived) recipe is never edited: its change starts as a draft copy, the
// code's next version, which this button makes and opens.

function NewVersionButton({ doc }: { doc: EntityRow }) {
  const request = useContext(EntityRequestContext);
  const navigate = useNavigate();
  const user = useUser();
  const [busy, setBusy] = useState(false);
  const editor = user.roles.some((r) => r === 'admin' || RECIPE_EDITORS.includes(r));
  if (!editor) return null;

  async function copy() {
    setBusy(true);
    try {
      const created = await newRecipeVersion(request, doc.id);
      notify.success(`Version ${created.recipe_version} created as a draft`);
      void navigate(`/production/recipe/${created.id}`);
    } catch (error) {
      showFailure(error, false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconCopy size={14} />}
      loading={busy}
      onClick={() => void copy()}
    >
      New version
    </Button>
  );
}

/** The recipe page's "New version" button, for a recipe past draft. */
export function newRecipeVersionLink(doc: EntityRow): ReactNode {
  if (doc.status === 'draft' || doc.status === 'pending_approval') return null;
  return <NewVersionButton doc={doc} />;
}
