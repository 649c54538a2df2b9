import { describe, expect, it } from 'vitest';
import { canJoinChannel } from '../../../../src/domain/channel-access.ts';
import { PROJECTS_CHANNEL } from '../../shared/entities/project-values.ts';
import { MODULES } from '../../../../src/domain/modules.ts';

// private-projects (docs/domain/projects.md §9) carries project.updated and task.updated: the roles
// of the `projects` area join it (and its cache twin), nobody else, and not with the module off.

const user = (role: string, modules: readonly string[] = MODULES) => ({
  id: 1,
  roles: [role],
  modules,
});

describe('the projects channel', () => {
  it('lets admin, director and manager join, with its cache twin', () => {
    for (const role of ['admin', 'director', 'manager']) {
      expect(canJoinChannel(user(role), PROJECTS_CHANNEL), role).toBe(true);
      expect(canJoinChannel(user(role), 'private-cache-projects'), role).toBe(true);
    }
  });

  it('refuses every other role, and the module switched off', () => {
    for (const role of ['warehouse', 'sealer', 'planning', 'sale']) {
      expect(canJoinChannel(user(role), PROJECTS_CHANNEL), role).toBe(false);
    }
    const without = MODULES.filter((m) => m !== 'projects');
    expect(canJoinChannel(user('manager', without), PROJECTS_CHANNEL)).toBe(false);
  });
});
